/**
 * The filters of GET /event/ (and of the `/{resource}/{id}/events/` lists): parsed from the query
 * and turned into SQL conditions on `events`.
 */
import { eq, isNotNull, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { EventState, Mp4State, ProvisionState, type FieldError, isGuid } from '#schema';
import type { EventListQuery } from '#schema/endpoints/event.ts';
import type { z } from 'zod';
import { categories, channels, eventCategories, events, eventTags, eventTypes, listText, rooms, tags } from '../../db/tables/index.ts';

/** The parsed query of GET /event/ (GET /event/deleted/ has the same, without noCache). */
type ParsedListQuery = Omit<z.output<typeof EventListQuery>, 'noCache'>;

/** What GET /event/ (and the `/{resource}/{id}/events/` lists) filter on, once parsed. */
export interface EventFilter {
  from?: Date;
  to?: Date;
  fromModified?: Date;
  toModified?: Date;
  states?: number[];
  provisionStates?: number[];
  mp4States?: number[];
  room?: string;
  eventType?: string;
  channel?: string;
  tags?: string[];
  categories?: string[];
  search?: string;
  noScheduledEnd?: boolean;
  clipsOnly?: boolean;
  containsXflow?: boolean;
  skipEvents?: string[];
  /** By id, for the lists of one resource's events (GET /eventtype/{id}/events/...). */
  eventTypeId?: string;
  roomId?: string;
  channelId?: string;
  categoryId?: string;
  tagId?: string;
  /** Deleted events instead of live ones (GET /event/deleted/). */
  deleted?: boolean;
}

function splitList(value: string | undefined): string[] {
  if (value === undefined) return [];
  return value
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

type Enumeration = typeof EventState | typeof Mp4State | typeof ProvisionState;

function parseEnumList(field: string, value: string | undefined, enumeration: Enumeration, errors: FieldError[]): number[] | undefined {
  const items = splitList(value);
  if (items.length === 0) return undefined;
  const out: number[] = [];
  for (const item of items) {
    const parsed = enumeration.input.safeParse(item);
    if (parsed.success) out.push(parsed.data);
    else
      errors.push({
        field: `query.${field}`,
        message: `unknown ${enumeration.name} "${item}": expected one of ${enumeration.names.join(', ')} or ${enumeration.numbers.join(', ')}`,
      });
  }
  return out;
}

/** A date-time of a query; one without an offset is taken as UTC, whatever the server's time zone. */
export function instant(text: string | undefined): Date | undefined {
  if (!text) return undefined;
  return new Date(/(?:[zZ]|[+-]\d{2}(?::?\d{2})?)$/.test(text) ? text : `${text}Z`);
}

/**
 * Turns the parsed query of GET /event/ into a filter. Text lists (states, tags, ids) are checked
 * here; each bad item becomes a field error naming the query parameter.
 */
export function parseEventFilter(query: ParsedListQuery): { filter: EventFilter; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const skip = splitList(query.skipEvents);
  for (const id of skip) {
    if (!isGuid(id)) errors.push({ field: 'query.skipEvents', message: `"${id}" is not a GUID` });
  }
  const filter: EventFilter = {
    from: instant(query.from),
    to: instant(query.to),
    fromModified: instant(query.fromModified),
    toModified: instant(query.toModified),
    states: parseEnumList('eventState', query.eventState, EventState, errors),
    provisionStates: parseEnumList('provisionState', query.provisionState, ProvisionState, errors),
    mp4States: parseEnumList('mp4State', query.mp4State, Mp4State, errors),
    room: query.room?.trim() || undefined,
    eventType: query.eventType?.trim() || undefined,
    channel: query.channel?.trim() || undefined,
    tags: splitList(query.tags),
    // Repeated, not comma-separated: a category label may contain a comma.
    categories: (query.category ?? []).map((c) => c.trim()).filter((c) => c !== ''),
    search: query.search?.trim() || undefined,
    noScheduledEnd: query.noScheduledEnd,
    clipsOnly: query.clipsOnly,
    containsXflow: query.containsXflow,
    skipEvents: skip,
  };
  return { filter, errors };
}

/**
 * Whether the filter narrows by nothing but the state (and deleted or not): its count is then
 * the sum of a few rows of the list's statistics (list-stats.ts).
 */
export function statesOnly(f: EventFilter): boolean {
  const { states: _states, deleted: _deleted, ...rest } = f;
  return Object.values(rest).every((v) => v === undefined || v === false || (Array.isArray(v) && v.length === 0));
}

/** `%`, `_` and `\` are literal in a search text. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A filter as SQL with placeholders, so that a statement is built once per kind of filter (list.ts
 * keeps it prepared): the conditions, the placeholders' values, and the shape (which conditions,
 * in words) that names the statement. The client's placeholder is `client`, filled by the caller.
 */
export interface BoundFilter {
  where: SQL[];
  values: Record<string, unknown>;
  shape: string;
}

const client = sql.placeholder('client');

/** The conditions of a filter on `events`, the client's own first. */
export function conditions(f: EventFilter): BoundFilter {
  const where: SQL[] = [sql`${events.clientId} = ${client}`];
  const values: Record<string, unknown> = {};
  const shape: string[] = [f.deleted ? 'deleted' : 'live'];
  where.push(f.deleted ? isNotNull(events.dateDeleted) : isNull(events.dateDeleted));
  /** A condition under the shape's word `name`, and its placeholder's value (unless it has none), named `key`. */
  const add = (name: string, condition: SQL, value?: unknown, key = name) => {
    where.push(condition);
    if (value !== undefined) values[key] = value;
    shape.push(name);
  };
  const p = sql.placeholder;
  if (f.from) add('from', sql`${events.scheduledStart} >= ${p('from')}`, f.from);
  if (f.to) add('to', sql`${events.scheduledStart} <= ${p('to')}`, f.to);
  if (f.fromModified) add('fromModified', sql`${events.dateModified} >= ${p('fromModified')}`, f.fromModified);
  if (f.toModified) add('toModified', sql`${events.dateModified} <= ${p('toModified')}`, f.toModified);
  if (f.states?.length) add('states', sql`${events.state} = any(${p('states')}::int[])`, f.states);
  if (f.provisionStates?.length) add('provisionStates', sql`${events.provisionState} = any(${p('provisionStates')}::int[])`, f.provisionStates);
  if (f.mp4States?.length) add('mp4States', sql`${events.mp4State} = any(${p('mp4States')}::int[])`, f.mp4States);
  // Room, type and channel are named; a name matches case-insensitively.
  const named = (name: 'room' | 'eventType' | 'channel', column: AnyColumn, table: typeof rooms | typeof eventTypes | typeof channels, value: string) =>
    add(name, sql`${column} in (select ${table.id} from ${table} where ${table.clientId} = ${client} and lower(${table.name}) = lower(${p(name)}))`, value);
  if (f.room) named('room', events.roomId, rooms, f.room);
  if (f.eventType) named('eventType', events.eventTypeId, eventTypes, f.eventType);
  if (f.channel) named('channel', events.channelId, channels, f.channel);
  if (f.tags?.length) {
    add(
      'tags',
      sql`exists (select 1 from ${eventTags} join ${tags} on ${tags.id} = ${eventTags.tagId}
        where ${eventTags.eventId} = ${events.id} and lower(${tags.name}) = any(${p('tags')}::text[]))`,
      f.tags.map((t) => t.toLowerCase()),
    );
  }
  if (f.categories?.length) {
    // A category is named by its name or by its (unique) label; any of them matches.
    add(
      'categories',
      sql`exists (select 1 from ${eventCategories} join ${categories} on ${categories.id} = ${eventCategories.categoryId}
        where ${eventCategories.eventId} = ${events.id}
        and (lower(${categories.name}) = any(${p('categories')}::text[]) or lower(${categories.label}) = any(${p('categories')}::text[])))`,
      f.categories.map((c) => c.toLowerCase()),
    );
  }
  if (f.search) {
    // The four fields, joined by newlines, through their trigram index: a text without a newline
    // (and with `%` and `_` taken literally) can only match inside one of them. A text with a
    // newline is matched against each field.
    const pattern = p('search');
    if (f.search.includes('\n')) {
      add(
        'searchFields',
        sql`(${events.title} ilike ${pattern} or ${events.description} ilike ${pattern} or ${events.refId} ilike ${pattern} or ${events.externalId} ilike ${pattern})`,
        likePattern(f.search),
        'search',
      );
    } else {
      add('search', sql`(${listText(events)}) ilike ${pattern}`, likePattern(f.search));
    }
  }
  if (f.noScheduledEnd) add('noScheduledEnd', isNull(events.scheduledEnd));
  if (f.clipsOnly) add('clipsOnly', eq(events.isClip, true));
  if (f.containsXflow) add('containsXflow', isNotNull(events.xflowId));
  if (f.skipEvents?.length) add('skipEvents', sql`not (${events.id} = any(${p('skipEvents')}::uuid[]))`, f.skipEvents);
  if (f.eventTypeId) add('eventTypeId', sql`${events.eventTypeId} = ${p('eventTypeId')}`, f.eventTypeId);
  if (f.roomId) add('roomId', sql`${events.roomId} = ${p('roomId')}`, f.roomId);
  if (f.channelId) add('channelId', sql`${events.channelId} = ${p('channelId')}`, f.channelId);
  if (f.categoryId) {
    add(
      'categoryId',
      sql`exists (select 1 from ${eventCategories} where ${eventCategories.eventId} = ${events.id} and ${eventCategories.categoryId} = ${p('categoryId')})`,
      f.categoryId,
    );
  }
  if (f.tagId) add('tagId', sql`exists (select 1 from ${eventTags} where ${eventTags.eventId} = ${events.id} and ${eventTags.tagId} = ${p('tagId')})`, f.tagId);
  return { where, values, shape: shape.join(' ') };
}
