/**
 * Adding many events at once (POST /event/import/): every body is checked first, against the same
 * rules as POST /event/ (write.ts), with the ids they name looked up one statement per table for
 * all rows; then the events, their tags and categories, and their changes are written with
 * multi-row statements, in the caller's one transaction. A rule broken by any row throws
 * EventBodyError naming `<row>.<field>`, before anything is written.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { EventState } from '#schema';
import { recordEventChanges } from '../../changes/record.ts';
import { eventCategories, events, eventTags, tags } from '../../db/tables/index.ts';
import { scheduleAutomation } from './automation.ts';
import { getEvents } from './repo.ts';
import { eventColumns } from './record-select.ts';
import { addedFlags, initialStateError } from './rules.ts';
import type { EventRecord, EventRow } from './serialize.ts';
import {
  bodyColumns,
  categoryIdsAfter,
  changeEvent,
  checkMerged,
  checkValues,
  EventBodyError,
  LOOKUP_COLUMNS,
  owned,
  REFERENCES,
  unnamedRecord,
  type BodyFieldError,
  type EventInsert,
  type OwnedTable,
  type ParsedEventBody,
  type WriteContext,
} from './write.ts';

/** Rows per INSERT: an event has ~45 columns, and a statement takes at most 65,535 parameters. */
const CHUNK = 500;

const chunks = <T>(items: readonly T[]): T[][] => Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

/** Which of `ids` the client has in `target`, one statement per chunk. */
async function ownedIds(w: WriteContext, target: OwnedTable, ids: ReadonlySet<string>): Promise<Set<string>> {
  const found = new Set<string>();
  for (const part of chunks([...ids])) {
    const rows = (await w.db
      .select({ id: sql<string>`${target.id}::text` })
      .from(target.table)
      .where(and(eq(target.clientId, w.clientId), inArray(target.id, part)))) as { id: string }[];
    for (const row of rows) found.add(row.id);
  }
  return found;
}

/** The rule failures of every row, each field named `<row>.<field>`. */
async function checkAll(w: WriteContext, bodies: readonly ParsedEventBody[]): Promise<BodyFieldError[]> {
  const errors: BodyFieldError[] = [];
  const atRow = (i: number, found: BodyFieldError[]) => errors.push(...found.map((e) => ({ field: `${i}.${e.field}`, message: e.message })));
  // The ids each table must have, for every row at once.
  const lookups = [...REFERENCES.map(([field, target, what]) => ({ fields: [field] as string[], target, what })), { fields: ['Tags'], target: owned(tags), what: 'tag' }];
  const wanted = new Map<OwnedTable['table'], Set<string>>();
  for (const body of bodies) {
    for (const { fields, target } of lookups) {
      const values = fields[0] === 'Tags' ? (body.Tags ?? []).map((t) => t.id) : [body[fields[0] as keyof ParsedEventBody]];
      for (const value of values) if (typeof value === 'string') (wanted.get(target.table) ?? wanted.set(target.table, new Set()).get(target.table)!).add(value);
    }
  }
  const known = new Map<OwnedTable['table'], Set<string>>();
  for (const { target } of lookups) {
    const ids = wanted.get(target.table);
    if (ids && !known.has(target.table)) known.set(target.table, await ownedIds(w, target, ids));
  }
  bodies.forEach((body, i) => {
    const rowErrors: BodyFieldError[] = [];
    if (body.Id) rowErrors.push({ field: 'Id', message: 'an import only adds events: leave Id out (POST /event/ updates an event)' });
    for (const [field, target, what] of REFERENCES) {
      const id = body[field];
      if (typeof id === 'string' && !known.get(target.table)?.has(id)) rowErrors.push({ field, message: `there is no ${what} ${id}` });
    }
    for (const [t, tag] of (body.Tags ?? []).entries()) {
      if (tag.id && !known.get(tags)?.has(tag.id)) rowErrors.push({ field: `Tags.${t}.id`, message: `there is no tag ${tag.id}` });
    }
    checkValues(body, rowErrors);
    const stateProblem = initialStateError(body.EventState ?? EventState.values.PRE_LIVE);
    if (stateProblem) rowErrors.push({ field: 'EventState', message: stateProblem });
    checkMerged(bodyColumns(body), undefined, body, rowErrors);
    atRow(i, rowErrors);
  });
  return errors;
}

