/**
 * The operations no area implements yet answer 501 NotImplemented, and NOT_IMPLEMENTED lists
 * exactly them: implementing an operation fails this test until its id leaves the list, and an
 * operation can only join the list deliberately.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '#schema';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { createTestClient } from '#testing/client.ts';
import { bodyOptional, sampleParams, sampleQuery, samplesAccepted } from '#testing/samples.ts';
import { ApiError } from '#client';
import { implementations } from '../areas/index.ts';
import { NOT_IMPLEMENTED } from './not-implemented.ts';

const implemented = new Set(implementations.map((i) => i.endpoint.id));

function render(ids: string[]): string {
  return `export const NOT_IMPLEMENTED: readonly string[] = [\n${ids.map((id) => `  '${id}',`).join('\n')}\n];`;
}

describe('operations not implemented yet', () => {
  it('are exactly the ones NOT_IMPLEMENTED lists', () => {
    const actual = allEndpoints
      .filter((e) => !implemented.has(e.id))
      .map((e) => e.id)
      .sort();
    expect(actual, `Update src/server/http/not-implemented.ts to:\n\n${render(actual)}\n`).toEqual([...NOT_IMPLEMENTED].sort());
  });

  describe('answer 501 NotImplemented through the client, the others do not', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    const callable = allEndpoints.filter((e) => bodyOptional(e) && samplesAccepted(e));
    it.each(callable.map((e) => [e.id, e] as const))('%s', async (_id, endpoint) => {
      const api = createTestClient(t);
      let status = 0;
      try {
        await api.call(endpoint, { params: sampleParams(endpoint), query: sampleQuery(endpoint) } as never);
        status = 200;
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        status = error.status;
        if (status === 501) {
          expect(error.body?.errorType).toBe('NotImplemented');
          expect(error.message).toContain(endpoint.id);
        }
      }
      if (NOT_IMPLEMENTED.includes(endpoint.id)) expect(status).toBe(501);
      else expect(status).not.toBe(501);
    });
  });
});
