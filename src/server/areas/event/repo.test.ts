import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventOrderColumn, EventSchema } from '#schema';
import { EventListQuery } from '#schema/endpoints/event.ts';
import { openDatabase, type Database } from '../../db/database.ts';
import { findEventBy, getEvent, instant, listEvents, parseEventFilter, type EventFilter } from './repo.ts';
import { serializeEvent } from './serialize.ts';
import { seedFixture, visible, type EventInsert, type Fixture } from '#testing/event.ts';

let database: Database;
let f: Fixture;
let other: Fixture;

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://', databaseUrl: process.env.DATABASE_URL });
  f = await seedFixture(database.db, 'events-a');
  other = await seedFixture(database.db, 'events-b');
});
afterAll(() => database.close());

/** Every page of a list, fetched `pageSize` at a time. */
async function allPages(filter: EventFilter, order: 'ASC' | 'DESC' = 'ASC', orderColumn?: EventOrderColumn, pageSize = 4, client = f) {
  const ids: string[] = [];
  let totalCount = -1;
  for (let pageNumber = 1; pageNumber < 100; pageNumber++) {
    const page = await listEvents(database.db, client.clientId, filter, { pageSize, pageNumber, order, ...(orderColumn ? { orderColumn } : {}) });
    if (totalCount === -1) totalCount = page.totalCount;
    expect(page.totalCount).toBe(totalCount);
    if (page.records.length === 0) break;
    expect(page.records.length).toBeLessThanOrEqual(pageSize);
    ids.push(...page.records.map((r) => r.event.id));
  }
  return { ids, totalCount };
}

/** The ids a filter should give, in no particular order. */
const expected = (predicate: (e: EventInsert) => boolean, client = f) =>
  visible(client)
    .filter(predicate)
    .map((e) => e.id!)
    .sort();

async function filtered(query: Partial<EventListQuery>) {
  const { filter, errors } = parseEventFilter(EventListQuery.parse(query));
  expect(errors).toEqual([]);
  const { ids, totalCount } = await allPages(filter, 'ASC', undefined, 50);
  expect(totalCount).toBe(ids.length);
  return ids.sort();
}

describe('paging', () => {
  it('walks every event once, with totalCount on every page, and deleted events left out', async () => {
    const { ids, totalCount } = await allPages({}, 'ASC', undefined, 7);
    expect(totalCount).toBe(24);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(expected(() => true));
  });

  it('answers an empty page past the end, still with the total', async () => {
    const page = await listEvents(database.db, f.clientId, {}, { pageSize: 20, pageNumber: 5, order: 'ASC' });
    expect(page).toEqual({ totalCount: 24, records: [] });
  });
});

type Key = string | number | null;
const text = (v: string | null | undefined): Key => (v == null ? null : v.toLowerCase());
const time = (v: Date | null | undefined): Key => (v == null ? null : v.getTime());

function keyOf(column: EventOrderColumn, e: EventInsert): Key {
  const nameOf = (list: { id: string; name: string }[], id: string | null | undefined) => text(list.find((x) => x.id === id)?.name);
  switch (column) {
    case 'Title':
      return text(e.title);
    case 'State':
      return e.state ?? 0;
    case 'DisplayLiveStart':
      return time(e.displayStart ?? e.scheduledStart);
    case 'DisplayLiveEnd':
      return time(e.displayEnd ?? e.scheduledEnd);
    case 'EventType':
      return nameOf(f.types, e.eventTypeId);
    case 'Room':
      return nameOf(f.rooms, e.roomId);
    case 'Channel':
      return nameOf(f.channels, e.channelId);
    case 'Xflow':
      return nameOf(f.xflows, e.xflowId);
    case 'RefId':
      return text(e.refId);
    case 'ExternalId':
      return text(e.externalId);
  }
}

/** Code-unit order for text (what `collate "C"` gives for these titles), events without a value last. */
function expectedOrder(column: EventOrderColumn, order: 'ASC' | 'DESC'): string[] {
  const sign = order === 'ASC' ? 1 : -1;
  const cmp = (a: Key, b: Key) => (a === b ? 0 : a! < b! ? -1 : 1);
  return [...visible(f)]
    .sort((a, b) => {
      const ka = keyOf(column, a);
      const kb = keyOf(column, b);
      if (ka === null && kb !== null) return 1;
      if (kb === null && ka !== null) return -1;
      return sign * cmp(ka, kb) || sign * cmp(a.id!, b.id!);
    })
    .map((e) => e.id!);
}

describe('sorting', () => {
  for (const column of EventOrderColumn.options) {
    for (const order of ['ASC', 'DESC'] as const) {
      it(`${column} ${order}, pages never overlapping`, async () => {
        const { ids } = await allPages({}, order, column, 5);
        expect(ids).toEqual(expectedOrder(column, order));
      });
    }
  }

  it('defaults to DisplayLiveStart', async () => {
    const { ids } = await allPages({}, 'DESC', undefined, 5);
    expect(ids).toEqual(expectedOrder('DisplayLiveStart', 'DESC'));
  });
});