/** The tag ids of every row's Tags: tags by name found (in any case) or added, with one statement or two for all rows. */
async function resolveAllTags(w: WriteContext, bodies: readonly ParsedEventBody[]): Promise<string[][]> {
  const names = new Set(bodies.flatMap((b) => (b.Tags ?? []).filter((t) => !t.id).map((t) => t.name.toLowerCase())));
  const byName = new Map<string, string>();
  const lookUp = async () => {
    for (const part of chunks([...names])) {
      const rows = await w.db
        .select({ id: tags.id, name: tags.name })
        .from(tags)
        .where(and(eq(tags.clientId, w.clientId), inArray(sql`lower(${tags.name})`, part)));
      for (const row of rows) byName.set(row.name.toLowerCase(), row.id);
    }
  };
  if (names.size > 0) await lookUp();
  const missing = new Map<string, string>();
  for (const body of bodies) for (const tag of body.Tags ?? []) if (!tag.id && !byName.has(tag.name.toLowerCase()) && !missing.has(tag.name.toLowerCase())) missing.set(tag.name.toLowerCase(), tag.name);
  if (missing.size > 0) {
    // A concurrent request may add the same name: the unique index keeps one, which both then use.
    await w.db.insert(tags).values([...missing.values()].map((name) => ({ clientId: w.clientId, name, dateCreated: w.clock.now() }))).onConflictDoNothing();
    await lookUp();
  }
  return bodies.map((body) => [...new Set((body.Tags ?? []).map((tag) => tag.id ?? byName.get(tag.name.toLowerCase())!))]);
}

/** Adds every body's event, or none (EventBodyError naming `<row>.<field>`); answers the records in the order of `bodies`. */
export async function importEvents(w: WriteContext, bodies: readonly ParsedEventBody[]): Promise<EventRecord[]> {
  const errors = await checkAll(w, bodies);
  if (errors.length > 0) throw new EventBodyError(errors);

  const now = w.clock.now();
  const values: EventInsert[] = bodies.map((body) => ({
    ...bodyColumns(body),
    id: randomUUID(),
    clientId: w.clientId,
    title: body.Title,
    state: body.EventState ?? EventState.values.PRE_LIVE,
    // The content id names the event's media in storage and on the CDN; the body cannot set it.
    contentId: randomUUID(),
    dateCreated: now,
    dateModified: now,
  }));
  const rows: EventRow[] = [];
  for (const part of chunks(values)) rows.push(...(await w.db.insert(events).values(part).returning(eventColumns)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const inserted = values.map((v) => byId.get(v.id!)!);

  const tagIds = await resolveAllTags(w, bodies);
  const categoryIds = bodies.map((body) => categoryIdsAfter([], body.CategoryId));
  const tagRows = inserted.flatMap((row, i) => tagIds[i]!.map((tagId) => ({ clientId: w.clientId, eventId: row.id, tagId })));
  const categoryRows = inserted.flatMap((row, i) => categoryIds[i]!.map((categoryId, position) => ({ clientId: w.clientId, eventId: row.id, categoryId, position })));
  for (const part of chunks(tagRows)) await w.db.insert(eventTags).values(part);
  for (const part of chunks(categoryRows)) await w.db.insert(eventCategories).values(part);

  // As POST /event/: the row as inserted is the record unless it names something; those are read with their names, in one statement.
  const named = inserted.filter((row, i) => tagIds[i]!.length > 0 || categoryIds[i]!.length > 0 || [...LOOKUP_COLUMNS].some((column) => row[column as keyof EventRow] !== null));
  const read = new Map((await getEvents(w.db, w.clientId, named.map((row) => row.id))).map((record) => [record.event.id, record]));
  const records = inserted.map((row) => read.get(row.id) ?? unnamedRecord(row));

  await recordEventChanges(
    w.db,
    w.clock,
    records.map((record) => ({ clientId: w.clientId, eventId: record.event.id, action: 'Added' as const, event: changeEvent(record.event), flags: addedFlags(record.event) })),
  );
  // A new event has no automation job yet: only one that automates anything needs arming.
  for (const { event } of records) {
    if (event.autoStart || event.autoPublish || event.autoEnd) await scheduleAutomation(w.db, w.clock, w.clientId, event.id, event);
  }
  return records;
}
