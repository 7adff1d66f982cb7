/**
 * A real HTTP receiver on 127.0.0.1 for the webhook tests: it records every request it gets and
 * answers as the test tells it (status, delay), and can go down and come back on the same port.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  deliveryId: string;
  attempt: number;
  seq: number | null;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The notification, from JSON or from the form (PascalCase names as sent). */
  fields: Record<string, unknown>;
  /** The status this receiver answered (0 while it holds the request). */
  answered: number;
  /** When the request's body had arrived (performance.now()). */
  at: number;
}

export interface Answer {
  status?: number;
  body?: string;
  headers?: Record<string, string>;
  /** Hold the request this long before answering. */
  delayMs?: number;
}

export type Responder = (request: Received) => Answer | Promise<Answer>;

export class Receiver {
  readonly received: Received[] = [];
  respond: Responder = () => ({ status: 200 });
  private server: http.Server | undefined;
  private port = 0;
  private waiters: (() => void)[] = [];

  async start(): Promise<this> {
    const server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (c: Buffer) => chunks.push(c));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const type = request.headers['content-type'] ?? '';
        const fields = type.startsWith('application/json') ? (JSON.parse(body) as Record<string, unknown>) : Object.fromEntries(new URLSearchParams(body));
        const seq = request.headers['x-controlroom-seq'];
        const entry: Received = {
          deliveryId: String(request.headers['x-controlroom-delivery'] ?? ''),
          attempt: Number(request.headers['x-controlroom-attempt'] ?? 0),
          seq: seq === undefined ? null : Number(seq),
          headers: request.headers,
          body,
          fields,
          answered: 0,
          at: performance.now(),
        };
        this.received.push(entry);
        this.notify();
        void Promise.resolve(this.respond(entry)).then(async (answer) => {
          if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs));
          if (response.destroyed) return;
          entry.answered = answer.status ?? 200;
          response.writeHead(entry.answered, { 'Content-Type': 'text/plain', ...answer.headers });
          response.end(answer.body ?? 'ok');
          this.notify();
        });
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
    return this;
  }

  /** Goes down: the port refuses connections until start() again (same port). */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  url(path = '/hook'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** Requests answered with a 2xx, in the order they were answered... or received. */
  get accepted(): Received[] {
    return this.received.filter((r) => r.answered >= 200 && r.answered < 300);
  }

  private notify(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  /** Waits (in real time) until the condition holds. */
  async waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`receiver: condition not met within ${timeoutMs} ms (received ${this.received.length})`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 50);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
}
