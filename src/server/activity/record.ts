/**
 * Recording activity (DESIGN.md "Trust"): one row of `activity` per change, written with the
 * transaction that makes the change, so a write that rolls back leaves none and nothing commits
 * unrecorded.
 *
 * - A request's write is recorded by the binder (http/trust.ts), from the record as its GET
 *   answers it before and after the handler: no handler records anything itself.
 * - Background work (automation, the encoder, syndication, the archiver, downloads) records what it
 *   changes with `recordSystemActivity`, in the transaction that changes it, naming itself:
 *
 *   await recordSystemActivity(tx, clock.now(), {
 *     clientId, system: 'encoder', operation: 'encoder.started', entity: 'event', entityId: eventId,
 *     changes: fieldChanges({ stateString: 'LIVE_STARTING' }, { stateString: 'LIVE_UNPUBLISHED' }),
 *   });
 */
import type { ResourceKind } from '#schema';
import type { DbOrTx } from '../db/database.ts';
import { activity, type StoredChange } from '../db/tables/trust.ts';
import type { AuthenticatedClient } from '../db/keys.ts';
import { diffRecords } from './diff.ts';

export interface ActivityRecord {
  clientId: string;
  /** The key that acted; absent for background work, which names itself in `system`. */
  key?: Pick<AuthenticatedClient, 'keyId' | 'keyLabel' | 'role'>;
  system?: string;
  operation: string;
  entity: ResourceKind;
  entityId: string | null;
  changes: StoredChange[];
  transactionId?: string;
}

export async function recordActivity(db: DbOrTx, at: Date, records: readonly ActivityRecord[]): Promise<void> {
  if (records.length > 0) await activityInsert(db, at, records);
}

/** The insert of `records` (at least one), unsent: a request's write sends it with its change (http/trust.ts). */
export function activityInsert(db: DbOrTx, at: Date, records: readonly ActivityRecord[]) {
  return db.insert(activity).values(
    records.map((r) => ({
      clientId: r.clientId,
      at,
      keyId: r.key?.keyId ?? null,
      keyLabel: r.key?.keyLabel ?? null,
      role: r.key?.role ?? null,
      system: r.key ? null : (r.system ?? 'service'),
      operation: r.operation,
      entity: r.entity,
      entityId: r.entityId,
      changes: r.changes,
      transactionId: r.transactionId ?? null,
    })),
  );
}

export interface SystemActivity {
  clientId: string;
  /** What acted: `automation`, `encoder`, `syndication`, `archiver`, `downloads`... */
  system: string;
  /** `<system>.<what happened>`: `automation.autoStart`, `syndication.published`. */
  operation: string;
  entity: ResourceKind;
  entityId: string | null;
  changes: StoredChange[];
}

/** The one way background work records what it changed (see the top of this file). */
export async function recordSystemActivity(db: DbOrTx, at: Date, entry: SystemActivity): Promise<void> {
  await recordActivity(db, at, [entry]);
}

/** The fields that differ between two states of a record, for `changes` (secrets: fields never shown). */
export function fieldChanges(before: unknown, after: unknown, secrets: readonly string[] = []): StoredChange[] {
  return diffRecords(before, after, secrets);
}
