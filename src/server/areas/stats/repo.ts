/**
 * The rows billing is computed from (billing.ts): events live in a period and VOD, compose and
 * archiver events created in it, deleted ones included, with their `billing`/`resolution`
 * custom property, and whether a publication was at work in it. Scoped to one client.
 */
import { and, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { customProperties, events, publications } from '../../db/tables/index.ts';
import {
  ARCHIVER_STATES,
  COMPOSE_STATES,
  RESOLUTION_CATEGORY,
  RESOLUTION_KEY,
  VOD_STATES,
  type AssetEventRow,
  type LiveEventRow,
  type Period,
} from './billing.ts';

/** The event's resolution property; (event, category, key) is unique, so at most one row joins. */
const resolutionJoin = and(
  eq(customProperties.eventId, events.id),
  eq(customProperties.category, RESOLUTION_CATEGORY),
  eq(customProperties.key, RESOLUTION_KEY),
);

/** Events whose live span [actualLiveStart, actualLiveEnd or now) meets the period. */
export async function liveEventsIn(db: DbOrTx, clientId: string, period: Period, now: Date): Promise<LiveEventRow[]> {
  const rows = await db
    .select({
      id: events.id,
      channelId: events.channelId,
      actualLiveStart: events.actualLiveStart,
      actualLiveEnd: events.actualLiveEnd,
      capturingLive2Vod: events.capturingLive2Vod,
      drmJson: events.drmJson,
      resolution: customProperties.value,
    })
    .from(events)
    .leftJoin(customProperties, resolutionJoin)
    .where(
      and(
        eq(events.clientId, clientId),
        isNotNull(events.actualLiveStart),
        lt(events.actualLiveStart, period.end),
        lt(events.actualLiveStart, now),
        // Written so that events_client_live_end_idx serves it: still live counts as ending at infinity.
        sql`coalesce(${events.actualLiveEnd}, 'infinity'::timestamptz) > ${period.start}`,
      ),
    );
  // Not null: the condition above asks for a start.
  return rows.map((r) => ({ ...r, actualLiveStart: r.actualLiveStart! }));
}

/** VOD, compose and archiver events created in the period. */
export function assetEventsIn(db: DbOrTx, clientId: string, period: Period): Promise<AssetEventRow[]> {
  return db
    .select({
      state: events.state,
      resolution: customProperties.value,
      actualLiveStart: events.actualLiveStart,
      actualLiveEnd: events.actualLiveEnd,
      scheduledStart: events.scheduledStart,
      scheduledEnd: events.scheduledEnd,
    })
    .from(events)
    .leftJoin(customProperties, resolutionJoin)
    .where(
      and(
        eq(events.clientId, clientId),
        gte(events.dateCreated, period.start),
        lt(events.dateCreated, period.end),
        inArray(events.state, [...VOD_STATES, ...COMPOSE_STATES, ...ARCHIVER_STATES]),
      ),
    );
}

/** Publication states that end it without completing (live and VOD alike: 4, 5, 6). */
const FAILED_STATES = [4, 5, 6];

/** Whether some publication was at work in the period (billing.ts, live.mediaSyndication). */
export async function syndicationUsedIn(db: DbOrTx, clientId: string, period: Period, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: publications.id })
    .from(publications)
    .where(
      and(
        eq(publications.clientId, clientId),
        isNotNull(publications.dateStarted),
        lt(publications.dateStarted, period.end),
        lt(publications.dateStarted, now),
        sql`coalesce(${publications.dateCompleted}, case when ${inArray(publications.state, FAILED_STATES)} then ${publications.dateModified} end, 'infinity'::timestamptz) >= ${period.start}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
