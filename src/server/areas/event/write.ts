/**
 * Adding and updating an event from its body (POST /event/, and PATCH once its operations are
 * applied): checking what the body refers to, the state rules, tags and categories, and then one
 * change record and the automation schedule, all in the caller's transaction.
 *
 * Update semantics (the interface is silent): a field left out of the body keeps its value, an
 * explicit null clears it. AutoExpirePublishingPoints is the exception the body schema makes: it
 * defaults to false, so an update that leaves it out turns it off.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { EventState, type EventBody, type TagModelBody } from '#schema';
import { recordEventChange } from '../../changes/record.ts';
import { idsInUse } from '../../db/tenant-scope.ts';
import type { DbOrTx } from '../../db/database.ts';
import {
  categories,
  channels,
  eventCategories,
  events,
  eventTags,
  eventTypes,
  infrastructureProfiles,
  rooms,
  tags,
  xflows,
} from '../../db/tables/index.ts';
import type { Clock } from '../../jobs/clock.ts';
import { scheduleAutomation } from './automation.ts';
import { getEvent, instant } from './repo.ts';
import { prepared } from './prepared.ts';
import { eventColumns } from './record-select.ts';
import {
  addedFlags,
  anyFlag,
  busyReason,
  dvrLengthError,
  initialStateError,
  LOCKED_WHILE_BUSY,
  stateChangeError,
  thumbnailError,
  thumbnailUrlOf,
  updateFlags,
  type Linked,
} from './rules.ts';
import type { EventRecord, EventRow } from './serialize.ts';

export type ParsedEventBody = z.output<typeof EventBody>;
export type EventInsert = typeof events.$inferInsert;

/** Who writes, with what, when. */
export interface WriteContext {
  db: DbOrTx;
  clock: Clock;
  clientId: string;
}

/** A problem with one field of an event body, named as the body names it (`ChannelId`, `Tags.1.id`). */
export interface BodyFieldError {
  field: string;
  message: string;
}

/** Thrown when a body breaks a rule the schema cannot check; the caller says where (POST body, PATCH operation). */
export class EventBodyError extends Error {
  override readonly name = 'EventBodyError';
  constructor(readonly fields: BodyFieldError[]) {
    super(fields.map((f) => `${f.field}: ${f.message}`).join('; '));
  }
}

export interface SaveResult {
  record: EventRecord;
  created: boolean;
  /** Body fields whose changes were not applied (see LOCKED_WHILE_BUSY). */
  ignored: string[];
}

// ---- What a body refers to ----------------------------------------------------------------------

export interface OwnedTable {
  table: PgTable;
  id: AnyPgColumn;
  clientId: AnyPgColumn;
}

export const owned = (table: PgTable & { id: AnyPgColumn; clientId: AnyPgColumn }): OwnedTable => ({ table, id: table.id, clientId: table.clientId });

/**
 * The body's references and what they must name: a row of the same client (another client's id
 * is as unknown as one that never existed). ArchiverflowId is kept unchecked until the archiver
 * area's table exists.
 */
export const REFERENCES: readonly (readonly [keyof ParsedEventBody & string, OwnedTable, string])[] = [
  ['ChannelId', owned(channels), 'channel'],
  ['RoomId', owned(rooms), 'room'],
  ['EventTypeId', owned(eventTypes), 'event type'],
  ['CategoryId', owned(categories), 'category'],
  ['XflowId', owned(xflows), 'xflow'],
  ['RemixflowId', owned(xflows), 'xflow'],
  ['InfrastructureProfileId', owned(infrastructureProfiles), 'infrastructure profile'],
];

async function ownedRowExists(db: DbOrTx, target: OwnedTable, clientId: string, id: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(target.table)
    .where(and(eq(target.id, id), eq(target.clientId, clientId)))
    .limit(1);
  return rows.length > 0;
}

