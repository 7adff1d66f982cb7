/**
 * Group commit of the requests' write transactions on PGlite (issue 27).
 *
 * PGlite is one session: transactions run one after the other, each paying BEGIN and COMMIT (the
 * write-ahead log's flush) on top of its statements. Here, while a client's transaction waits for
 * the session or runs, that client's next writes join it: each runs in a savepoint of the shared
 * transaction, in arrival order, and all commit together. A write that fails rolls back to its
 * savepoint only (as its own transaction would have); the others go on. The first write of a
 * group runs without a savepoint: when it fails, the transaction is rolled back with it alone, and
 * the writes that joined meanwhile start again in a transaction of their own. No write is answered
 * before the commit that holds it, so what a client is told is written is on disk, and a failed
 * commit fails every write it held.
 *
 * One group per client: a request's statements run as its client (row-level security,
 * db/tenant-scope.ts), and a transaction is opened on one client's handle. A group takes at most
 * MAX_MEMBERS writes, so that other clients' requests, queued for the session, wait for no more
 * than that. On PostgreSQL every transaction has a connection of its own and commits alone.
 */
import type { Db, Tx } from '../db/database.ts';

/** Writes one group commits together at most. */
const MAX_MEMBERS = 32;

interface Member {
  work(tx: Tx): Promise<unknown>;
  outcome?: { ok: true; value: unknown } | { ok: false; error: unknown };
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

interface Group {
  members: Member[];
  /** Set once the group has run its last member: later writes start another group. */
  closed: boolean;
}

export class GroupCommit {
  private readonly open = new Map<string, Group>();

  /** Runs `work` in a transaction of `clientDb` (the client's handle), grouped with the client's concurrent writes. */
  run<T>(clientDb: Db, clientId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
    let group = this.open.get(clientId);
    if (!group || group.closed || group.members.length >= MAX_MEMBERS) {
      group = { members: [], closed: false };
      this.open.set(clientId, group);
      void this.commit(clientDb, clientId, group);
    }
    const members = group.members;
    return new Promise<T>((resolve, reject) => {
      members.push({ work, resolve: resolve as (value: unknown) => void, reject });
    });
  }

  private async commit(clientDb: Db, clientId: string, group: Group): Promise<void> {
    let firstFailed = false;
    try {
      await clientDb.transaction(async (tx) => {
        for (let next = 0; ; next++) {
          const member = group.members[next];
          if (!member) break;
          try {
            // The first runs in the transaction itself, with no savepoint (two round trips less
            // for a write that comes alone): when it fails, the transaction holds nothing else.
            const value = next === 0 ? await member.work(tx) : await tx.transaction((savepoint) => member.work(savepoint as unknown as Tx));
            member.outcome = { ok: true, value };
          } catch (error) {
            member.outcome = { ok: false, error };
            if (next === 0) {
              firstFailed = true;
              throw error;
            }
          }
        }
        // Decided with no wait since the last member: a write arriving now starts the next group.
        this.close(clientId, group);
      });
    } catch (error) {
      if (firstFailed) {
        // Rolled back with the first alone; the writes that joined meanwhile run in a transaction of their own.
        const first = group.members.shift()!;
        first.reject((first.outcome as { error: unknown }).error);
        if (group.members.length > 0) void this.commit(clientDb, clientId, group);
        else this.close(clientId, group);
        return;
      }
      this.close(clientId, group);
      for (const member of group.members) if (member.outcome?.ok !== false) member.outcome = { ok: false, error };
    }
    for (const member of group.members) {
      if (member.outcome?.ok) member.resolve(member.outcome.value);
      else member.reject(member.outcome?.error);
    }
  }

  private close(clientId: string, group: Group): void {
    group.closed = true;
    if (this.open.get(clientId) === group) this.open.delete(clientId);
  }
}
