/**
 * Real service processes for the tests and the bench that need one (a crash, two processes on one
 * database, the load and write benches): start a script with `node --import tsx` (so the pid is
 * the server itself, not a tsx wrapper), wait until a URL answers, stop it. Bounded in time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

const root = new URL('../..', import.meta.url).pathname;

export interface StartOptions {
  /** Node's own flags, before `--import tsx` (e.g. `--cpu-prof`). */
  nodeArgs?: string[];
  /** Collect stdout and stderr here (for an error message); otherwise stderr goes to this process's. */
  output?: string[];
}

/**
 * `node --import tsx <script>` from the repository's root, with this process's environment and
 * `env` over it; a JavaScript script (the service's bundle, build-server.ts) runs without tsx.
 */
export function startNode(script: string, env: Record<string, string>, options: StartOptions = {}): ChildProcess {
  const loader = script.endsWith('.js') ? [] : ['--import', 'tsx'];
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...loader, script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: options.output ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'ignore', 'inherit'],
  });
  const output = options.output;
  if (output) {
    child.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
    child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
  }
  return child;
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/**
 * Polls `url` until it answers 2xx; the milliseconds that took. Throws after `timeoutMs`, or at
 * once when `child` (the process that should answer) exits, with `output` in the message.
 */
export async function waitForAnswer(
  url: string,
  options: { headers?: Record<string, string>; timeoutMs?: number; intervalMs?: number; child?: ChildProcess; output?: string[] } = {},
): Promise<number> {
  const { timeoutMs = 120_000, intervalMs = 25 } = options;
  const detail = () => (options.output ? `:\n${options.output.join('')}` : '');
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (options.child && exited(options.child)) throw new Error(`the process exited (${options.child.exitCode ?? options.child.signalCode}) before ${url} answered${detail()}`);
    try {
      if ((await fetch(url, { headers: options.headers })).ok) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms${detail()}`);
}

/** Sends `signal` (SIGTERM: a graceful stop) and waits for the exit; SIGKILL after `graceMs`. */
export async function stopProcess(child: ChildProcess | undefined, options: { signal?: NodeJS.Signals; graceMs?: number } = {}): Promise<void> {
  if (!child || exited(child)) return;
  const { signal = 'SIGTERM', graceMs = 15_000 } = options;
  const exit = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await Promise.race([exit, new Promise((r) => setTimeout(r, graceMs))]);
  if (!exited(child)) {
    child.kill('SIGKILL');
    await exit;
  }
}

/** A process's resident memory now (VmRSS) or at its peak (VmHWM), in MB, from /proc; null when it cannot be read. */
export function processMemoryMb(pid: number | undefined, field: 'VmRSS' | 'VmHWM'): number | null {
  if (!pid) return null;
  try {
    const kb = Number(new RegExp(`${field}:\\s+(\\d+)\\s+kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : null;
  } catch {
    return null;
  }
}
