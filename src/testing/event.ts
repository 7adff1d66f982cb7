/**
 * A small, fully known tenant for the event tests: every field a filter or a sort looks at varies,
 * with ties, nulls, mixed case, deleted events and a clip. Inserted straight through Drizzle.
 */
import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '#server/db/database.ts';
import { ensureClient } from '#server/db/keys.ts';
import {
  categories,
  channels,
  customProperties,
  eventCategories,
  events,
  eventTags,
  eventTypes,
  rooms,
  tags,
  xflows,
} from '#server/db/tables/index.ts';

export type EventInsert = typeof events.$inferInsert;

export interface Fixture {
  clientId: string;
  /** Every event inserted, deleted ones included. */
  events: EventInsert[];
  channels: { id: string; name: string }[];
  rooms: { id: string; name: string }[];
  types: { id: string; name: string; colour: string }[];
  xflows: { id: string; name: string }[];
  categories: { id: string; name: string; label: string }[];
  tags: { id: string; name: string }[];
  /** event id -> category ids in order */
  eventCategories: Map<string, string[]>;
  /** event id -> tag ids */
  eventTags: Map<string, string[]>;
}

export const BASE = new Date('2026-01-10T08:00:00.000Z');
const HOUR = 3_600_000;

const TITLES = ['Same', 'alpha final', 'Beta Match', 'same', 'Zulu night', 'Échappée', 'Same', 'delta_100%', 'Gamma', 'Same'];

/** Seeds one tenant named `name` (made unique) with 26 events, 2 of them deleted. */
export async function seedFixture(db: DbOrTx, name: string): Promise<Fixture> {
  const clientId = await ensureClient(db, `${name}-${randomUUID().slice(0, 8)}`);
  const stamps = { dateCreated: BASE, dateModified: BASE };
  const f: Fixture = {
    clientId,
    events: [],
    channels: ['Alpha', 'beta', 'Gamma'].map((n) => ({ id: randomUUID(), name: n })),
    rooms: ['Room 1', 'room 2'].map((n) => ({ id: randomUUID(), name: n })),
    types: [
      { id: randomUUID(), name: 'Concert', colour: '#ff0000' },
      { id: randomUUID(), name: 'match', colour: '#00ff00' },
    ],
    xflows: ['Flow A', 'Flow B'].map((n) => ({ id: randomUUID(), name: n })),
    categories: [
      { id: randomUUID(), name: 'sports', label: 'Sports' },
      { id: randomUUID(), name: 'music', label: 'Music' },
      { id: randomUUID(), name: 'news', label: 'News' },
    ],
    tags: ['red', 'Blue', 'green'].map((n) => ({ id: randomUUID(), name: n })),
    eventCategories: new Map(),
    eventTags: new Map(),
  };
  await db.insert(channels).values(f.channels.map((c) => ({ ...c, clientId, referenceId: `ref-${c.name}`, configurationJson: '{}', ...stamps })));
  await db.insert(rooms).values(f.rooms.map((r) => ({ ...r, clientId, referenceId: `ref-${r.name}`, ...stamps })));
  await db.insert(eventTypes).values(f.types.map((t) => ({ ...t, clientId, referenceId: `ref-${t.name}`, ...stamps })));
  await db.insert(xflows).values(f.xflows.map((x) => ({ ...x, clientId, configurationJson: '{}', ...stamps })));
  await db.insert(categories).values(f.categories.map((c) => ({ ...c, clientId, description: null, ...stamps })));
  await db.insert(tags).values(f.tags.map((t) => ({ ...t, clientId, dateCreated: BASE })));

  const pick = <T>(list: T[], i: number, every: number): T | undefined => (i % every === every - 1 ? undefined : list[i % list.length]);
  for (let i = 0; i < 26; i++) {
    const start = i % 9 === 8 ? null : new Date(BASE.getTime() + ((i * 7) % 23) * HOUR);
    const id = randomUUID();
    f.events.push({
      id,
      clientId,
      title: `${TITLES[i % TITLES.length]}${i >= TITLES.length && TITLES[i % TITLES.length] !== 'Same' ? ` ${i}` : ''}`,
      description: i % 4 === 0 ? `Description with the word needle ${i}` : null,
      refId: i % 5 === 4 ? null : `REF-${String((i * 11) % 26).padStart(2, '0')}`,
      externalId: i % 3 === 2 ? null : `ext-${String.fromCharCode(97 + ((i * 5) % 26))}${i}`,
      state: [0, 1, 2, 5, 11, 24][i % 6]!,
      mp4State: [0, 1, 2, 4][i % 4]!,
      provisionState: i % 7 === 0 ? 3 : i % 7 === 1 ? 0 : null,
      scheduledStart: start,
      scheduledEnd: start && i % 6 !== 5 ? new Date(start.getTime() + (1 + (i % 3)) * HOUR) : null,
      displayStart: start && i % 4 === 1 ? new Date(start.getTime() + 10 * HOUR) : null,
      displayEnd: start && i % 5 === 2 ? new Date(start.getTime() + 30 * HOUR) : null,
      channelId: pick(f.channels, i, 5)?.id ?? null,
      roomId: pick(f.rooms, i, 4)?.id ?? null,
      eventTypeId: pick(f.types, i, 6)?.id ?? null,
      xflowId: pick(f.xflows, i, 3)?.id ?? null,
      isClip: i === 3,
      dateCreated: BASE,
      dateModified: new Date(BASE.getTime() + ((i * 13) % 26) * HOUR),
      dateDeleted: i === 10 || i === 20 ? new Date(BASE.getTime() + 40 * HOUR) : null,
    });
  }
  await db.insert(events).values(f.events);

  const links: (typeof eventCategories.$inferInsert)[] = [];
  const tagLinks: (typeof eventTags.$inferInsert)[] = [];
  f.events.forEach((e, i) => {
    const cats = i % 3 === 0 ? [f.categories[i % 2]!.id, f.categories[2]!.id] : i % 3 === 1 ? [f.categories[1]!.id] : [];
    f.eventCategories.set(e.id!, cats);
    cats.forEach((categoryId, position) => links.push({ clientId, eventId: e.id!, categoryId, position }));
    const ts = f.tags.filter((_, k) => (i >> k) & 1).map((t) => t.id);
    f.eventTags.set(e.id!, ts);
    for (const tagId of ts) tagLinks.push({ clientId, eventId: e.id!, tagId });
  });
  await db.insert(eventCategories).values(links);
  await db.insert(eventTags).values(tagLinks);
  await db.insert(customProperties).values([
    { clientId, eventId: f.events[0]!.id!, category: 'rights', key: 'holder', value: 'Someone' },
    { clientId, eventId: f.events[0]!.id!, category: 'broadcast', key: 'ageRating', value: 'PG' },
  ]);
  return f;
}

/** The fixture's events a list shows (not deleted). */
export function visible(f: Fixture): EventInsert[] {
  return f.events.filter((e) => !e.dateDeleted);
}