async function checkReferences(w: WriteContext, body: ParsedEventBody, errors: BodyFieldError[]): Promise<void> {
  for (const [field, target, what] of REFERENCES) {
    const id = body[field];
    if (typeof id !== 'string') continue;
    if (!(await ownedRowExists(w.db, target, w.clientId, id))) errors.push({ field, message: `there is no ${what} ${id}` });
  }
}

/** Tags sent by id must exist; those sent by name only are found or created later (resolveTags). */
async function checkTags(w: WriteContext, list: readonly TagModelBody[] | undefined, errors: BodyFieldError[]): Promise<void> {
  if (!list) return;
  for (const [i, tag] of list.entries()) {
    if (tag.id && !(await ownedRowExists(w.db, owned(tags), w.clientId, tag.id))) {
      errors.push({ field: `Tags.${i}.id`, message: `there is no tag ${tag.id}` });
    }
  }
}

/**
 * The tag ids for a body's Tags, in the order given, without duplicates. A tag sent with an id is
 * that tag (its name in the body is not used: PUT /tag/ renames tags); one sent by name alone
 * reuses the client's tag of that name, in any case, or adds it.
 */
async function resolveTags(w: WriteContext, list: readonly TagModelBody[]): Promise<string[]> {
  const ids: string[] = [];
  for (const tag of list) {
    let id = tag.id;
    if (!id) {
      const named = () =>
        w.db
          .select({ id: tags.id })
          .from(tags)
          .where(and(eq(tags.clientId, w.clientId), sql`lower(${tags.name}) = lower(${tag.name})`))
          .limit(1);
      id = (await named())[0]?.id;
      if (!id) {
        // A concurrent request may add the same name: the unique index keeps one, which both then use.
        await w.db.insert(tags).values({ clientId: w.clientId, name: tag.name, dateCreated: w.clock.now() }).onConflictDoNothing();
        id = (await named())[0]!.id;
      }
    }
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

// ---- From a body to columns ---------------------------------------------------------------------

const blankToNull = (text: string | null | undefined): string | null | undefined =>
  text === undefined ? undefined : text === null || text.trim() === '' ? null : text;

const toDate = (text: string | null | undefined): Date | null | undefined => (text === undefined ? undefined : text === null ? null : instant(text)!);

/**
 * The columns a body sets; fields left out (undefined) are left out here too. On create the
 * table's defaults fill what is missing.
 */
export function bodyColumns(body: ParsedEventBody): Partial<EventInsert> {
  const thumbnail = blankToNull(body.Thumbnail);
  const values: Partial<EventInsert> = {
    title: body.Title,
    refId: blankToNull(body.RefId),
    externalId: blankToNull(body.ExternalId),
    description: body.Description,
    scheduledStart: toDate(body.ScheduledStart),
    scheduledEnd: toDate(body.ScheduledEnd),
    publishedStart: toDate(body.PublishedStart),
    publishedEnd: toDate(body.PublishedEnd),
    instantVodStart: toDate(body.InstantVodStart),
    instantVodEnd: toDate(body.InstantVodEnd),
    scheduledProvisionAt: toDate(body.ScheduledProvisionAt),
    scheduledTerminateAt: toDate(body.ScheduledTerminateAt),
    archiverStart: toDate(body.ArchiverStart),
    archiverEnd: toDate(body.ArchiverEnd),
    roomId: body.RoomId,
    eventTypeId: body.EventTypeId,
    channelId: body.ChannelId,
    xflowId: body.XflowId,
    remixflowId: body.RemixflowId,
    infrastructureProfileId: body.InfrastructureProfileId,
    archiverflowId: body.ArchiverflowId,
    autoStart: body.AutoStart,
    autoEnd: body.AutoEnd,
    autoProvisionInfrastructure: body.AutoProvisionInfrastructure,
    autoTerminateInfrastructure: body.AutoTerminateInfrastructure,
    autoPublish: body.AutoPublish,
    autoStartPublications: body.AutoStartPublications,
    autoExpirePublishingPoints: body.AutoExpirePublishingPoints,
    vodDrm: body.VodEnableDrm,
    setPrivateAfterGeneration: body.SetPrivateAfterGeneration,
    drmJson: blankToNull(body.DrmJson),
    additionalStreamingOptions: body.AdditionalStreamingOptions,
    taskEngineJson: blankToNull(body.TaskEngineJson),
    thumbnail,
    thumbnailUrl: thumbnail === undefined ? undefined : thumbnailUrlOf(thumbnail),
    dvrLength: body.DvrLength,
    maxBitrateUrlParam: body.MaxBitrate,
    minBitrateUrlParam: body.MinBitrate,
  };
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<EventInsert>;
}

/** Periods that must not end before they start, checked on the event as it will be (body over stored values). */
const PERIODS = [
  ['ScheduledStart', 'scheduledStart', 'ScheduledEnd', 'scheduledEnd'],
  ['PublishedStart', 'publishedStart', 'PublishedEnd', 'publishedEnd'],
  ['InstantVodStart', 'instantVodStart', 'InstantVodEnd', 'instantVodEnd'],
  ['ScheduledProvisionAt', 'scheduledProvisionAt', 'ScheduledTerminateAt', 'scheduledTerminateAt'],
  ['ArchiverStart', 'archiverStart', 'ArchiverEnd', 'archiverEnd'],
] as const;

export function checkMerged(values: Partial<EventInsert>, existing: EventRow | undefined, body: ParsedEventBody, errors: BodyFieldError[]): void {
  const merged = { ...existing, ...values } as Partial<EventInsert>;
  for (const [startField, start, endField, end] of PERIODS) {
    const from = merged[start];
    const to = merged[end];
    // Both in the body: the schema has said so already. Neither: an old value is not this request's fault.
    if (body[startField] && body[endField]) continue;
    if (body[startField] === undefined && body[endField] === undefined) continue;
    if (from instanceof Date && to instanceof Date && to < from) {
      const field = body[endField] !== undefined || body[startField] === undefined ? endField : startField;
      errors.push({
        field,
        message: `${endField} (${to.toISOString()}) must not be before ${startField} (${from.toISOString()})`,
      });
    }
  }
  const min = merged.minBitrateUrlParam;
  const max = merged.maxBitrateUrlParam;
  const oneInBody = (body.MinBitrate !== undefined) !== (body.MaxBitrate !== undefined);
  if (typeof min === 'number' && typeof max === 'number' && min > max && oneInBody) {
    errors.push({ field: body.MinBitrate !== undefined ? 'MinBitrate' : 'MaxBitrate', message: `MinBitrate (${min}) must not exceed MaxBitrate (${max})` });
  }
}

export function checkValues(body: ParsedEventBody, errors: BodyFieldError[]): void {
  if (typeof body.DvrLength === 'number') {
    const problem = dvrLengthError(body.DvrLength, true);
    if (problem) errors.push({ field: 'DvrLength', message: problem });
  }
  if (typeof body.Thumbnail === 'string') {
    const problem = thumbnailError(body.Thumbnail);
    if (problem) errors.push({ field: 'Thumbnail', message: problem });
  }
}

// ---- Tags and categories ------------------------------------------------------------------------

/** The event's categories after a body: CategoryId becomes the first, the others stay; null clears them all. */
export function categoryIdsAfter(current: readonly string[], categoryId: string | null | undefined): string[] {
  if (categoryId === undefined) return [...current];
  if (categoryId === null) return [];
  return [categoryId, ...current.filter((id) => id !== categoryId)];
}

export async function writeLinks(w: WriteContext, eventId: string, before: Linked, after: Linked): Promise<void> {
  if (before.categoryIds.join() !== after.categoryIds.join()) {
    await w.db.delete(eventCategories).where(and(eq(eventCategories.clientId, w.clientId), eq(eventCategories.eventId, eventId)));
    if (after.categoryIds.length > 0) {
      await w.db
        .insert(eventCategories)
        .values(after.categoryIds.map((categoryId, position) => ({ clientId: w.clientId, eventId, categoryId, position })));
    }
  }
  const removed = before.tagIds.filter((id) => !after.tagIds.includes(id));
  const added = after.tagIds.filter((id) => !before.tagIds.includes(id));
  if (removed.length > 0) {
    await w.db
      .delete(eventTags)
      .where(and(eq(eventTags.clientId, w.clientId), eq(eventTags.eventId, eventId), sql`${eventTags.tagId} in ${removed}`));
  }
  if (added.length > 0) await w.db.insert(eventTags).values(added.map((tagId) => ({ clientId: w.clientId, eventId, tagId })));
}

const linkedOf = (record: EventRecord): Linked => ({ tagIds: record.tags.map((t) => t.id), categoryIds: record.categories.map((c) => c.id) });

/** What a change record says of the event after the change. */
export const changeEvent = (row: EventRow) => ({
  refId: row.refId,
  externalId: row.externalId,
  state: row.state,
  mp4State: row.mp4State,
  provisionState: row.provisionState,
});

/** The event as it is now, inside the write's transaction. */
export async function reread(w: WriteContext, id: string): Promise<EventRecord> {
  const record = await getEvent(w.db, w.clientId, id);
  if (!record) throw new Error(`event ${id} vanished inside its own transaction`);
  return record;
}

/** Locks the event's row for the rest of the transaction, so concurrent writes of one event queue up. */
export async function lockEvent(db: DbOrTx, clientId: string, id: string): Promise<void> {
  await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.clientId, clientId), eq(events.id, id)))
    .for('update');
}

