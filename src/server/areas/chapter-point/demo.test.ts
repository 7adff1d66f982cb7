/** The demo metadata: seeded over the demo tenant, readable and valid through the real routing. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type Event } from '#schema';
import type { ApiClient } from '#client';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { createTestClient } from '#testing/client.ts';
import { seedDemoData } from '../../demo/seed.ts';
import { seedMetadataDemo, type MetadataDemoResult } from './demo.ts';

let t: TestApp;
let api: ApiClient;
let result: MetadataDemoResult;
let all: Event[];

beforeAll(async () => {
  t = await createTestApp();
  api = createTestClient(t);
  // The demo seed adds the metadata itself; a second call must add nothing (checked below), so
  // the figures are read from a fresh seed of the metadata alone on a tenant with demo events.
  await seedDemoData(t.database.db, t.clientId, t.clock, { metadata: false });
  result = await seedMetadataDemo(t.database.db, t.clientId, t.clock);
  all = (await api.call(endpoints.event.list, { query: { pageSize: 1000 } })).results;
});
afterAll(() => t.close());

describe('demo metadata', () => {
  it('adds chapter points as trees, with custom properties', async () => {
    expect(result.chapterPoints).toBeGreaterThan(20);
    const football = all.filter((e) => e.refId?.startsWith('FB-'));
    const withChapters: string[] = [];
    for (const event of football) {
      const tree = await api.call(endpoints.chapterPoint.listForEvent, { params: { eventId: event.id }, query: { buildTree: true } });
      if (tree.length > 0) withChapters.push(event.id);
      for (const half of tree.filter((p) => p.tag === 'half')) {
        for (const goal of half.children) expect(goal.chapterPointCustomProperties.map((p) => p.key).sort()).toEqual(['minute', 'scorer', 'team']);
      }
    }
    expect(withChapters.length).toBeGreaterThanOrEqual(3);
    const flat = await api.call(endpoints.chapterPoint.listForEvent, { params: { eventId: withChapters[0]! } });
    expect(flat.map((p) => p.startTime)).toEqual([...flat.map((p) => p.startTime)].sort());
  });

  it('gives every event on the template a complete, valid set of client properties', async () => {
    const onTemplate = all.filter((e) => e.customPropertyConfigurationId);
    expect(onTemplate.length).toBeGreaterThan(5);
    for (const event of onTemplate) {
      const properties = await api.call(endpoints.clientProperty.get, { params: { eventId: event.id } });
      const values = Object.fromEntries(properties!.filter((p) => p.value !== '').map((p) => [p.name, p.value]));
      expect(await api.call(endpoints.clientProperty.validate, { body: { templateId: event.customPropertyConfigurationId!, values } })).toEqual({});
      expect(values.rightsHolder).toBeTruthy();
    }
  });

  it('adds channel profiles their events point to', async () => {
    const profiles = await api.call(endpoints.channelProfile.list, {});
    expect(profiles.length).toBe(result.channelProfiles);
    expect(profiles.length).toBeGreaterThan(20);
    const byProfile = new Map(all.filter((e) => e.channelProfileId).map((e) => [e.channelProfileId, e]));
    for (const profile of profiles) {
      const event = byProfile.get(profile.id);
      expect(event, profile.id).toBeDefined();
      expect(await api.call(endpoints.channelProfile.getForEvent, { params: { id: event!.id } })).toEqual(profile);
    }
  });

  it('seeds only once', async () => {
    expect(await seedMetadataDemo(t.database.db, t.clientId, t.clock)).toEqual({ chapterPoints: 0, clientProperties: 0, channelProfiles: 0 });
  });
});
