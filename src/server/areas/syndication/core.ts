/**
 * What every syndication operation shares: the adapters, the destination as a target sees it, the
 * one way a publication changes state (`transition`: the row, its history, the change feed and the
 * callbacks, in the caller's transaction), and the publication as the interface answers it.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { DestinationTarget, LivePublicationState, publicationStateName, VodPublicationState, type Publication, type PublicationDetails, type PublicationKind } from '#schema';
import { fieldChanges, recordSystemActivity } from '../../activity/record.ts';
import type { DbOrTx } from '../../db/database.ts';
import { events } from '../../db/tables/events.ts';
import {
  publicationCallbacks,
  publicationHistory,
  publications,
  syndicationDestinations,
} from '../../db/tables/syndication.ts';
import { recordEventChange } from '../../changes/record.ts';
import type { Clock } from '../../jobs/clock.ts';
import { z } from 'zod';
import { jobKind } from '../../jobs/define.ts';
import { simulatedTargets, type TargetAdapter, type TargetDestination, type TargetEnv, type TargetView } from '../../sim/targets.ts';
import type { AppServices } from '../../services.ts';

export type PublicationRow = typeof publications.$inferSelect;
export type DestinationRow = typeof syndicationDestinations.$inferSelect;
export type Cause = 'request' | 'target' | 'event' | 'service';

export const LIVE = LivePublicationState.values;
export const VOD = VodPublicationState.values;
export const CALLBACK_JOB = 'syndication.callback';
/** The payload of the jobs that move one publication along (live.ts, vod.ts). */
export const PublicationJobPayload = z.object({ publicationId: z.string().min(1) });
export type PublicationJob = z.output<typeof PublicationJobPayload>;
export const CallbackJobPayload = z.object({ callbackId: z.string().min(1) });
/** Calls one callback URL of a publication (jobs.ts gives it its handler, callbacks.ts). */
export const callbackKind = jobKind(CALLBACK_JOB, CallbackJobPayload);

/** Where the authorisation pages of the simulated targets are served (authorise.ts). */
export const AUTHORISE_PATH = '/api/sim/targets/authorise/';

export interface SyndicationSettings {
  /** The target adapters by target value; default: the simulated targets (src/server/sim/targets.ts). */
  targets?: Readonly<Record<number, TargetAdapter>>;
}

declare module '../../services.ts' {
  interface AppServices {
    /** Media syndication (src/server/areas/syndication/core.ts). */
    syndication?: SyndicationSettings;
  }
}

export function adapterFor(services: AppServices, target: number): TargetAdapter {
  const adapter = services.syndication?.targets?.[target] ?? simulatedTargets[target];
  if (!adapter) throw new Error(`No adapter for target ${target}`);
  return adapter;
}

export function parseConfig(text: string | null): Record<string, unknown> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function asTargetDestination(row: DestinationRow): TargetDestination {
  return { id: row.id, clientId: row.clientId, name: row.name, target: row.target, config: parseConfig(row.configJson), active: row.active, activation: row.activation };
}

export function isFailed(state: number): boolean {
  return state >= 4;
}

export function stateString(kind: PublicationKind, state: number): string {
  return publicationStateName(kind, state);
}

export interface TransitionOptions {
  reason?: string | null;
  cause: Cause;
  /** Other columns to write with the state. */
  set?: Partial<typeof publications.$inferInsert>;
}

/**
 * Moves a publication to `to` (or only writes `set` when the state stays): the row, a history
 * entry for a change of state, a change of its event for the change feed and webhooks, and on
 * reaching Completed its callbacks as jobs. Answers the row as written.
 */
export async function transition(tx: DbOrTx, clock: Clock, row: PublicationRow, to: number, options: TransitionOptions): Promise<PublicationRow> {
  const now = clock.now();
  const changed = row.state !== to;
  const reason = options.reason === undefined ? (changed ? null : row.reason) : options.reason;
  const [written] = await tx
    .update(publications)
    .set({ ...options.set, state: to, reason, dateModified: now })
    .where(eq(publications.id, row.id))
    .returning();
  if (changed) {
    await tx.insert(publicationHistory).values({ clientId: row.clientId, publicationId: row.id, at: now, fromState: row.state, toState: to, reason, cause: options.cause });
    // A request's change is recorded by the binder (http/trust.ts); the rest is syndication's own work.
    if (options.cause !== 'request') {
      await recordSystemActivity(tx, now, {
        clientId: row.clientId,
        system: 'syndication',
        operation: `syndication.${options.cause}`,
        entity: 'publication',
        entityId: row.id,
        changes: fieldChanges({ publicationState: row.state, reason: row.reason }, { publicationState: to, reason }),
      });
    }
    await recordPublicationChange(tx, clock, row);
    if (to === (row.kind === 'live' ? LIVE.Completed : VOD.Completed)) await triggerCallbacks(tx, clock, row);
  }
  return written!;
}

/** The first history entry of a new publication. */
export async function recordCreated(tx: DbOrTx, clock: Clock, row: PublicationRow): Promise<void> {
  await tx.insert(publicationHistory).values({
    clientId: row.clientId,
    publicationId: row.id,
    at: row.dateCreated,
    fromState: null,
    toState: row.state,
    reason: row.reason,
    cause: 'request',
  });
  void clock;
}