// ---- Create and update --------------------------------------------------------------------------

export interface CreateOptions {
  /** The id to create the event with (POST /event/ with an Id not yet used). */
  id?: string;
  /** Columns beyond the body (POST /event/xflow/add/ sets the MP4 state). */
  extra?: Partial<EventInsert>;
}

/** Adds an event from a body. Throws EventBodyError naming the fields when a rule is broken. */
export async function createEvent(w: WriteContext, body: ParsedEventBody, options: CreateOptions = {}): Promise<SaveResult> {
  const errors: BodyFieldError[] = [];
  await checkReferences(w, body, errors);
  await checkTags(w, body.Tags, errors);
  checkValues(body, errors);
  const state = body.EventState ?? EventState.values.PRE_LIVE;
  const stateProblem = initialStateError(state);
  if (stateProblem) errors.push({ field: 'EventState', message: stateProblem });
  const values = bodyColumns(body);
  checkMerged(values, undefined, body, errors);
  if (errors.length > 0) throw new EventBodyError(errors);

  const now = w.clock.now();
  const id = options.id ?? randomUUID();
  const [row] = await w.db.insert(events).values({
    ...values,
    ...options.extra,
    id,
    clientId: w.clientId,
    title: body.Title,
    state,
    // The content id names the event's media in storage and on the CDN; the body cannot set it.
    contentId: randomUUID(),
    dateCreated: now,
    dateModified: now,
  }).returning(eventColumns);
  const after: Linked = {
    tagIds: body.Tags ? await resolveTags(w, body.Tags) : [],
    categoryIds: categoryIdsAfter([], body.CategoryId),
  };
  await writeLinks(w, id, { tagIds: [], categoryIds: [] }, after);
  // The row as inserted is the record when it names nothing to read the name of, and has no
  // tags or categories (a new event has no custom properties).
  const named = after.tagIds.length > 0 || after.categoryIds.length > 0 || [...LOOKUP_COLUMNS].some((column) => row![column as keyof EventRow] !== null);
  const record = named || !row ? await reread(w, id) : unnamedRecord(row);
  await recordEventChange(w.db, w.clock, {
    clientId: w.clientId,
    eventId: id,
    action: 'Added',
    event: changeEvent(record.event),
    flags: addedFlags(record.event),
  });
  // A new event has no automation job yet: only one that automates anything needs arming.
  const { autoStart, autoPublish, autoEnd } = record.event;
  if (autoStart || autoPublish || autoEnd) await scheduleAutomation(w.db, w.clock, w.clientId, id, record.event);
  return { record, created: true, ignored: [] };
}

