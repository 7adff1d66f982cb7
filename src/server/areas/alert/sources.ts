/**
 * Where alerts come from: one query per kind of trouble, each on an index of its table (a
 * partial index of the failed rows where the list's own indexes do not serve), each at most
 * PER_KIND rows, newest first. Nothing is stored: an alert exists while its trouble does.
 */
import { and, count, desc, eq, gt, inArray, isNull, lt, max, sql } from 'drizzle-orm';
import { DestinationTarget, type Alert } from '#schema';
import type { DbOrTx } from '../../db/database.ts';
import { archiverSegments, assets, events, publications, syndicationDestinations, vodDownloads, webhookDeliveries, webhooks } from '../../db/tables/index.ts';
import { streamingFaults } from '../encoder-health/index.ts';

/** What a source answers: an alert without its acknowledgement. */
export type Found = Omit<Alert, 'acknowledgedAt'>;

export const PER_KIND = 100;
/** A VOD publication processing this long without a change is stalled. */
export const STALLED_MS = 15 * 60_000;
/** Segments given up longer ago than this are history, not an alert. */
export const SEGMENTS_WINDOW_MS = 24 * 3_600_000;

const FAILED_PUBLICATION = [4, 5, 6];
/** REMIX_ERROR, VOD_ERROR, COMPOSE_ERROR. */
const PROCESSING_ERRORS: Record<number, string> = { 15: 'The remix could not be made', 16: 'The VOD could not be processed', 23: 'The composition could not be generated' };
const ENCODER_FAULTS: Record<string, string> = {
  bitrateDrop: 'The ingest bitrate has dropped',
  frameDrops: 'The encoder is dropping frames',
  pointDown: 'A publishing point is down',
  ingestLost: 'The encoder receives no signal',
};

const iso = (d: Date | null | undefined, fallback: Date) => (d ?? fallback).toISOString();
const targetName = (target: number) => DestinationTarget.nameOf(target) ?? `target ${target}`;

/** What tells one alert from another of its kind: the rest of `Found` is the kind's and its subject's. */
type AlertText = Pick<Found, 'severity' | 'title' | 'detail' | 'at'> & Partial<Pick<Found, 'eventId' | 'eventTitle' | 'count'>>;

/**
 * An alert of `kind` about one record. Its id is `<kind>:<subject id>` (AlertSchema), the same while
 * the trouble lasts, so an acknowledgement holds; it stands for one thing and no event unless it says.
 */
function alertAbout(kind: Found['kind'], subject: Found['subject'], text: AlertText): Found {
  const { severity, title, detail, at, eventId = null, eventTitle = null, count = 1 } = text;
  return { id: `${kind}:${subject.id}`, kind, severity, title, detail, at, subject, eventId, eventTitle, count };
}

/**
 * Failed publications not tried again since: a retry of a VOD publication is a new publication of
 * the same event to the same destination (a live one is recreated in place). Once retries are
 * linked to what they retry (issue 28's trust-states), that link can say it instead.
 */
async function failedPublications(db: DbOrTx, clientId: string): Promise<Found[]> {
  const retried = sql`exists (select 1 from ${publications} p2 where p2.client_id = ${publications.clientId} and p2.event_id = ${publications.eventId}
    and p2.destination_id = ${publications.destinationId} and p2.date_created > ${publications.dateCreated})`;
  const rows = await db
    .select({ p: publications, destination: syndicationDestinations.name, title: events.title })
    .from(publications)
    .leftJoin(syndicationDestinations, and(eq(syndicationDestinations.id, publications.destinationId), eq(syndicationDestinations.clientId, publications.clientId)))
    .leftJoin(events, and(eq(events.id, publications.eventId), eq(events.clientId, publications.clientId)))
    // publications_monitor_idx: (client, state >= 4, created).
    .where(and(eq(publications.clientId, clientId), sql`${publications.state} >= 4`, inArray(publications.state, FAILED_PUBLICATION), sql`not ${retried}`))
    .orderBy(desc(publications.dateCreated))
    .limit(PER_KIND);
  return rows.map(({ p, destination, title }) => alertAbout('publicationFailed', { type: 'publication', id: p.id, name: destination }, {
    severity: 'error',
    title: `${p.kind === 'live' ? 'Live' : 'VOD'} publication failed on ${destination ?? targetName(p.target)}`,
    detail: p.reason,
    at: p.dateModified.toISOString(),
    eventId: p.eventId,
    eventTitle: title,
  }));
}

