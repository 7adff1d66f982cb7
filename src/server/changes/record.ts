/**
 * Recording a change of an event: every write path calls `recordEventChange` with the same
 * transaction it writes the event with, and one statement records everything that follows from
 * it, so it commits (or rolls back) with the write:
 *
 * - Webhooks: the change's deliveries, one per matching webhook (fanout.ts `changeDeliveries`),
 *   and a NOTIFY that wakes the webhook area's dispatchers at commit.
 * - The change log's post-commit hook (committed.ts): a `NOTIFY` sent here in the writer's
 *   transaction (listen.ts `changeNotice`: every process sharing a PostgreSQL database hears it at
 *   commit, PGlite this process; none does for a rollback) drops the client's cached answers and
 *   wakes the change feed (changes/feed.ts), which reads `event_changes` by seq; it polls as
 *   well, in case one is lost.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../db/database.ts';
import { eventChanges } from '../db/tables/changes.ts';
import type { Clock } from '../jobs/clock.ts';
import { changeDeliveries, wakeDispatchers } from './fanout.ts';
import { toNotification } from './notification.ts';
import { changeNotice } from './listen.ts';

/** The flags of the interface's notification payload ("Notification payload"). */
export interface ChangeFlags {
  stateChanged?: boolean;
  metadataChanged?: boolean;
  thumbnailChanged?: boolean;
  isForced?: boolean;
  audioChanged?: boolean;
  mp4StateChanged?: boolean;
  chapterPointsChanged?: boolean;
  assetsChanged?: boolean;
  provisionStateChanged?: boolean;
  capturingLive2VodFlagChanged?: boolean;
}

export type ChangeAction = 'Added' | 'Updated' | 'Deleted' | 'Restored';

export interface EventChange {
  clientId: string;
  eventId: string;
  action: ChangeAction;
  /** The event as it is after the change. */
  event: { refId: string | null; externalId: string | null; state: number; mp4State: number; provisionState: number | null };
  flags?: ChangeFlags;
}

/** The flag columns of `event_changes`, by flag. */
const FLAG_COLUMNS: Record<keyof ChangeFlags, string> = {
  stateChanged: eventChanges.stateChanged.name,
  metadataChanged: eventChanges.metadataChanged.name,
  thumbnailChanged: eventChanges.thumbnailChanged.name,
  isForced: eventChanges.isForced.name,
  audioChanged: eventChanges.audioChanged.name,
  mp4StateChanged: eventChanges.mp4StateChanged.name,
  chapterPointsChanged: eventChanges.chapterPointsChanged.name,
  assetsChanged: eventChanges.assetsChanged.name,
  provisionStateChanged: eventChanges.provisionStateChanged.name,
  capturingLive2VodFlagChanged: eventChanges.capturingLive2VodFlagChanged.name,
};

/** A change's statement in two parts, so that another data-modifying statement can join its WITH. */
interface ChangeStatement {
  ctes: SQL;
  select: SQL;
}

/**
 * Transactions of a request's write whose changes wait for the write's activity entry
 * (http/trust.ts): the change and the entry are then sent as one statement (`sendHeldChanges`).
 */
const held = new WeakMap<object, ChangeStatement[]>();

/** From now on, the changes recorded on `tx` (this handle, not a savepoint inside it) wait for `sendHeldChanges`. */
export function holdChanges(tx: DbOrTx): void {
  held.set(tx, []);
}

/**
 * Sends the changes held on `tx`, and `alongside` (a data-modifying statement: the activity entry)
 * in the same statement when there is one change, else after them.
 */
export async function sendHeldChanges(tx: DbOrTx, alongside: SQLWrapper | undefined): Promise<void> {
  const changes = held.get(tx) ?? [];
  held.delete(tx);
  if (changes.length === 1 && alongside) {
    await tx.execute(sql`with ${changes[0]!.ctes}, alongside as (${alongside.getSQL()}) ${changes[0]!.select}`);
    return;
  }
  for (const change of changes) await tx.execute(sql`with ${change.ctes} ${change.select}`);
  if (alongside) await tx.execute(alongside.getSQL());
}

/**
 * One statement, so one round trip inside the writer's transaction: the change row, its webhook
 * deliveries, and the NOTIFYs (change feed; webhook dispatchers when there are deliveries), both
 * delivered at commit. In a request's write it waits for the write's activity entry and goes with
 * it (`holdChanges`); its seq is then not known here (undefined).
 */