/** The record of an event that refers to no lookup and has no tags, categories or properties. */
export function unnamedRecord(event: EventRow): EventRecord {
  const none = { channel: null, xflow: null, remixflow: null, archiverflow: null, infrastructureProfile: null, room: null, eventType: null, eventTypeColour: null };
  return { event, ...none, categories: [], tags: [], customProperties: [] };
}

/**
 * Updates an event from a body. Nothing is written (and nothing recorded) when the body changes
 * nothing. The state is never changed here: a different EventState is an error.
 */
export async function updateEvent(w: WriteContext, existing: EventRecord, body: ParsedEventBody): Promise<SaveResult> {
  const before = existing.event;
  const errors: BodyFieldError[] = [];
  await checkReferences(w, body, errors);
  await checkTags(w, body.Tags, errors);
  checkValues(body, errors);
  if (body.EventState !== undefined && body.EventState !== before.state) {
    errors.push({ field: 'EventState', message: stateChangeError(before.state, body.EventState) });
  }
  const values = { ...bodyColumns(body), ...channelTimesKept(before, body) };

  const ignored: string[] = [];
  if (busyReason(before)) {
    for (const [field, column] of LOCKED_WHILE_BUSY) {
      if (column in values && values[column] !== before[column]) {
        delete values[column];
        ignored.push(field);
      }
    }
  }
  checkMerged(values, before, body, errors);
  if (errors.length > 0) throw new EventBodyError(errors);

  const linkedBefore = linkedOf(existing);
  const changedColumns = Object.entries(values).filter(([column, value]) => !sameValue(before[column as keyof EventRow], value));
  const linkedAfter: Linked = {
    tagIds: body.Tags ? await resolveTags(w, body.Tags) : linkedBefore.tagIds,
    categoryIds: categoryIdsAfter(linkedBefore.categoryIds, body.CategoryId),
  };
  const linksChanged =
    linkedBefore.categoryIds.join() !== linkedAfter.categoryIds.join() ||
    linkedBefore.tagIds.length !== linkedAfter.tagIds.length ||
    linkedAfter.tagIds.some((id) => !linkedBefore.tagIds.includes(id));

  let record = existing;
  if (changedColumns.length > 0 || linksChanged) {
    const [row] = await updateRow(w, before.id, { ...Object.fromEntries(changedColumns), dateModified: w.clock.now() });
    await writeLinks(w, before.id, linkedBefore, linkedAfter);
    // The row as written is the record's, unless the names the record joins in may have changed.
    const lookupsChanged = linksChanged || changedColumns.some(([column]) => LOOKUP_COLUMNS.has(column));
    record = lookupsChanged || !row ? await reread(w, before.id) : { ...existing, event: row };
  }
  const flags = updateFlags(before, record.event, linkedBefore, linkedAfter);
  if (anyFlag(flags)) {
    await recordEventChange(w.db, w.clock, { clientId: w.clientId, eventId: before.id, action: 'Updated', event: changeEvent(record.event), flags });
  }
  // With what the automation reads unchanged, its jobs are already what it would make of them:
  // pending at the same times, or past and left as they ran.
  if (AUTOMATION_COLUMNS.some((column) => !sameValue(before[column], record.event[column]))) {
    await scheduleAutomation(w.db, w.clock, w.clientId, before.id, record.event);
  }
  return { record, created: false, ignored };
}

