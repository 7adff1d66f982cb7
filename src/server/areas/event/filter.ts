/**
 * The filters of GET /event/ (and of the `/{resource}/{id}/events/` lists): parsed from the query
 * and turned into SQL conditions on `events`.
 */
import { and, eq, gte, inArray, isNotNull, isNull, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { EventState, Mp4State, ProvisionState, type FieldError } from '#schema';
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

export const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
    if (!GUID.test(id)) errors.push({ field: 'query.skipEvents', message: `"${id}" is not a GUID` });
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

function lowerEq(column: AnyColumn, value: string): SQL {
  return sql`lower(${column}) = lower(${value})`;
}

/** The conditions of a filter on `events`, the client's own first. */
export function conditions(clientId: string, f: EventFilter): SQL[] {
  const where: SQL[] = [eq(events.clientId, clientId)];
  where.push(f.deleted ? isNotNull(events.dateDeleted) : isNull(events.dateDeleted));
  if (f.from) where.push(gte(events.scheduledStart, f.from));
  if (f.to) where.push(lte(events.scheduledStart, f.to));
  if (f.fromModified) where.push(gte(events.dateModified, f.fromModified));
  if (f.toModified) where.push(lte(events.dateModified, f.toModified));
  if (f.states?.length) where.push(inArray(events.state, f.states));
  if (f.provisionStates?.length) where.push(inArray(events.provisionState, f.provisionStates));
  if (f.mp4States?.length) where.push(inArray(events.mp4State, f.mp4States));
  // Room, type and channel are named; a name matches case-insensitively.
  if (f.room) {
    where.push(sql`${events.roomId} in (select ${rooms.id} from ${rooms} where ${rooms.clientId} = ${clientId} and ${lowerEq(rooms.name, f.room)})`);
  }
  if (f.eventType) {
    where.push(
      sql`${events.eventTypeId} in (select ${eventTypes.id} from ${eventTypes} where ${eventTypes.clientId} = ${clientId} and ${lowerEq(eventTypes.name, f.eventType)})`,
    );
  }
  if (f.channel) {
    where.push(
      sql`${events.channelId} in (select ${channels.id} from ${channels} where ${channels.clientId} = ${clientId} and ${lowerEq(channels.name, f.channel)})`,
    );
  }
  if (f.tags?.length) {
    const names = f.tags.map((t) => t.toLowerCase());
    where.push(
      sql`exists (select 1 from ${eventTags} join ${tags} on ${tags.id} = ${eventTags.tagId}
        where ${eventTags.eventId} = ${events.id} and lower(${tags.name}) in ${names})`,
    );
  }
  if (f.categories?.length) {
    // A category is named by its name or by its (unique) label; any of them matches.
    const names = f.categories.map((c) => c.toLowerCase());
    where.push(
      sql`exists (select 1 from ${eventCategories} join ${categories} on ${categories.id} = ${eventCategories.categoryId}
        where ${eventCategories.eventId} = ${events.id}
        and (lower(${categories.name}) in ${names} or lower(${categories.label}) in ${names}))`,
    );
  }
  if (f.search) {
    // The four fields, joined by newlines, through their trigram index: a text without a newline
    // (and with `%` and `_` taken literally) can only match inside one of them. A text with a
    // newline is matched against each field.
    const pattern = likePattern(f.search);
    where.push(
      f.search.includes('\n')
        ? sql`(${events.title} ilike ${pattern} or ${events.description} ilike ${pattern} or ${events.refId} ilike ${pattern} or ${events.externalId} ilike ${pattern})`
        : sql`(${listText(events)}) ilike ${pattern}`,
    );
  }
  if (f.noScheduledEnd) where.push(isNull(events.scheduledEnd));
  if (f.clipsOnly) where.push(eq(events.isClip, true));
  if (f.containsXflow) where.push(isNotNull(events.xflowId));
  if (f.skipEvents?.length) where.push(sql`${events.id} not in ${f.skipEvents}`);
  if (f.eventTypeId) where.push(eq(events.eventTypeId, f.eventTypeId));
  if (f.roomId) where.push(eq(events.roomId, f.roomId));
  if (f.channelId) where.push(eq(events.channelId, f.channelId));
  if (f.categoryId) {
    where.push(
      sql`exists (select 1 from ${eventCategories} where ${eventCategories.eventId} = ${events.id} and ${eventCategories.categoryId} = ${f.categoryId})`,
    );
  }
  if (f.tagId) {
    where.push(sql`exists (select 1 from ${eventTags} where ${eventTags.eventId} = ${events.id} and ${eventTags.tagId} = ${f.tagId})`);
  }
  return where;
}

/** All of a filter's conditions as one. */
export const whereOf = (clientId: string, f: EventFilter): SQL => and(...conditions(clientId, f))!;