async function stalledPublications(db: DbOrTx, clientId: string, now: Date): Promise<Found[]> {
  const rows = await db
    .select({ p: publications, destination: syndicationDestinations.name, title: events.title })
    .from(publications)
    .leftJoin(syndicationDestinations, and(eq(syndicationDestinations.id, publications.destinationId), eq(syndicationDestinations.clientId, publications.clientId)))
    .leftJoin(events, and(eq(events.id, publications.eventId), eq(events.clientId, publications.clientId)))
    // publications_client_state_idx: (client, state, created); 0 is a VOD publication processing.
    .where(and(eq(publications.clientId, clientId), eq(publications.state, 0), eq(publications.kind, 'vod'), lt(publications.dateModified, new Date(now.getTime() - STALLED_MS))))
    .orderBy(desc(publications.dateModified))
    .limit(PER_KIND);
  return rows.map(({ p, destination, title }) => alertAbout('publicationStalled', { type: 'publication', id: p.id, name: destination }, {
    severity: 'warning',
    title: `VOD publication on ${destination ?? targetName(p.target)} has not moved for ${Math.round((now.getTime() - p.dateModified.getTime()) / 60_000)} minutes`,
    detail: p.progress !== null ? `Stuck at ${p.progress} %` : p.reason,
    at: p.dateModified.toISOString(),
    eventId: p.eventId,
    eventTitle: title,
  }));
}

/** Deliveries given up since the webhook's last delivered one: once one gets through again (a redelivery), the alert is over. */
async function webhooksGivenUp(db: DbOrTx, clientId: string): Promise<Found[]> {
  const lastDelivered = sql`coalesce((select max(d2.created_at) from ${webhookDeliveries} d2
    where d2.webhook_id = ${webhookDeliveries.webhookId} and d2.status = 'delivered'), '-infinity'::timestamptz)`;
  const rows = await db
    .select({ webhookId: webhookDeliveries.webhookId, n: count(), last: max(webhookDeliveries.completedAt), url: webhooks.webhookUrl, eventId: webhooks.eventId })
    .from(webhookDeliveries)
    .innerJoin(webhooks, and(eq(webhooks.id, webhookDeliveries.webhookId), eq(webhooks.clientId, webhookDeliveries.clientId)))
    // webhook_deliveries_failed_idx: (client, webhook, completed) where failed.
    .where(and(eq(webhookDeliveries.clientId, clientId), eq(webhookDeliveries.status, 'failed'), sql`${webhookDeliveries.completedAt} > ${lastDelivered}`))
    .groupBy(webhookDeliveries.webhookId, webhooks.webhookUrl, webhooks.eventId)
    .orderBy(desc(max(webhookDeliveries.completedAt)))
    .limit(PER_KIND);
  return rows.map((r) => alertAbout('webhookGaveUp', { type: 'webhook', id: r.webhookId, name: r.url }, {
    severity: 'error',
    title: `${r.n} ${r.n === 1 ? 'delivery' : 'deliveries'} given up to ${r.url}`,
    detail: 'Every attempt failed; the receiver did not answer with a 2xx status.',
    at: iso(r.last, new Date(0)),
    eventId: r.eventId,
    count: r.n,
  }));
}

async function capturesWithFailedSegments(db: DbOrTx, clientId: string, now: Date): Promise<Found[]> {
  const rows = await db
    .select({ captureId: archiverSegments.captureId, n: count(), last: max(archiverSegments.updatedAt) })
    .from(archiverSegments)
    // archiver_segments_given_up_idx: (client, capture, updated) where gave_up.
    .where(and(eq(archiverSegments.clientId, clientId), eq(archiverSegments.gaveUp, true), gt(archiverSegments.updatedAt, new Date(now.getTime() - SEGMENTS_WINDOW_MS))))
    .groupBy(archiverSegments.captureId)
    .orderBy(desc(max(archiverSegments.updatedAt)))
    .limit(PER_KIND);
  return rows.map((r) => alertAbout('captureSegmentsFailed', { type: 'capture', id: r.captureId, name: r.captureId }, {
    severity: 'warning',
    title: `${r.n} ${r.n === 1 ? 'segment' : 'segments'} of capture ${r.captureId} could not be archived`,
    detail: 'The archiver gave up on them: the capture has gaps there.',
    at: iso(r.last, now),
    count: r.n,
  }));
}

async function encoderFaults(db: DbOrTx, clientId: string): Promise<Found[]> {
  return (await streamingFaults(db, clientId)).map((f) => alertAbout('encoderFault', { type: 'event', id: f.eventId, name: f.title }, {
    severity: f.fault === 'ingestLost' ? 'error' : 'warning',
    title: `${ENCODER_FAULTS[f.fault] ?? 'The encoder reports a fault'}: ${f.title}`,
    detail: null,
    at: f.since.toISOString(),
    eventId: f.eventId,
    eventTitle: f.title,
  }));
}

