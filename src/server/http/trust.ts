/**
 * Trust in the binder (DESIGN.md "Trust"), from what each operation record declares, so no handler
 * does any of it itself:
 *
 * - **Roles**: a key's role must allow the operation's `role` (checked before the handler): 403
 *   naming the role and what it may do otherwise.
 * - **Versions**: a single-record GET that declares `resource` answers the record's version as a
 *   strong ETag. A write that declares one locks the record (`FOR UPDATE`) in its transaction and,
 *   when the caller sent If-Match, answers 412 PreconditionFailed (naming the current version, with
 *   the record as it is now) unless it matches, before the handler writes anything.
 * - **Activity**: a successful write reads its record as its GET answers it, before and after the
 *   handler, in the same transaction, and records who did what to which fields (activity/). A
 *   refused write rolls back with its entry. The version moves on exactly when the record's answer
 *   changed: set here when the change went through another table (a playlist's items), set back
 *   when the write changed nothing.
 * - **At no cost of its own where it can** (resources.ts): the lock, the version and the record
 *   before are one read that the handler's own read then takes (`readForWrite`), the record after
 *   is the handler's answer where that is the record (`fromAnswer`), and the activity entry goes
 *   in the statement of the event change the handler recorded (changes/record.ts `holdChanges`).
 *
 * A handler that opens its own transaction (`transaction: false`: a state change that waits for the
 * encoder) gets a handle whose first transaction does the same.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  etagOf,
  isVersionedKind,
  parseIfMatch,
  RESOURCE_KINDS,
  roleAllows,
  type Endpoint,
  type ParsedInput,
  type ResourceKind,
  type Role,
} from '#schema';
import type { Db, DbOrTx } from '../db/database.ts';
import type { AuthenticatedClient } from '../db/keys.ts';
import { withTransactionHook } from '../db/tenant-scope.ts';
import { activityInsert, type ActivityRecord } from '../activity/record.ts';
import { holdChanges as holdChangesOf, sendHeldChanges } from '../changes/record.ts';
import { diffRecords } from '../activity/diff.ts';
import type { StoredChange } from '../db/tables/trust.ts';
import { HttpError } from './errors.ts';
import { bodyText, type Implementation, type RequestContext } from './implement.ts';
import { canonicalColumn, KINDS, recordOrder, recordWhere, type KindEntry, type Reader } from './resources.ts';

const MAY: Record<Role, string> = {
  viewer: 'it may read, and change nothing',
  operator: 'it may do the day-to-day work (events and their live states, properties, playlists, assets, publications, downloads, captures), not change the configuration',
  admin: 'it may do everything',
};
const NEEDS: Record<Role, string> = {
  viewer: 'any key',
  operator: 'an operator or admin key',
  admin: 'an admin key (configuration: webhooks, destinations and their properties, lookups, archiver flows and playout profiles, keys)',
};

/** Whether an operation changes data: every method but GET, and a GET of the interface that writes (it declares a role above viewer). */
export function isWrite(endpoint: Endpoint): boolean {
  return endpoint.method !== 'GET' || endpoint.role !== 'viewer';
}

export function checkRole(endpoint: Endpoint, client: AuthenticatedClient): void {
  if (roleAllows(client.role, endpoint.role)) return;
  throw new HttpError(
    403,
    'Forbidden',
    `This key's role is ${client.role}: ${MAY[client.role]}. ${endpoint.id} (${endpoint.method} ${endpoint.path}) needs ${NEEDS[endpoint.role]}.`,
    { role: client.role, required: endpoint.role },
  );
}

// ---- Finding the record ---------------------------------------------------------------------------

/** The values at a path of the input (`body.publications.publicationId` walks into a list). */
export function valuesAt(input: unknown, path: string): string[] {
  let current: unknown[] = [input];
  for (const part of path.split('.')) {
    const next: unknown[] = [];
    for (const value of current) {
      const item = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
      if (Array.isArray(item)) next.push(...item);
      else if (item !== undefined && item !== null) next.push(item);
    }
    current = next;
  }
  return current.filter((v) => typeof v === 'string' || typeof v === 'number').map(String).filter((v) => v !== '');
}

interface Located {
  id: string;
  version: number;
}

