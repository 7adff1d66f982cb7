/**
 * What the event write tests need around an event: one of each resource an event refers to, for
 * a tenant, inserted straight through Drizzle (the lookup areas' own writes are not under test
 * here), plus readers of what a write left behind.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/database.ts';
import {
  categories,
  channels,
  events,
  eventTypes,
  infrastructureProfiles,
  rooms,
  tags,
  xflows,
} from '#server/db/tables/index.ts';

export interface Lookups {
  channel: string;
  otherChannel: string;
  room: string;
  eventType: string;
  category: string;
  otherCategory: string;
  xflow: string;
  remixflow: string;
  infrastructureProfile: string;
  otherInfrastructureProfile: string;
}

const STAMP = new Date('2026-01-01T00:00:00Z');

export async function seedLookups(db: DbOrTx, clientId: string): Promise<Lookups> {
  const ids: Lookups = {
    channel: randomUUID(),
    otherChannel: randomUUID(),
    room: randomUUID(),
    eventType: randomUUID(),
    category: randomUUID(),
    otherCategory: randomUUID(),
    xflow: randomUUID(),
    remixflow: randomUUID(),
    infrastructureProfile: randomUUID(),
    otherInfrastructureProfile: randomUUID(),
  };
  const stamps = { clientId, dateCreated: STAMP, dateModified: STAMP };
  await db.insert(channels).values([
    { id: ids.channel, name: 'Main', configurationJson: '{}', ...stamps },
    { id: ids.otherChannel, name: 'Backup', configurationJson: '{}', ...stamps },
  ]);
  await db.insert(rooms).values({ id: ids.room, name: 'Studio', ...stamps });
  await db.insert(eventTypes).values({ id: ids.eventType, name: `Concert ${ids.eventType.slice(0, 4)}`, colour: '#112233', ...stamps });
  await db.insert(categories).values([
    { id: ids.category, name: 'sports', label: `Sports ${ids.category.slice(0, 4)}`, ...stamps },
    { id: ids.otherCategory, name: 'music', label: `Music ${ids.otherCategory.slice(0, 4)}`, ...stamps },
  ]);
  await db.insert(xflows).values([
    { id: ids.xflow, name: 'Transcode', configurationJson: '{}', ...stamps },
    { id: ids.remixflow, name: 'Remix', configurationJson: '{}', ...stamps },
  ]);
  await db.insert(infrastructureProfiles).values([
    { id: ids.infrastructureProfile, name: 'Small', configurationJson: '{}', ...stamps },
    { id: ids.otherInfrastructureProfile, name: 'Large', configurationJson: '{}', ...stamps },
  ]);
  return ids;
}

export async function tagNames(db: DbOrTx, clientId: string): Promise<string[]> {
  const rows = await db.select({ name: tags.name }).from(tags).where(eq(tags.clientId, clientId));
  return rows.map((r) => r.name).sort();
}

export async function eventCount(db: DbOrTx, clientId: string): Promise<number> {
  return (await db.select({ id: events.id }).from(events).where(eq(events.clientId, clientId))).length;
}

/** Sets columns of an event directly, as the live controls or a workflow would (a test's shortcut). */
export async function setColumns(db: DbOrTx, clientId: string, id: string, values: Partial<typeof events.$inferInsert>): Promise<void> {
  await db
    .update(events)
    .set(values)
    .where(and(eq(events.clientId, clientId), eq(events.id, id)));
}