export async function recordEventChange(db: DbOrTx, clock: Clock, change: EventChange): Promise<number | undefined> {
  const now = clock.now();
  const flags = Object.entries(change.flags ?? {}).filter(([name, value]) => name in FLAG_COLUMNS && typeof value === 'boolean') as [keyof ChangeFlags, boolean][];
  const flagColumns = flags.map(([name]) => sql`, ${sql.identifier(FLAG_COLUMNS[name])}`);
  const flagValues = flags.map(([, value]) => sql`, ${value}`);
  const notification = {
    eventId: change.eventId,
    action: change.action,
    referenceId: change.event.refId,
    externalId: change.event.externalId,
    state: change.event.state,
    mp4State: change.event.mp4State,
    provisionState: change.event.provisionState,
    ...Object.fromEntries(flags),
  };
  const statement: ChangeStatement = {
    ctes: sql`change as (
      insert into ${eventChanges} (client_id, event_id, action, reference_id, external_id, state, mp4_state, provision_state, created_at${sql.join(flagColumns)})
      values (${change.clientId}, ${change.eventId}, ${change.action}, ${change.event.refId}, ${change.event.externalId}, ${change.event.state},
        ${change.event.mp4State}, ${change.event.provisionState}, ${now}${sql.join(flagValues)})
      returning seq, client_id, event_id
    ), deliveries as (${changeDeliveries(sql`change`, notification, now)})`,
    select: sql`select seq, ${changeNotice(sql`seq`, sql`client_id`)}, ${wakeDispatchers(sql`deliveries`)} from change`,
  };
  const waiting = held.get(db);
  if (waiting) {
    waiting.push(statement);
    return undefined;
  }
  const result = await db.execute(sql`with ${statement.ctes} ${statement.select}`);
  return Number((result as unknown as { rows: { seq: string | number }[] }).rows[0]!.seq);
}

/**
 * The changes of many events written in one transaction (an import), recorded in one statement as
 * `recordEventChange` records one: the rows in the order given (their seqs increase in it), the
 * deliveries of each, and one NOTIFY each for the change log (per client) and the dispatchers. Each event
 * appears once in `changes`.
 */
export async function recordEventChanges(db: DbOrTx, clock: Clock, changes: readonly EventChange[]): Promise<void> {
  if (changes.length === 0) return;
  if (new Set(changes.map((c) => c.eventId)).size !== changes.length) throw new Error('recordEventChanges: one change per event');
  const now = clock.now();
  const flagNames = Object.keys(FLAG_COLUMNS) as (keyof ChangeFlags)[];
  const rows = changes.map((c, i) => ({
    i,
    client_id: c.clientId,
    event_id: c.eventId,
    action: c.action,
    reference_id: c.event.refId,
    external_id: c.event.externalId,
    state: c.event.state,
    mp4_state: c.event.mp4State,
    provision_state: c.event.provisionState,
    ...Object.fromEntries(flagNames.map((name) => [FLAG_COLUMNS[name], c.flags?.[name] === true])),
    payload: toNotification({ eventId: c.eventId, action: c.action, referenceId: c.event.refId, externalId: c.event.externalId, state: c.event.state, mp4State: c.event.mp4State, provisionState: c.event.provisionState, ...c.flags }),
  }));
  const flagColumns = flagNames.map((name) => sql.raw(FLAG_COLUMNS[name]));
  await db.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(i int, client_id uuid, event_id uuid, action text, reference_id text,
        external_id text, state int, mp4_state int, provision_state int, ${sql.join(flagColumns.map((c) => sql`${c} boolean`), sql`, `)}, payload jsonb)
    ), change as (
      insert into ${eventChanges} (client_id, event_id, action, reference_id, external_id, state, mp4_state, provision_state, created_at, ${sql.join(flagColumns, sql`, `)})
      select client_id, event_id, action, reference_id, external_id, state, mp4_state, provision_state, ${now}, ${sql.join(flagColumns, sql`, `)}
      from input order by i
      returning seq, client_id, event_id
    ), changed as (
      select c.seq, c.client_id, c.event_id, x.payload from change c join input x on x.event_id = c.event_id
    ), deliveries as (${changeDeliveries(sql`changed`, undefined, now)})
    select ${changeNotice(sql`n.seq`, sql`n.client_id`)}, ${wakeDispatchers(sql`deliveries`)}
    from (select client_id, max(seq) as seq from change group by client_id) n`);
}