/** The record a key names, locked for the rest of the transaction; undefined when there is none. */
async function locate(tx: DbOrTx, entry: KindEntry, clientId: string, value: string, by: 'event' | 'reference' | undefined, lock: boolean): Promise<Located | undefined> {
  const where = recordWhere(entry, clientId, value, by);
  if (!where) return undefined;
  const table = entry.table!;
  const query = tx
    .select({ id: sql<string>`${canonicalColumn(entry)}::text`, version: table.version })
    .from(table)
    .where(where)
    .orderBy(...recordOrder(entry))
    .limit(1);
  const rows = (await (lock ? query.for('update') : query)) as { id: string; version: number | string }[];
  const row = rows[0];
  return row ? { id: row.id, version: Number(row.version) } : undefined;
}

/** The version of the record a GET answers, for its ETag; undefined when it is not there. */
export async function versionFor(db: DbOrTx, endpoint: Endpoint, input: ParsedInput<Endpoint>, clientId: string): Promise<number | undefined> {
  const ref = endpoint.resource;
  if (!ref?.id || !isVersionedKind(ref.kind)) return undefined;
  const value = valuesAt(input, ref.id)[0];
  if (value === undefined) return undefined;
  return (await locate(db, KINDS[ref.kind], clientId, value, ref.by, false))?.version;
}

// ---- A write's step -------------------------------------------------------------------------------

/** What a handler answered. */
type Answer = { status: number; body?: unknown };

interface Target {
  /** What the request named the record by. */
  value: string;
  by?: 'event' | 'reference';
  id?: string;
  version?: number;
  before: unknown;
}

export interface WriteStepOptions {
  endpoint: Endpoint;
  input: ParsedInput<Endpoint>;
  ctx: RequestContext;
  ifMatch: string | undefined;
  /** The implementation of a GET, to read a record with. */
  implementationOf: (endpointId: string) => Implementation | undefined;
  /** An expression (a NOTIFY) the activity entry's statement evaluates, so that it is sent at the write's commit. */
  notice?: SQL;
}

/** What the binder does around one write: begin (lock, If-Match, before) and end (after, version, activity). */
export class WriteStep {
  private readonly kind: ResourceKind | undefined;
  private readonly entry: KindEntry | undefined;
  private targets: Target[] = [];
  /** Whether the step ran in a transaction of the write (`afterward` records one that opened none). */
  began = false;
  /** The version of the record after the write (one record only): the answer's ETag. */
  finalVersion: number | undefined;
  /** Whether `end` sent its statement with the `notice` (it is delivered if that transaction commits). */
  noticeSent = false;

  constructor(private readonly options: WriteStepOptions) {
    this.kind = options.endpoint.resource?.kind;
    this.entry = this.kind ? KINDS[this.kind] : undefined;
  }

  private get versioned(): boolean {
    return !!this.kind && isVersionedKind(this.kind) && !!this.entry?.table;
  }

  private reader(tx: DbOrTx): Reader {
    return async (endpoint, input) => {
      const implementation = this.options.implementationOf(endpoint.id);
      if (!implementation) return null;
      const parsed = {
        params: endpoint.params ? endpoint.params.safeParse(input.params ?? {}) : { success: true, data: {} },
        query: endpoint.query ? endpoint.query.safeParse(input.query ?? {}) : { success: true, data: {} },
      };
      if (!parsed.params.success || !parsed.query.success) return null;
      try {
        const result = await implementation.handler(
          { params: parsed.params.data, query: parsed.query.data, body: undefined } as ParsedInput<Endpoint>,
          { ...this.options.ctx, db: tx as Db },
          undefined,
        );
        if (result.status !== 200 || result.body === undefined || result.body === null) return null;
        return JSON.parse(bodyText(result.body)) as unknown;
      } catch (error) {
        if (error instanceof HttpError && error.status < 500) return null;
        throw error;
      }
    };
  }

  private async read(tx: DbOrTx, id: string | undefined): Promise<unknown> {
    if (id === undefined || !this.entry?.read) return null;
    return this.entry.read(id, this.reader(tx));
  }

