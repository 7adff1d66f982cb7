/**
 * One service per embedded database folder. PGlite is one process's database: a second process on
 * the same DATA_DIR would write the same files behind the first one's back. So the service claims
 * the folder before it opens the database, by creating `<DATA_DIR>/control-room.pid` exclusively
 * (PID_FILE); a second service finds it held and stops without touching the first one's files, and
 * the command-line tools (`npm run keys`) refuse to open the folder while it is held. Several
 * service processes on one database: PostgreSQL (DATABASE_URL).
 *
 * A pid file whose process is gone (a crash, a kill -9) is stale: the next start takes it over.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PID_FILE } from './config.ts';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as { code?: string }).code === 'EPERM';
  }
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** The process of a service running on `dataDir`, if one is. */
export function serviceOn(dataDir: string): number | undefined {
  const pid = readPid(join(dataDir, PID_FILE));
  return pid !== undefined && pid !== process.pid && isRunning(pid) ? pid : undefined;
}

export type Claim = { claimed: true; release: () => void } | { claimed: false; heldBy: number };

/**
 * Claims `dataDir` for this process: `release` removes the pid file, only while it still names
 * this process. `heldBy` when another running service holds it; nothing is changed then.
 */
export function claimDataDir(dataDir: string): Claim {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, PID_FILE);
  const release = () => {
    if (readPid(file) === process.pid) rmSync(file, { force: true });
  };
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx', mode: 0o644 });
      return { claimed: true, release };
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw error;
    }
    let holder = readPid(file);
    // Created but not written yet by a service starting at this very moment: look again.
    if (holder === undefined) {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
      holder = readPid(file);
    }
    if (holder !== undefined && holder !== process.pid && isRunning(holder)) return { claimed: false, heldBy: holder };
    if (attempt >= 3) throw new Error(`could not claim ${file}: another process keeps replacing it`);
    rmSync(file, { force: true });
  }
}

/** What a second service on the same folder says before it stops. */
export function heldMessage(dataDir: string, pid: number): string {
  return [
    `Another Control Room service (process ${pid}) is running on the embedded database in ${dataDir}.`,
    'The embedded database (PGlite) serves one service process: stop that one first, or start this one with another DATA_DIR.',
    'To run several service processes on one database, use PostgreSQL (DATABASE_URL); see "Configuration" in README.md.',
  ].join('\n');
}
