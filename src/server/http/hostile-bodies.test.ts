/**
 * Bodies built to hurt: nested thousands of levels deep (which overflowed the stack and answered
 * 500 on every operation with a body) are refused with 400 before anything walks them, for every
 * operation that takes a body; a body over the limit is 413 naming the limit. The log of a failed
 * query carries neither its parameter values nor a connection's password.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { allEndpoints, buildPath } from '#schema';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { sampleParams } from '#testing/samples.ts';
import { BODY_LIMIT, MAX_BODY_DEPTH, nestingDepthExceeds } from './content.ts';
import { loggableError } from '../logging.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DEEP_BODIES = {
  'objects 10 000 deep': `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`,
  'arrays 100 000 deep': `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
  'a deep value inside a valid field': `{"Title":"x","CustomProperties":${'['.repeat(5_000)}${']'.repeat(5_000)}}`,
  'unclosed depth': '{"a":'.repeat(50_000),
};

describe('deeply nested bodies', () => {
  it('counts depth outside strings only', () => {
    expect(nestingDepthExceeds('{"a":"[[[[[[[[[[[[[["}', 3)).toBe(false);
    expect(nestingDepthExceeds('{"a":"\\"[[[[[["}', 3)).toBe(false);
    expect(nestingDepthExceeds('[[[[]]]]', 3)).toBe(true);
    expect(nestingDepthExceeds(`${'['.repeat(MAX_BODY_DEPTH)}${']'.repeat(MAX_BODY_DEPTH)}`, MAX_BODY_DEPTH)).toBe(false);
  });

  it.each(allEndpoints.filter((e) => e.body).map((e) => [e.id, e] as const))('%s refuses them with 400', async (_id, endpoint) => {
    const url = `/api${buildPath(endpoint.path, sampleParams(endpoint))}`;
    for (const [label, payload] of Object.entries(DEEP_BODIES)) {
      const response = await t.app.inject({ method: endpoint.method, url, headers: { ...t.headers(), 'content-type': endpoint.contentType ?? 'application/json' }, payload });
      expect(response.statusCode, `${label}: ${response.body.slice(0, 200)}`).toBe(400);
      expect(response.json()).toMatchObject({ errorType: 'TooDeep' });
    }
  });
});

describe('bodies over the limit', () => {
  it('answer 413 naming the limit', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/event/',
      headers: { ...t.headers(), 'content-type': 'application/json' },
      payload: JSON.stringify({ Title: 'x'.repeat(BODY_LIMIT) }),
    });
    expect(response.statusCode).toBe(413);
    const body = response.json() as { exceptionMessage: string; data: { limitBytes: number } };
    expect(body.exceptionMessage).toContain(`${BODY_LIMIT} bytes`);
    expect(body.data.limitBytes).toBe(BODY_LIMIT);
  });
});

describe('logs', () => {
  it('never carry the parameter values of a failed query, nor a password', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const error = Object.assign(new Error('Failed query: select * from events where title = $1\nparams: secret-title-value,postgres://u:hunter2@db/x'), {
      cause: Object.assign(new Error('invalid input syntax for type uuid: "secret-id-value"'), { code: '22P02' }),
    });
    const log = pino({ level: 'info' }, sink);
    log.error({ err: loggableError(error) }, 'failed');
    log.error({ err: loggableError(new Error('could not connect to postgres://control:hunter2@db:5432/control')) }, 'failed');
    const text = lines.join('');
    expect(text).toContain('select * from events where title = $1');
    expect(text).not.toContain('secret-title-value');
    expect(text).not.toContain('secret-id-value');
    expect(text).not.toContain('hunter2');
  });
});
