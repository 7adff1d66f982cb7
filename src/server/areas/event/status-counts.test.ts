/** GET /event/statuscounts/: each count is what GET /event/ counts with that status's filter, in one request. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, EVENT_STATUS_GROUPS, EventState, ProvisionState, type EventStatusGroup } from '#schema';
import type { ApiClient } from '#client';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { createTestClient, failure } from '#testing/client.ts';
import { insertEvent } from '#testing/event-row.ts';

let t: TestApp;
let api: ApiClient;
const day = { from: '2026-03-14T00:00:00.000Z', to: '2026-03-14T23:59:59.999Z' };

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-14T15:20:00Z' });
  const at = (iso: string) => new Date(iso);
  const s = EventState.values;
  for (const [state, start] of [
    [s.LIVE_PUBLISHED, '2026-03-14T15:00:00Z'],
    [s.LIVE_UNPUBLISHED, '2026-03-10T15:00:00Z'],
    [s.LIVE_STARTING, '2026-03-14T15:00:00Z'],
    [s.PRE_LIVE, '2026-03-14T18:00:00Z'],
    [s.PRE_VOD, '2026-03-14T00:00:00Z'],
    [s.PRE_LIVE, '2026-03-15T09:00:00Z'],
    [s.COMPOSE_WAITING, '2026-03-13T23:59:59Z'],
    [s.VOD_ERROR, '2026-03-01T10:00:00Z'],
    [s.COMPOSE_ERROR, '2026-03-01T10:00:00Z'],
    [s.SUSPENDED, '2026-03-14T14:00:00Z'],
    [s.VOD_PUBLIC, '2026-03-14T12:00:00Z'],
  ] as const) {
    await insertEvent(t, { state, scheduledStart: at(start) });
  }
  await insertEvent(t, { state: s.INSTANT_VOD, provisionState: ProvisionState.values.TERMINATING_FAILED });
  await insertEvent(t, { state: s.LIVE_PUBLISHED, provisionState: ProvisionState.values.PROVISIONING_FAILED });
  // Deleted events count nowhere, and another client's never.
  await insertEvent(t, { state: s.LIVE_PUBLISHED, dateDeleted: t.clock.now() });
  const stranger = await t.createTenant();
  await insertEvent(t, { clientId: stranger.clientId, state: s.SUSPENDED });
  api = createTestClient(t);
});
afterAll(() => t.close());

/** The GET /event/ query a status stands for (as the dashboard's tiles ask it). */
function listQuery(name: EventStatusGroup, range: { from?: string; to?: string }) {
  const group: { states?: readonly string[]; provisionStates?: readonly string[]; inRange?: true } = EVENT_STATUS_GROUPS[name];
  return {
    pageSize: 1,
    ...(group.states ? { eventState: group.states.join(',') } : {}),
    ...(group.provisionStates ? { provisionState: group.provisionStates.join(',') } : {}),
    ...(group.inRange ? range : {}),
  };
}

describe('GET /event/statuscounts/', () => {
  it('counts each status as GET /event/ does with its filter, the day for upcoming', async () => {
    const counts = await api.call(endpoints.event.statusCounts, { query: day });
    expect(counts).toEqual({ live: 3, transition: 1, upcoming: 2, failed: 2, provisioning: 2, suspended: 1 });
    for (const name of Object.keys(EVENT_STATUS_GROUPS) as EventStatusGroup[]) {
      const page = await api.call(endpoints.event.list, { query: listQuery(name, day) });
      expect(counts[name], name).toBe(page.totalCount);
    }
  });

  it('counts upcoming events at any date without a day', async () => {
    const counts = await api.call(endpoints.event.statusCounts, {});
    expect(counts.upcoming).toBe(4);
    expect(counts.upcoming).toBe((await api.call(endpoints.event.list, { query: listQuery('upcoming', {}) })).totalCount);
  });

  it('answers 400 naming the field for a day that is not a date-time', async () => {
    const error = await failure(api.call(endpoints.event.statusCounts, { query: { from: 'today' } }));
    expect(error.status).toBe(400);
    expect(error.fieldErrors).toEqual([{ field: 'query.from', message: expect.any(String) }]);
  });
});