describe('filters', () => {
  const at = (hours: number) => new Date(Date.parse('2026-01-10T08:00:00.000Z') + hours * 3_600_000);

  it('from and to bound the scheduled start', async () => {
    const from = at(5);
    const to = at(15);
    expect(await filtered({ from: from.toISOString() })).toEqual(expected((e) => !!e.scheduledStart && e.scheduledStart >= from));
    expect(await filtered({ to: to.toISOString() })).toEqual(expected((e) => !!e.scheduledStart && e.scheduledStart <= to));
    expect(await filtered({ from: from.toISOString(), to: to.toISOString() })).toEqual(
      expected((e) => !!e.scheduledStart && e.scheduledStart >= from && e.scheduledStart <= to),
    );
  });

  it('takes a date-time without an offset as UTC', () => {
    expect(instant('2026-01-10T08:00:00')?.toISOString()).toBe('2026-01-10T08:00:00.000Z');
    expect(instant('2026-01-10T08:00:00+02:00')?.toISOString()).toBe('2026-01-10T06:00:00.000Z');
    expect(instant('2026-01-10T08:00:00.5Z')?.toISOString()).toBe('2026-01-10T08:00:00.500Z');
    expect(instant(undefined)).toBeUndefined();
  });

  it('fromModified and toModified bound the modification date', async () => {
    const from = at(10);
    const to = at(20);
    const result = await filtered({ fromModified: from.toISOString(), toModified: to.toISOString() });
    expect(result).toEqual(expected((e) => e.dateModified! >= from && e.dateModified! <= to));
    expect(result.length).toBeGreaterThan(0);
  });

  it('eventState, mp4State and provisionState take names or numbers, comma-separated', async () => {
    expect(await filtered({ eventState: 'LIVE_PUBLISHED, 11' })).toEqual(expected((e) => e.state === 2 || e.state === 11));
    expect(await filtered({ eventState: 'live_starting' })).toEqual(expected((e) => e.state === 24));
    expect(await filtered({ mp4State: 'AVAILABLE,4' })).toEqual(expected((e) => e.mp4State === 1 || e.mp4State === 4));
    expect(await filtered({ provisionState: 'PROVISIONED' })).toEqual(expected((e) => e.provisionState === 3));
  });

  it('names an unknown state value by its query field', () => {
    const { errors } = parseEventFilter(EventListQuery.parse({ eventState: 'LIVE,2', mp4State: '3', provisionState: 'x' }));
    expect(errors.map((e) => e.field)).toEqual(['query.eventState', 'query.provisionState', 'query.mp4State']);
    expect(errors[0]!.message).toMatch(/^unknown EventState "LIVE": expected one of PRE_LIVE, /);
  });

  it('room, eventType and channel match a name, case-insensitively', async () => {
    const [room] = f.rooms;
    expect(await filtered({ room: room!.name.toUpperCase() })).toEqual(expected((e) => e.roomId === room!.id));
    const type = f.types[1]!;
    expect(await filtered({ eventType: 'MATCH' })).toEqual(expected((e) => e.eventTypeId === type.id));
    expect(await filtered({ channel: 'beta' })).toEqual(expected((e) => e.channelId === f.channels[1]!.id));
    expect(await filtered({ channel: 'no such channel' })).toEqual([]);
  });

  it('tags match any of the listed names', async () => {
    const [red, blue] = f.tags;
    const has = (e: EventInsert, id: string) => f.eventTags.get(e.id!)!.includes(id);
    expect(await filtered({ tags: 'red' })).toEqual(expected((e) => has(e, red!.id)));
    expect(await filtered({ tags: 'RED,blue' })).toEqual(expected((e) => has(e, red!.id) || has(e, blue!.id)));
  });

  it('category repeats, matching any by name or label', async () => {
    const [sports, music] = f.categories;
    const has = (e: EventInsert, id: string) => f.eventCategories.get(e.id!)!.includes(id);
    expect(await filtered({ category: ['sports'] })).toEqual(expected((e) => has(e, sports!.id)));
    expect(await filtered({ category: ['Sports', 'music'] })).toEqual(expected((e) => has(e, sports!.id) || has(e, music!.id)));
    // Not comma-separated: a label may contain a comma.
    expect(await filtered({ category: ['sports,music'] })).toEqual([]);
  });

  it('search looks in title, description, refId and externalId, with % and _ taken literally', async () => {
    expect(await filtered({ search: 'NEEDLE' })).toEqual(expected((e) => !!e.description?.includes('needle')));
    expect(await filtered({ search: 'ref-0' })).toEqual(expected((e) => !!e.refId?.startsWith('REF-0')));
    expect(await filtered({ search: 'EXT-A' })).toEqual(expected((e) => !!e.externalId?.startsWith('ext-a')));
    expect(await filtered({ search: 'zulu' })).toEqual(expected((e) => e.title.toLowerCase().includes('zulu')));
    expect(await filtered({ search: '0%' })).toEqual(expected((e) => e.title.includes('0%')));
    expect(await filtered({ search: 'a_1' })).toEqual(expected((e) => e.title.includes('a_1')));
  });

  it('noScheduledEnd, containsXflow and clipsOnly narrow when true', async () => {
    expect(await filtered({ noScheduledEnd: true })).toEqual(expected((e) => !e.scheduledEnd));
    expect(await filtered({ noScheduledEnd: false })).toEqual(expected(() => true));
    expect(await filtered({ containsXflow: true })).toEqual(expected((e) => !!e.xflowId));
    expect(await filtered({ clipsOnly: true })).toEqual(expected((e) => e.isClip === true));
  });

  it('skipEvents leaves out the listed ids, and refuses what is not a GUID', async () => {
    const skip = visible(f).slice(0, 3).map((e) => e.id!);
    expect(await filtered({ skipEvents: skip.join(' , ') })).toEqual(expected((e) => !skip.includes(e.id!)));
    const { errors } = parseEventFilter(EventListQuery.parse({ skipEvents: `${skip[0]},nope` }));
    expect(errors).toEqual([{ field: 'query.skipEvents', message: '"nope" is not a GUID' }]);
  });

  it('combines filters with AND', async () => {
    expect(await filtered({ eventState: '0,1,2', containsXflow: true, room: 'room 2' })).toEqual(
      expected((e) => [0, 1, 2].includes(e.state ?? 0) && !!e.xflowId && e.roomId === f.rooms[1]!.id),
    );
  });

  it('deleted: only the deleted events', async () => {
    const { ids } = await allPages({ deleted: true });
    expect(ids.sort()).toEqual(f.events.filter((e) => e.dateDeleted).map((e) => e.id!).sort());
  });
});

