/**
 * What every syndication operation shares: the adapters, the destination as a target sees it, the
 * one way a publication changes (`transition`: the row, its history, the change feed and the
 * callbacks, in the caller's transaction), changes decided outside a transaction and applied in
 * one (`Planned`), and the publication as the interface answers it.
 */
import { DestinationTarget, LivePublicationState, publicationStateName, VodPublicationState, type Publication, type PublicationDetails, type PublicationKind } from '#schema';
import { fieldChanges, recordSystemActivity } from '../../activity/record.ts';
import type { DbOrTx } from '../../db/database.ts';
import type { Clock } from '../../jobs/clock.ts';
import { z } from 'zod';
import { jobKind } from '../../jobs/define.ts';
import type { AppServices } from '../../services.ts';
import { recordEventUpdate } from '../event/index.ts';
import { callbacksOf, insertHistory, publicationById, updatePublication, type NewPublication, type PublicationRow } from './repo.ts';
import { destinationsByIds, type DestinationRow } from './destination-repo.ts';
import type { TargetAdapter, TargetDestination, TargetEnv, TargetView } from './target.ts';
import { recordChange } from '../../changes/record-entity.ts';

export type { DestinationRow, PublicationRow };
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

/** Where the authorisation pages of the simulated targets are served (authorise-extension.ts). */
export const AUTHORISE_PATH = '/api/sim/targets/authorise/';

