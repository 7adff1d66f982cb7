import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import {
  ChannelConfigurationSchema,
  DrmConfigurationSchema,
  EventSchema,
  EventState,
  Mp4State,
  parseJsonText,
  PropertyConfigurationContentSchema,
  XflowConfigurationSchema,
  type Event,
} from '#schema';
import { openDatabase, type Database } from '../db/database.ts';
import { ensureClient } from '../db/keys.ts';
import { channels, eventTypes, events, propertyConfigurations, xflows } from '../db/tables/index.ts';
import { ManualClock } from '../jobs/clock.ts';
import { listEvents } from '../areas/event/repo.ts';
import { serializeEvent } from '../areas/event/serialize.ts';
import { buildDemoRows, seedDemoData } from './seed.ts';
import { SERVICE_ORIGIN } from '../http/service-url.ts';

type EventInsert = typeof events.$inferInsert;

const NOW = new Date('2026-03-14T15:20:00.000Z');
let database: Database;
let clientId: string;
let seeded: Event[];
let deleted: Event[];

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://', databaseUrl: process.env.DATABASE_URL });
  clientId = await ensureClient(database.db, `demo-${crypto.randomUUID().slice(0, 8)}`);
  await seedDemoData(database.db, clientId, new ManualClock(NOW));
  const page = await listEvents(database.db, clientId, {}, { pageSize: 1000, pageNumber: 1, order: 'ASC' });
  seeded = page.records.map((r) => serializeEvent(r));
  const gone = await listEvents(database.db, clientId, { deleted: true }, { pageSize: 1000, pageNumber: 1, order: 'ASC' });
  deleted = gone.records.map((r) => serializeEvent(r));
});
afterAll(() => database.close());

const byState = (name: string) => seeded.filter((e) => e.stateString === name);
const ms = (iso: string | null) => (iso ? Date.parse(iso) : NaN);