  /** Locks the records, checks If-Match, reads them as they are. Runs first in the write's transaction. */
  async begin(tx: DbOrTx, checkIfMatch = true, holdChanges = true): Promise<void> {
    if (this.began) return;
    this.began = true;
    const { endpoint, input, ifMatch } = this.options;
    const ref = endpoint.resource;
    if (!ref || !this.entry) return;
    // The write's changes go with its activity entry, in one statement (`end`).
    // Not for a handler that opens its own transaction (a state change): it goes on after its end.
    if (endpoint.trail !== false && holdChanges) holdChangesOf(tx);
    const values = ref.id ? valuesAt(input, ref.id) : [];
    const single = values.length <= 1 && !ref.many;
    for (const value of [...new Set(values)]) {
      const target: Target = { value, ...(ref.by ? { by: ref.by } : {}), before: null };
      if (this.versioned) Object.assign(target, await this.readLocked(tx, value, ref.by));
      else Object.assign(target, { id: value, before: await this.read(tx, value) });
      this.targets.push(target);
    }
    if (checkIfMatch && ifMatch !== undefined && this.versioned && single) this.checkIfMatch(ifMatch, this.targets[0]);
  }

  /** A versioned record the write names, locked: its id, its version and its answer before the write (nothing when there is none). */
  private async readLocked(tx: DbOrTx, value: string, by: Target['by']): Promise<Partial<Target>> {
    const clientId = this.options.ctx.client.clientId;
    const entry = this.entry!;
    if (entry.readForWrite && !by) {
      const read = await entry.readForWrite(tx, clientId, value);
      return read ? { id: read.id, version: read.version, before: read.answer } : {};
    }
    const found = await locate(tx, entry, clientId, value, by, true);
    return found ? { ...found, before: await this.read(tx, found.id) } : {};
  }

  private checkIfMatch(header: string, target: Target | undefined): void {
    const condition = parseIfMatch(header);
    const label = RESOURCE_KINDS[this.kind!].label;
    if (!target?.id || target.version === undefined) {
      throw new HttpError(412, 'PreconditionFailed', `If-Match names a version of a ${label} that does not exist`, { version: null, ifMatch: header, current: null }, 'PreconditionFailedException');
    }
    if (condition.any || condition.versions.includes(String(target.version))) return;
    throw new HttpError(
      412,
      'PreconditionFailed',
      `The ${label} ${target.id} has changed since it was read: its version is now ${etagOf(target.version)}, not ${header.trim()}. Nothing was saved: load it again, or send the current version.`,
      { version: target.version, ifMatch: header, current: target.before },
      'PreconditionFailedException',
    );
  }

  /**
   * Reads the records after the handler (from its answer, where it answers the record as its GET
   * does), sets their versions, records the activity in one statement.
   */
  async end(tx: DbOrTx, result: Answer | undefined): Promise<void> {
    const { endpoint, input, ctx } = this.options;
    if (endpoint.trail === false || !this.kind || !this.entry) return;
    const entry = this.entry;
    const base = {
      clientId: ctx.client.clientId,
      key: ctx.client,
      operation: endpoint.id,
      ...(ctx.transactionId ? { transactionId: ctx.transactionId.slice(0, 200) } : {}),
    };
    // A write that names no record is about the records it made: known by their ids from the start.
    const targets: Target[] = this.targets.length > 0 ? this.targets : this.createdIds(result?.body).map((id) => ({ value: id, id, before: null }));
    const records: ActivityRecord[] = [];
    for (const target of targets) {
      let id = target.id ?? target.value;
      let after: unknown;
      if (this.versioned) {
        // A record known by its id is read by it; the version its answer carries spares looking it up again.
        after = target.id !== undefined && !entry.key ? await this.after(tx, target.id, result) : undefined;
        const version = (after as { version?: unknown } | null | undefined)?.version;
        const found = typeof version === 'number' ? { id, version } : await locate(tx, entry, ctx.client.clientId, target.value, target.by, false);
        if (!found) after = null;
        else if (after === undefined || found.id !== target.id) after = await this.after(tx, found.id, result);
        id = found?.id ?? id;
        const changes = diffRecords(target.before, after, entry.secrets);
        if (found) this.finalVersion = await this.settle(tx, found, target, changes.length > 0);
        records.push({ ...base, entity: this.kind, entityId: id, changes });
      } else {
        after = await this.after(tx, id, result);
        const changes = entry.read ? diffRecords(target.before, after, entry.secrets) : requestFields(input, entry.secrets);
        records.push({ ...base, entity: this.kind, entityId: id, changes });
      }
    }
    if (targets.length !== 1) this.finalVersion = undefined;
    if (targets.length === 0) records.push({ ...base, entity: this.kind, entityId: null, changes: requestFields(input, entry.secrets) });
    const insert = activityInsert(tx, ctx.clock.now(), records);
    const { notice } = this.options;
    // RETURNING runs once a row; a transaction delivers identical NOTIFYs once.
    await sendHeldChanges(tx, notice ? insert.returning({ notice }) : insert);
    this.noticeSent = notice !== undefined;
  }