export function adapterFor(services: Pick<AppServices, 'targets'>, target: number): TargetAdapter {
  const adapter = services.targets[target];
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

/**
 * The target calls run on the service's handle, outside any transaction: a platform's answer
 * takes what it takes, and the simulated platforms write their side as they answer.
 */
export function targetEnv(db: DbOrTx, clock: Clock): TargetEnv {
  return { db, clock };
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
  set?: Partial<NewPublication>;
}

/**
 * Moves a publication to `to` (or only writes `set` when the state stays): the row, a history
 * entry for a change of state, a change of its event for the change feed and webhooks, and on
 * reaching Completed its callbacks as jobs. Every change of a publication goes through here.
 * Answers the row as written.
 */
export async function transition(tx: DbOrTx, clock: Clock, row: PublicationRow, to: number, options: TransitionOptions): Promise<PublicationRow> {
  const now = clock.now();
  const changed = row.state !== to;
  const reason = options.reason === undefined ? (changed ? null : row.reason) : options.reason;
  const written = await updatePublication(tx, row.clientId, row.id, { ...options.set, state: to, reason, dateModified: now });
  // The change feed: every change of state or of the upload's progress.
  if (written && (changed || written.progress !== row.progress)) await recordPublication(tx, clock, written, 'Updated');
  if (changed) {
    await insertHistory(tx, { clientId: row.clientId, publicationId: row.id, at: now, fromState: row.state, toState: to, reason, cause: options.cause });
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
  return written ?? row;
}

/** The first history entry of a new publication. */
export async function recordCreated(tx: DbOrTx, clock: Clock, row: PublicationRow): Promise<void> {
  await insertHistory(tx, { clientId: row.clientId, publicationId: row.id, at: row.dateCreated, fromState: null, toState: row.state, reason: row.reason, cause: 'request' });
  await recordPublication(tx, clock, row, 'Added');
}

/** A publication on the change feed (EntityChange), with its upload's progress while it has one. */
export function recordPublication(tx: DbOrTx, clock: Clock, row: Pick<PublicationRow, 'clientId' | 'id' | 'eventId' | 'progress'>, action: 'Added' | 'Updated' | 'Deleted'): Promise<void> {
  const progress = row.progress === null || action === 'Deleted' ? null : { percent: row.progress, etaSeconds: null };
  return recordChange(tx, clock, row.clientId, { kind: 'publication', id: row.id, eventId: row.eventId, action, progress });
}

/**
 * A publication's change goes to the change feed and the webhooks as a change of its event
 * (action Updated, no flag: the notification payload of the interface has no publication flag).
 */
export async function recordPublicationChange(tx: DbOrTx, clock: Clock, row: Pick<PublicationRow, 'clientId' | 'eventId'>): Promise<void> {
  if (row.eventId) await recordEventUpdate(tx, clock, row.clientId, row.eventId);
}

async function triggerCallbacks(tx: DbOrTx, clock: Clock, row: PublicationRow): Promise<void> {
  for (const callback of await callbacksOf(tx, row.clientId, [row.id])) {
    await callbackKind.enqueue(tx, clock, { callbackId: callback.id }, { clientId: row.clientId, maxAttempts: 8 });
  }
}

// ---- Changes decided outside a transaction --------------------------------------------------------

export interface Step {
  to: number;
  options: TransitionOptions;
}

/**
 * The changes of one publication decided from a row read outside the transaction, after the
 * target answered (an operation's prepare step, a job before it writes). `apply` writes them if
 * the row is still as it was read; if something else changed it meanwhile, the row stays as that
 * left it (the target's answer was for a publication that is no longer there).
 */
export interface Planned {
  row: PublicationRow;
  steps: Step[];
}

export const plan = (row: PublicationRow, ...steps: Step[]): Planned => ({ row, steps });

/** The row a plan leads to, as it would read (for a plan's next decision before it is written). */
export function planned(p: Planned): PublicationRow {
  return p.steps.reduce<PublicationRow>((row, s) => ({ ...row, ...s.options.set, state: s.to } as PublicationRow), p.row);
}

/** What tells a row read earlier from the row now (the clock of a test may not move between two writes). */
const versionOf = (row: PublicationRow) => [row.state, row.targetItemId, row.progress, row.startRequested, row.reason, row.dateModified.getTime()].join('|');

/** Writes a plan; answers the row as it is after, and whether the plan was written (undefined: the publication is gone). */
export async function apply(tx: DbOrTx, clock: Clock, p: Planned): Promise<{ row: PublicationRow; applied: boolean } | undefined> {
  const current = await publicationById(tx, p.row.clientId, p.row.id, { lock: true });
  if (!current) return undefined;
  if (versionOf(current) !== versionOf(p.row)) return { row: current, applied: false };
  let row = current;
  for (const step of p.steps) row = await transition(tx, clock, row, step.to, step.options);
  return { row, applied: true };
}

// ---- Reading ------------------------------------------------------------------------------------------

/** What the targets said of publications' items (queryTarget=true): a view, or null when the target does not answer. */
export type Views = ReadonlyMap<string, TargetView | null>;

/**
 * Asks the targets about the items of publications (queryTarget=true), outside any transaction.
 * A published item the target no longer shows turns its publication into FailedPublication
 * (public-facts.md: "details missing from the target, or isUnavailable"): the plans say so.
 */
export async function viewItems(db: DbOrTx, clock: Clock, services: Pick<AppServices, 'targets'>, rows: readonly PublicationRow[]): Promise<{ views: Views; plans: Planned[] }> {
  const views = new Map<string, TargetView | null>();
  const plans: Planned[] = [];
  const destinations = new Map((await destinationsByIds(db, rows[0]?.clientId ?? '', rows.map((r) => r.destinationId))).map((d) => [d.id, d]));
  for (const row of rows) {
    const destination = destinations.get(row.destinationId);
    if (!destination || !row.targetItemId) continue;
    const view = await adapterFor(services, row.target).view(targetEnv(db, clock), asTargetDestination(destination), row.targetItemId);
    views.set(row.id, view);
    const failed = view && failedOnTarget(row, view, clock.now());
    if (failed) plans.push(failed);
  }
  return { views, plans };
}

/** A completed (or running) publication whose item the target no longer shows has failed. */
export function failedOnTarget(row: PublicationRow, view: TargetView, now: Date): Planned | undefined {
  if (!view.isUnavailable || isFailed(row.state)) return undefined;
  const published = row.kind === 'vod' ? row.state === VOD.Completed || row.state === VOD.Scheduled : row.state === LIVE.InProgress || row.state === LIVE.Completed;
  if (!published) return undefined;
  const reason = String(Object.entries(view.keys).find(([k]) => k.endsWith('removalReason'))?.[1] ?? 'The item is no longer available on the target.');
  return plan(row, {
    to: row.kind === 'live' ? LIVE.FailedPublication : VOD.FailedPublication,
    options: {
      reason: `${DestinationTarget.nameOf(row.target) ?? 'The target'}: ${reason}`,
      cause: 'target',
      ...(row.kind === 'live' && row.state === LIVE.InProgress ? { set: { dateCompleted: now, startRequested: false } } : {}),
    },
  });
}

/**
 * Publications as the interface answers them, with their destination names and callbacks, in the
 * order given. With `views` (queryTarget=true) the target's view is merged into details (null when
 * the target did not answer).
 */
export async function serializePublications(db: DbOrTx, rows: readonly PublicationRow[], views?: Views): Promise<Publication[]> {
  if (rows.length === 0) return [];
  const clientId = rows[0]!.clientId;
  // One after the other: `db` is often a write's transaction, one connection that runs one statement at a time.
  const destinations = await destinationsByIds(db, clientId, rows.map((r) => r.destinationId));
  const callbacks = await callbacksOf(db, clientId, rows.map((r) => r.id));
  const destinationById = new Map(destinations.map((d) => [d.id, d]));
  return rows.map((row) => {
    let details: Record<string, unknown> | null = { isUnavailable: false, ...row.details };
    if (views?.has(row.id)) {
      const view = views.get(row.id)!;
      details = view === null ? null : { ...details, ...view.keys, link: view.link, embedHtml: view.embedHtml, isUnavailable: view.isUnavailable };
    }
    return {
      id: row.id,
      target: row.target,
      destinationId: row.destinationId,
      destinationName: destinationById.get(row.destinationId)?.name ?? null,
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
    };
  });
}