describe('demo data', () => {
  it('has about 200 events, three more deleted, all valid Events', () => {
    expect(seeded.length).toBeGreaterThanOrEqual(180);
    expect(seeded.length).toBeLessThanOrEqual(240);
    expect(deleted).toHaveLength(3);
    for (const event of [...seeded, ...deleted]) expect(EventSchema.parse(event)).toEqual(event);
  });

  it('spreads them over the two weeks before and after now', () => {
    const starts = seeded.map((e) => ms(e.scheduledStart));
    expect(Math.min(...starts)).toBeGreaterThanOrEqual(NOW.getTime() - 15 * 86_400_000);
    expect(Math.max(...starts)).toBeLessThanOrEqual(NOW.getTime() + 15 * 86_400_000);
    expect(starts.filter((s) => s < NOW.getTime()).length).toBeGreaterThan(60);
    expect(starts.filter((s) => s > NOW.getTime()).length).toBeGreaterThan(60);
  });

  it('has events live right now, one starting, one suspended', () => {
    const live = [...byState('LIVE_PUBLISHED'), ...byState('LIVE_UNPUBLISHED'), ...byState('SUSPENDED')];
    expect(byState('LIVE_PUBLISHED').length).toBeGreaterThanOrEqual(2);
    expect(byState('LIVE_UNPUBLISHED').length).toBeGreaterThanOrEqual(1);
    expect(byState('SUSPENDED')).toHaveLength(1);
    for (const e of live) {
      expect(ms(e.actualLiveStart)).toBeLessThanOrEqual(NOW.getTime());
      expect(e.actualLiveEnd).toBeNull();
      expect(ms(e.scheduledEnd)).toBeGreaterThan(NOW.getTime());
    }
    // One event starts by itself a couple of minutes after the demo starts.
    const soon = byState('PRE_LIVE').filter((e) => e.autoStart && ms(e.scheduledStart) > NOW.getTime() && ms(e.scheduledStart) - NOW.getTime() < 10 * 60_000);
    expect(soon.length).toBeGreaterThanOrEqual(1);
  });

  it('has upcoming events waiting with auto start, finished ones with actual times', () => {
    const upcoming = byState('PRE_LIVE');
    expect(upcoming.length).toBeGreaterThan(60);
    expect(upcoming.every((e) => ms(e.scheduledStart) > NOW.getTime())).toBe(true);
    expect(upcoming.filter((e) => e.autoStart).length / upcoming.length).toBeGreaterThan(0.6);

    const finished = [...byState('INSTANT_VOD'), ...byState('INSTANT_VOD_BACKUP'), ...byState('VOD_PUBLIC'), ...byState('VOD_PRIVATE')].filter(
      (e) => e.refId && !e.refId.startsWith('CLIP-'),
    );
    expect(finished.length).toBeGreaterThan(50);
    for (const e of finished) {
      expect(ms(e.actualLiveStart)).toBeLessThan(ms(e.actualLiveEnd));
      expect(ms(e.actualLiveEnd)).toBeLessThanOrEqual(NOW.getTime());
    }
  });

  it('covers the other states and MP4 states a schedule has', () => {
    for (const name of ['INSTANT_VOD', 'VOD_PUBLIC', 'VOD_PRIVATE', 'VOD_ERROR', 'VOD_INGESTING', 'PRE_VOD', 'COMPOSE_GENERATING', 'COMPOSE_PUBLIC', 'COMPOSE_WAITING', 'COMPOSE_ERROR']) {
      expect(byState(name).length, name).toBeGreaterThan(0);
    }
    const mp4 = new Set(seeded.map((e) => e.mp4StateString));
    expect([...mp4].sort()).toEqual([...Mp4State.names].sort());
    expect(seeded.every((e) => EventState.nameOf(e.state) === e.stateString)).toBe(true);
  });

  it('fills what the list shows: channel, type and colour, room, categories, ids; some long titles and custom properties', () => {
    const withChannel = seeded.filter((e) => e.channelId);
    expect(withChannel.every((e) => e.channel && e.eventType && /^#[0-9a-f]{6}$/.test(String(e.eventTypeColour)))).toBe(true);
    expect(seeded.filter((e) => e.room).length).toBeGreaterThan(150);
    expect(seeded.every((e) => e.categories.length === 0 || e.category === e.categories[0]!.label)).toBe(true);
    expect(seeded.every((e) => (e.refId ?? '').length <= 100 && (e.externalId ?? '').length <= 100)).toBe(true);
    expect(seeded.filter((e) => e.title.length > 120).length).toBeGreaterThanOrEqual(2);
    expect(seeded.filter((e) => e.customProperties.length > 0).length).toBeGreaterThan(10);
    expect(seeded.filter((e) => e.scheduledEnd === null).length).toBeGreaterThanOrEqual(1);
    expect(seeded.some((e) => /^1\.\d{2}:\d{2}:\d{2}$/.test(e.duration ?? ''))).toBe(true);
  });

  it('never runs two events on one channel at once, whatever the hour it is seeded at', () => {
    // The schedule would show them as conflicts; live events are placed around now, others at set times.
    for (let hour = 0; hour < 24; hour++) {
      const byChannel = new Map<string, EventInsert[]>();
      for (const e of buildDemoRows(clientId, new Date(NOW.getTime() + hour * 3_600_000)).events) {
        if (e.channelId && !e.dateDeleted) byChannel.set(e.channelId, [...(byChannel.get(e.channelId) ?? []), e]);
      }
      for (const list of byChannel.values()) {
        const sorted = [...list].sort((a, b) => a.scheduledStart!.getTime() - b.scheduledStart!.getTime());
        sorted.slice(1).forEach((e, i) => {
          const previous = sorted[i]!;
          const end = (previous.scheduledEnd ?? new Date(previous.scheduledStart!.getTime() + 6 * 3_600_000)).getTime();
          expect(e.scheduledStart!.getTime(), `seeded at +${hour} h: ${previous.title} / ${e.title}`).toBeGreaterThanOrEqual(end);
        });
      }
    }
  });

  it('writes configurations that match their schemas, with streaming URLs on this service', async () => {
    const channelRows = await database.db.select().from(channels).where(eq(channels.clientId, clientId));
    expect(channelRows.length).toBeGreaterThanOrEqual(4);
    for (const row of channelRows) {
      const parsed = parseJsonText(ChannelConfigurationSchema, row.configurationJson);
      expect(parsed.success, row.name).toBe(true);
      if (!parsed.success) continue;
      for (const encoder of parsed.data.encoders) {
        expect(encoder.streamingServer.primaryPublishingPoint.startsWith(`${SERVICE_ORIGIN}/api/stream/`)).toBe(true);
        expect(encoder.streamingServer.dvrWindowLength).toBeGreaterThan(0);
        expect(encoder.outputUrls.map((u) => u.streamProtocol)).toContain('HLS');
      }
    }
    const flows = await database.db.select().from(xflows).where(eq(xflows.clientId, clientId));
    expect(flows.length).toBeGreaterThanOrEqual(2);
    for (const row of flows) {
      const parsed = parseJsonText(XflowConfigurationSchema, row.configurationJson);
      expect(parsed.success && parsed.data.storageUrlPublic, row.name).toBeTruthy();
    }
    const [template] = await database.db.select().from(propertyConfigurations).where(eq(propertyConfigurations.clientId, clientId));
    expect(parseJsonText(PropertyConfigurationContentSchema, template!.configurationJson).success).toBe(true);
    for (const e of seeded) if (e.drmJson) expect(parseJsonText(DrmConfigurationSchema, e.drmJson).success).toBe(true);
  });

  it('has 6 to 8 event types, each its own colour', async () => {
    const types = await database.db.select().from(eventTypes).where(eq(eventTypes.clientId, clientId));
    expect(types.length).toBeGreaterThanOrEqual(6);
    expect(types.length).toBeLessThanOrEqual(8);
    expect(new Set(types.map((t) => t.colour)).size).toBe(types.length);
  });

  it('seeds only an empty tenant', async () => {
    const before = await database.db.select({ n: count() }).from(events).where(eq(events.clientId, clientId));
    expect(await seedDemoData(database.db, clientId, new ManualClock(NOW))).toEqual({ events: 0 });
    const after = await database.db.select({ n: count() }).from(events).where(eq(events.clientId, clientId));
    expect(after).toEqual(before);
  });

  it('is deterministic for a client and a time, and gives other clients other ids', () => {
    const a = buildDemoRows(clientId, NOW);
    expect(buildDemoRows(clientId, NOW)).toEqual(a);
    const b = buildDemoRows('6a1c7a32-0000-4000-8000-000000000001', NOW);
    expect(b.events.map((e) => e.title)).toEqual(a.events.map((e) => e.title));
    const ids = new Set(a.events.map((e) => e.id));
    expect(b.events.some((e) => ids.has(e.id))).toBe(false);
  });

  it('names no host or port of the service: its URLs use the placeholder origin', () => {
    const rows = buildDemoRows(clientId, NOW);
    const stored = JSON.stringify([...rows.channels, ...rows.xflows]);
    expect(stored).toContain(`${SERVICE_ORIGIN}/api/stream/`);
    expect(stored).not.toMatch(/localhost|127\.0\.0\.1|:8080/);
  });
});