describe('single events', () => {
  it('gets an event with its joins; deleted ones only when asked', async () => {
    const first = f.events[0]!;
    const record = await getEvent(database.db, f.clientId, first.id!);
    expect(record?.event.title).toBe(first.title);
    expect(record?.channel).toBe('Alpha');
    expect(record?.eventType).toBe('Concert');
    expect(record?.eventTypeColour).toBe('#ff0000');
    expect(record?.customProperties.map((p) => p.key)).toEqual(['ageRating', 'holder']);
    const deleted = f.events[10]!;
    expect(await getEvent(database.db, f.clientId, deleted.id!)).toBeUndefined();
    expect(await getEvent(database.db, f.clientId, deleted.id!, { includeDeleted: true })).toBeDefined();
    expect(await getEvent(database.db, f.clientId, 'not-a-guid')).toBeUndefined();
  });

  it('finds by reference and external id', async () => {
    const e = f.events[1]!;
    expect((await findEventBy(database.db, f.clientId, 'refId', e.refId!))?.event.id).toBe(e.id);
    expect((await findEventBy(database.db, f.clientId, 'externalId', e.externalId!))?.event.id).toBe(e.id);
    expect(await findEventBy(database.db, f.clientId, 'refId', 'nothing')).toBeUndefined();
  });

  it('serializes every event as the schema says', async () => {
    const { records } = await listEvents(database.db, f.clientId, {}, { pageSize: 100, pageNumber: 1, order: 'ASC' });
    for (const record of records) {
      const event = serializeEvent(record);
      expect(() => EventSchema.parse(event)).not.toThrow();
      expect('video' in event).toBe(false);
    }
  });
});

describe('tenancy', () => {
  it('never shows another client its events, by list, filter or id', async () => {
    const { ids } = await allPages({}, 'ASC', undefined, 50, other);
    const mine = new Set(f.events.map((e) => e.id));
    expect(ids.some((id) => mine.has(id))).toBe(false);
    expect(ids.sort()).toEqual(expected(() => true, other));
    expect(await getEvent(database.db, other.clientId, f.events[0]!.id!)).toBeUndefined();
    expect(await findEventBy(database.db, other.clientId, 'refId', f.events[1]!.refId!)).toMatchObject({
      event: { clientId: other.clientId },
    });
  });

  it('joins only the client’s own lookups', async () => {
    const { records } = await listEvents(database.db, other.clientId, {}, { pageSize: 100, pageNumber: 1, order: 'ASC' });
    const otherChannels = new Set(other.channels.map((c) => c.id));
    for (const r of records) {
      if (r.event.channelId) expect(otherChannels.has(r.event.channelId)).toBe(true);
      for (const c of r.categories) expect(other.categories.map((x) => x.id)).toContain(c.id);
    }
  });
});