async function failedDownloads(db: DbOrTx, clientId: string): Promise<Found[]> {
  const rows = await db
    .select()
    .from(vodDownloads)
    // vod_downloads_failed_idx: (client, failure date) where failed.
    .where(and(eq(vodDownloads.clientId, clientId), eq(vodDownloads.status, 'failed')))
    .orderBy(desc(vodDownloads.failureDate))
    .limit(PER_KIND);
  return rows.map((d) => alertAbout('downloadFailed', { type: 'download', id: d.id, name: d.mp4Filename }, {
    severity: 'error',
    title: `The download ${d.mp4Filename} could not be made`,
    detail: d.failureReason,
    at: iso(d.failureDate, d.creationDate),
    eventId: d.eventId,
  }));
}

async function failedAssets(db: DbOrTx, clientId: string): Promise<Found[]> {
  const rows = await db
    .select({ a: assets, title: events.title })
    .from(assets)
    .leftJoin(events, and(eq(events.id, assets.eventId), eq(events.clientId, assets.clientId)))
    // assets_failed_idx: (client, modified) where failed.
    .where(and(eq(assets.clientId, clientId), eq(assets.state, 2)))
    .orderBy(desc(assets.dateModified))
    .limit(PER_KIND);
  return rows.map(({ a, title }) => alertAbout('assetFailed', { type: 'asset', id: a.id, name: a.name }, {
    severity: 'warning',
    title: `The asset ${a.name} could not be made`,
    detail: a.error,
    at: a.dateModified.toISOString(),
    eventId: a.eventId,
    eventTitle: title,
  }));
}

async function failedEvents(db: DbOrTx, clientId: string): Promise<Found[]> {
  const live = isNull(events.dateDeleted);
  const [mp4, processing] = [
    // events_mp4_failed_idx: (client, modified) where the MP4 failed.
    await db.select().from(events).where(and(eq(events.clientId, clientId), eq(events.mp4State, 4), live)).orderBy(desc(events.dateModified)).limit(PER_KIND),
    // events_client_state_idx: (client, state).
    await db.select().from(events).where(and(eq(events.clientId, clientId), inArray(events.state, [15, 16, 23]), live)).orderBy(desc(events.dateModified)).limit(PER_KIND),
  ];
  return [
    ...mp4.map((e): Found => alertAbout('mp4Failed', { type: 'event', id: e.id, name: e.title }, {
      severity: 'warning',
      title: `The MP4 of ${e.title} could not be made`,
      detail: null,
      at: e.dateModified.toISOString(),
      eventId: e.id,
      eventTitle: e.title,
    })),
    ...processing.map((e): Found => alertAbout('processingFailed', { type: 'event', id: e.id, name: e.title }, {
      severity: 'error',
      title: `${PROCESSING_ERRORS[e.state]}: ${e.title}`,
      detail: null,
      at: e.dateModified.toISOString(),
      eventId: e.id,
      eventTitle: e.title,
    })),
  ];
}

/** Inactive destinations that were in use (they have publications) or whose authorisation was refused. */
async function unauthorisedDestinations(db: DbOrTx, clientId: string): Promise<Found[]> {
  const used = sql`exists (select 1 from ${publications} p where p.client_id = ${syndicationDestinations.clientId} and p.destination_id = ${syndicationDestinations.id})`;
  const rows = await db
    .select()
    .from(syndicationDestinations)
    .where(and(eq(syndicationDestinations.clientId, clientId), eq(syndicationDestinations.active, false), sql`(${syndicationDestinations.activation}->>'status' = 'denied' or ${used})`))
    .orderBy(desc(syndicationDestinations.dateModified))
    .limit(PER_KIND);
  return rows.map((d) => alertAbout('destinationNotAuthorised', { type: 'destination', id: d.id, name: d.name }, {
    severity: 'error',
    title: `${d.name} is not authorised on ${targetName(d.target)}`,
    detail: d.activation.status === 'denied' ? 'The authorisation was refused on the target.' : 'Publications to it cannot start until it is activated again.',
    at: d.dateModified.toISOString(),
  }));
}

/** Every alert of the client now, newest first. */
export async function findAlerts(db: DbOrTx, clientId: string, now: Date): Promise<Found[]> {
  const found: Found[] = [];
  // One after the other: PGlite has one connection, and each is a short indexed read.
  for (const source of [
    () => failedPublications(db, clientId),
    () => stalledPublications(db, clientId, now),
    () => webhooksGivenUp(db, clientId),
    () => capturesWithFailedSegments(db, clientId, now),
    () => encoderFaults(db, clientId),
    () => failedDownloads(db, clientId),
    () => failedAssets(db, clientId),
    () => failedEvents(db, clientId),
    () => unauthorisedDestinations(db, clientId),
  ]) {
    found.push(...(await source()));
  }
  return found.sort((a, b) => b.at.localeCompare(a.at) || a.id.localeCompare(b.id));
}