/**
 * A publication's change goes to the change feed and the webhooks as a change of its event
 * (action Updated, no flag: the notification payload of the interface has no publication flag).
 */
export async function recordPublicationChange(tx: DbOrTx, clock: Clock, row: Pick<PublicationRow, 'clientId' | 'eventId'>): Promise<void> {
  if (!row.eventId) return;
  const [event] = await tx
    .select({ refId: events.refId, externalId: events.externalId, state: events.state, mp4State: events.mp4State, provisionState: events.provisionState })
    .from(events)
    .where(and(eq(events.id, row.eventId), eq(events.clientId, row.clientId)));
  if (!event) return;
  await recordEventChange(tx, clock, { clientId: row.clientId, eventId: row.eventId, action: 'Updated', event });
}

async function triggerCallbacks(tx: DbOrTx, clock: Clock, row: PublicationRow): Promise<void> {
  const callbacks = await tx.select({ id: publicationCallbacks.id }).from(publicationCallbacks).where(eq(publicationCallbacks.publicationId, row.id));
  for (const callback of callbacks) {
    await callbackKind.enqueue(tx, clock, { callbackId: callback.id }, { clientId: row.clientId, maxAttempts: 8 });
  }
}

// ---- Reading ------------------------------------------------------------------------------------------

export interface SerializeOptions {
  /** Ask the target for the details (queryTarget=true). */
  queryTarget?: boolean;
  services: AppServices;
  db: DbOrTx;
  clock: Clock;
}

/**
 * Publications as the interface answers them, with their destination names and callbacks, in the
 * order given. With queryTarget the target's view is merged into details (null when the target
 * does not answer), and a published item the target no longer shows turns its publication into
 * FailedPublication (public-facts.md: "details missing from the target, or isUnavailable").
 */
export async function serializePublications(rows: readonly PublicationRow[], options: SerializeOptions): Promise<Publication[]> {
  if (rows.length === 0) return [];
  const { db } = options;
  const ids = rows.map((r) => r.id);
  const destinationIds = [...new Set(rows.map((r) => r.destinationId))];
  const [destinations, callbacks] = await Promise.all([
    db.select().from(syndicationDestinations).where(inArray(syndicationDestinations.id, destinationIds)),
    db.select().from(publicationCallbacks).where(inArray(publicationCallbacks.publicationId, ids)).orderBy(asc(publicationCallbacks.url)),
  ]);
  const destinationById = new Map(destinations.map((d) => [d.id, d]));
  const out: Publication[] = [];
  for (let row of rows) {
    const destination = destinationById.get(row.destinationId);
    let details: Record<string, unknown> | null = { isUnavailable: false, ...row.details };
    if (options.queryTarget && destination) {
      const view = row.targetItemId ? await adapterFor(options.services, row.target).view({ db, clock: options.clock }, asTargetDestination(destination), row.targetItemId) : undefined;
      if (view === null) details = null;
      else if (view) {
        details = mergeView(details, view);
        row = await failIfRemoved(db, options.clock, row, view);
      }
    }
    out.push({
      id: row.id,
      target: row.target,
      destinationId: row.destinationId,
      destinationName: destination?.name ?? null,
      transactionId: row.transactionId,
      contentId: row.contentId,
      dateCreated: row.dateCreated.toISOString(),
      dateStarted: row.dateStarted?.toISOString() ?? null,
      dateCompleted: row.dateCompleted?.toISOString() ?? null,
      publicationState: row.state,
      publicationStateString: stateString(row.kind, row.state),
      details: details as PublicationDetails | null,
      callbacks: callbacks
        .filter((c) => c.publicationId === row.id)
        .map((c) => ({ id: c.id, publicationId: c.publicationId, url: c.url, lastTriggered: c.lastTriggered?.toISOString() ?? null })),
    });
  }
  return out;
}

function mergeView(details: Record<string, unknown>, view: TargetView): Record<string, unknown> {
  return { ...details, ...view.keys, link: view.link, embedHtml: view.embedHtml, isUnavailable: view.isUnavailable };
}

/** A completed (or running) publication whose item the target no longer shows has failed. */
export async function failIfRemoved(db: DbOrTx, clock: Clock, row: PublicationRow, view: TargetView): Promise<PublicationRow> {
  if (!view.isUnavailable || isFailed(row.state)) return row;
  const published = row.kind === 'vod' ? row.state === VOD.Completed || row.state === VOD.Scheduled : row.state === LIVE.InProgress || row.state === LIVE.Completed;
  if (!published) return row;
  const reason = String(Object.entries(view.keys).find(([k]) => k.endsWith('removalReason'))?.[1] ?? 'The item is no longer available on the target.');
  return transition(db, clock, row, row.kind === 'live' ? LIVE.FailedPublication : VOD.FailedPublication, {
    reason: `${DestinationTarget.nameOf(row.target) ?? 'The target'}: ${reason}`,
    cause: 'target',
    ...(row.kind === 'live' && row.state === LIVE.InProgress ? { set: { dateCompleted: clock.now(), startRequested: false } } : {}),
  });
}

export function targetEnv(db: DbOrTx, clock: Clock): TargetEnv {
  return { db, clock };
}
