import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyRequestLogger } from './request-logger.ts';

describe('the lazy request logger', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => app?.close());

  async function appLoggingAt(level: string) {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const logger = pino({ level }, stream);
    const child = vi.spyOn(logger, 'child');
    app = Fastify({ loggerInstance: logger, disableRequestLogging: true, childLoggerFactory: lazyRequestLogger }) as unknown as FastifyInstance;
    app.get('/quiet', async (request) => {
      // As auth.ts does for every authenticated request.
      request.log = request.log.child({ client: 'acme' });
      request.log.debug('not logged at warn');
      return { ok: true };
    });
    app.get('/loud', async (request) => {
      request.log.warn({ detail: 1 }, 'logged');
      request.log.child({ step: 'two' }).error('from a child');
      request.log.child({ client: 'acme' }).child({ step: 'three' }).error('from a grandchild');
      return { ok: true };
    });
    await app.ready();
    // Fastify takes children of its own while it starts.
    child.mockClear();
    return { lines, child };
  }

  it('makes no child logger for a request that logs nothing at an enabled level', async () => {
    const { lines, child } = await appLoggingAt('warn');
    expect((await app!.inject({ method: 'GET', url: '/quiet' })).statusCode).toBe(200);
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
  });

  it('logs what is enabled with the request id, from the request and from its children', async () => {
    const { lines, child } = await appLoggingAt('warn');
    expect((await app!.inject({ method: 'GET', url: '/loud' })).statusCode).toBe(200);
    // The request's, once, then its children's (pino's children share the spied method).
    expect(child).toHaveBeenCalledTimes(4);
    expect(child.mock.calls[0]![0]).toEqual({ reqId: expect.any(String) });
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({ msg: 'logged', detail: 1, reqId: expect.any(String) });
    expect(lines[1]).toMatchObject({ msg: 'from a child', step: 'two', reqId: lines[0]!.reqId });
    expect(lines[2]).toMatchObject({ msg: 'from a grandchild', client: 'acme', step: 'three', reqId: lines[0]!.reqId });
  });

  it('logs a debug line when the service logs at debug', async () => {
    const { lines } = await appLoggingAt('debug');
    await app!.inject({ method: 'GET', url: '/quiet' });
    expect(lines).toEqual([expect.objectContaining({ msg: 'not logged at warn', client: 'acme', reqId: expect.any(String) })]);
  });
});