/**
 * Sets these columns of the client's event and answers the row as written. Built once per set of
 * columns (prepared.ts): a title edit and a reschedule are two statements, each reused.
 */
async function updateRow(w: WriteContext, id: string, values: Partial<EventInsert>): Promise<EventRow[]> {
  const set = Object.entries(values).filter(([, value]) => value !== undefined);
  const columns = set.map(([column]) => column).sort();
  const statement = prepared(w.db, `event update ${columns.join(',')}`, () =>
    w.db
      .update(events)
      .set(Object.fromEntries(columns.map((column) => [column, sql.placeholder(`set.${column}`)])))
      .where(sql`${events.clientId} = ${sql.placeholder('client')} and ${events.id} = ${sql.placeholder('id')}`)
      .returning(eventColumns),
  );
  return (await statement.execute({ ...Object.fromEntries(set.map(([column, value]) => [`set.${column}`, value])), client: w.clientId, id })) as EventRow[];
}

/** What the automation of an event reads of it (live/automation.ts AutomationFields). */
const AUTOMATION_COLUMNS = [
  'state',
  'dateDeleted',
  'autoStart',
  'autoPublish',
  'autoEnd',
  'scheduledStart',
  'scheduledEnd',
  'scheduledChannelStart',
  'scheduledChannelEnd',
] as const satisfies readonly (keyof NonNullable<Parameters<typeof scheduleAutomation>[4]> & keyof EventRow)[];