  /** A record after the write, as its GET answers it: from the write's answer when that is the record, else read. */
  private async after(tx: DbOrTx, id: string, result: Answer | undefined): Promise<unknown> {
    const answered = result && this.entry?.fromAnswer?.(this.options.endpoint, result.status, result.body, id);
    return answered !== undefined ? answered : this.read(tx, id);
  }

  /** The version a record ends with: moved on when its answer changed, back to where it was when not. */
  private async settle(tx: DbOrTx, found: Located, target: Target, changed: boolean): Promise<number> {
    const table = this.entry!.table!;
    const where = recordWhere(this.entry!, this.options.ctx.client.clientId, found.id)!;
    const before = target.version;
    let next: SQL | number | undefined;
    // A record the write made (none before it) has the fresh version its insert gave it.
    if (changed && before !== undefined && found.version === before) next = sql`nextval('record_versions')`;
    else if (!changed && before !== undefined && found.version !== before) next = before;
    if (next === undefined) return found.version;
    const [row] = (await tx.update(table).set({ version: next } as never).where(where).returning({ version: table.version })) as { version: number | string }[];
    return Number(row?.version ?? found.version);
  }

  private createdIds(answer: unknown): string[] {
    const idOf = this.entry?.idOfAnswer ?? ((a: Record<string, unknown>) => a.id);
    const items = Array.isArray(answer) ? answer : [answer];
    const ids: string[] = [];
    for (const item of items) {
      const id = typeof item === 'string' ? item : item !== null && typeof item === 'object' ? idOf(item as Record<string, unknown>) : undefined;
      if (typeof id === 'string' || typeof id === 'number') ids.push(String(id));
    }
    return ids;
  }

  /** The answer's headers and version: the record's ETag after the write (one record only). */
  finish(result: { status: number; body?: unknown; headers?: Readonly<Record<string, string>> }): void {
    if (this.finalVersion === undefined) return;
    (result as { headers?: Record<string, string> }).headers = { ...result.headers, ETag: etagOf(this.finalVersion) };
    const body = result.body;
    if (body !== null && typeof body === 'object' && !Array.isArray(body) && Object.hasOwn(body, 'version')) {
      (body as { version: number }).version = this.finalVersion;
    }
  }

  /**
   * For a handler that opens its own transaction (or none): If-Match is checked before it runs,
   * in a transaction of its own, so a stale version is refused whatever the handler does; its
   * first transaction checks again under the lock.
   */
  async precheck(db: Db): Promise<void> {
    if (this.options.ifMatch === undefined) return;
    await db.transaction((tx) => this.begin(tx));
    this.began = false;
    this.targets = [];
  }

  /**
   * Records a write whose handler opened no transaction of its own handle (a webhook test, whose
   * attempt the service's dispatcher writes): in a transaction of its own, once it has succeeded.
   */
  async afterward(db: Db, result: Answer): Promise<void> {
    if (this.began) return;
    await db.transaction(async (tx) => {
      await this.begin(tx, false);
      await this.end(tx, result);
    });
  }

  /**
   * The handle for a handler that opens its own transaction: its first transaction begins and
   * ends this step (the state change of `PUT /event/state/{id}`, before it waits for the encoder).
   */
  hooked(db: Db): Db {
    let used = false;
    return withTransactionHook(db, async (tx, run) => {
      if (used) return run();
      used = true;
      await this.begin(tx, true, false);
      const result = await run();
      await this.end(tx, undefined);
      return result;
    });
  }
}

/** For a record with no representation (the search index): what the request said, as its changes. */
function requestFields(input: ParsedInput<Endpoint>, secrets: readonly string[] = []): StoredChange[] {
  return diffRecords(null, { params: input.params, query: input.query, body: input.body }, secrets).filter((c) => c.after !== null);
}
