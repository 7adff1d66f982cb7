/**
 * The real service process, killed with SIGKILL while a receiver holds one of its webhook calls,
 * then started again on the same data: every notification still arrives (the interrupted one
 * again, with a higher X-ControlRoom-Attempt), in order.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Receiver } from '#testing/webhook-receiver.ts';
import { freePort } from '#testing/ports.ts';
import { startNode, stopProcess, waitForAnswer } from '#testing/processes.ts';

const KEY = 'crash-test-key-0123456789';

interface Service {
  process: ChildProcess;
  output: string[];
}

async function startService(dataDir: string, port: number): Promise<Service> {
  const output: string[] = [];
  const child = startNode(
    'src/server/main.ts',
    { NODE_ENV: 'production', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', API_KEY: KEY, OUTBOUND_ALLOW_PRIVATE: 'true', DEMO_DATA: 'false', LOG_LEVEL: 'warn', DATABASE_URL: '' },
    { output },
  );
  await waitForAnswer(`http://127.0.0.1:${port}/api/health`, { child, output, timeoutMs: 60_000, intervalMs: 200 });
  return { process: child, output };
}

const kill = (service: Service) => stopProcess(service.process, { signal: 'SIGKILL' });

const services: Service[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'control-room-crash-'));
const receiver = new Receiver();

afterAll(async () => {
  for (const s of services) await kill(s);
  await receiver.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('SIGKILL in the middle of a delivery', () => {
  it('loses no notification: after the restart each arrives, the interrupted one again', async () => {
    await receiver.start();
    const port = await freePort();
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`http://127.0.0.1:${port}/api${path}`, { ...init, headers: { 'API-KEY': KEY, 'Content-Type': 'application/json', ...init.headers } });

    let service = await startService(dataDir, port);
    services.push(service);

    const hook = await api('/webhook/', { method: 'POST', body: JSON.stringify({ webhookUrl: receiver.url('/crash'), useJsonBody: true }) });
    expect(hook.status).toBe(200);
    const webhook = (await hook.json()) as { id: string };

    // The second notification is held: the service is killed while waiting for the answer.
    let held: (() => void) | undefined;
    receiver.respond = (request) =>
      receiver.received.filter((r) => r.deliveryId === request.deliveryId).length === 1 && receiver.received.length === 2
        ? new Promise((resolve) => {
            held = () => resolve({ status: 200 });
          })
        : { status: 200 };

    const added = await api('/event/', { method: 'POST', body: JSON.stringify({ Title: 'Crash test' }) });
    expect(added.status).toBe(201);
    const eventId = ((await added.json()) as { id: string }).id;
    for (let i = 2; i <= 5; i++) {
      const updated = await api('/event/', { method: 'POST', body: JSON.stringify({ Id: eventId, Title: `Crash test v${i}` }) });
      expect(updated.status).toBe(201);
    }
    await receiver.waitFor(() => held !== undefined, 30_000);
    expect(receiver.accepted).toHaveLength(1);

    await kill(service);
    held!();

    service = await startService(dataDir, port);
    services.push(service);
    // The interrupted delivery is taken again once its lane's claim has run out (2 x (time-out + 5 s)), then the rest in order.
    await receiver.waitFor(() => receiver.accepted.length >= 5, 60_000);
    await new Promise((r) => setTimeout(r, 500));

    const log = (await (await api(`/webhook/${webhook.id}/deliveries?pageSize=50`)).json()) as {
      totalCount: number;
      results: { id: string; seq: number; status: string; attemptCount: number }[];
    };
    expect(log.totalCount).toBe(5);
    expect(log.results.every((d) => d.status === 'delivered')).toBe(true);

    const accepted = receiver.accepted;
    expect(accepted.map((r) => r.deliveryId).sort()).toEqual(log.results.map((d) => d.id).sort());
    expect(accepted.map((r) => r.seq)).toEqual(log.results.map((d) => d.seq).sort((a, b) => a - b));
    expect(accepted.map((r) => r.fields.action)).toEqual(['Added', 'Updated', 'Updated', 'Updated', 'Updated']);
    // The one interrupted came twice, the second time as attempt 2; nothing else came twice.
    const interrupted = receiver.received[1]!;
    expect(receiver.received.filter((r) => r.deliveryId === interrupted.deliveryId).map((r) => r.attempt)).toEqual([1, 2]);
    expect(receiver.received).toHaveLength(6);
  }, 180_000);
});