/**
 * The encoder's own start and end (scheduledChannelStart/End, set by a composition; not fields of
 * the body) are offsets from the scheduled times: when those move, these move with them, so a
 * rescheduled event's encoder still starts its lead time before it and stops its lag after.
 */
function channelTimesKept(before: EventRow, body: ParsedEventBody): Partial<EventInsert> {
  const kept: Partial<EventInsert> = {};
  const pairs = [
    [toDate(body.ScheduledStart), before.scheduledStart, before.scheduledChannelStart, 'scheduledChannelStart'],
    [toDate(body.ScheduledEnd), before.scheduledEnd, before.scheduledChannelEnd, 'scheduledChannelEnd'],
  ] as const;
  for (const [next, previous, channelTime, column] of pairs) {
    if (next instanceof Date && previous && channelTime && next.getTime() !== previous.getTime()) {
      kept[column] = new Date(channelTime.getTime() + next.getTime() - previous.getTime());
    }
  }
  return kept;
}

/** Columns whose change changes a name the record joins in (EventRecord: channel, room, ...). */
export const LOOKUP_COLUMNS: ReadonlySet<string> = new Set<keyof EventRow>(['channelId', 'xflowId', 'remixflowId', 'archiverflowId', 'infrastructureProfileId', 'roomId', 'eventTypeId']);

function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  return a === b;
}

/**
 * Changes some columns of an event outside of its body (thumbnail, DVR window, external update
 * flag, xflow tasks): written, recorded with the flags they earn and scheduled, or nothing at all
 * when the values are those stored already.
 */
export async function updateColumns(w: WriteContext, existing: EventRecord, values: Partial<EventInsert>): Promise<EventRecord> {
  const before = existing.event;
  const changed = Object.entries(values).filter(([column, value]) => !sameValue(before[column as keyof EventRow], value));
  if (changed.length === 0) return existing;
  await w.db
    .update(events)
    .set({ ...Object.fromEntries(changed), dateModified: w.clock.now() })
    .where(and(eq(events.clientId, w.clientId), eq(events.id, before.id)));
  const record = await reread(w, before.id);
  const linked = linkedOf(existing);
  const flags = updateFlags(before, record.event, linked, linked);
  await recordEventChange(w.db, w.clock, { clientId: w.clientId, eventId: before.id, action: 'Updated', event: changeEvent(record.event), flags });
  await scheduleAutomation(w.db, w.clock, w.clientId, before.id);
  return record;
}

/** Who has this event id, whatever its state: the caller, another client (an event id is unique across clients), or nobody. */
export async function idHolder(db: DbOrTx, clientId: string, id: string): Promise<'mine' | 'another' | undefined> {
  const rows = await db.select({ id: events.id }).from(events).where(and(eq(events.clientId, clientId), eq(events.id, id))).limit(1);
  if (rows.length > 0) return 'mine';
  return (await idsInUse(db, events, [id])).size > 0 ? 'another' : undefined;
}
