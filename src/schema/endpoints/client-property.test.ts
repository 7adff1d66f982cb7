import { describe, expect, it } from 'vitest';
import { buildPath, ClientPropertyBody, endpoints, normalizeKeys } from '#schema';
import { INTERFACE_OPERATIONS } from '../interface-operations.ts';

const ID = '346eb986-1248-4391-9ebc-c1f35bb27cd8';

describe('client property operations', () => {
  it('declare every operation of the interface', () => {
    const declared = new Set(Object.values(endpoints.clientProperty).map((e) => `${e.method} ${e.path}`));
    const expected = INTERFACE_OPERATIONS.filter(([, p]) => p.startsWith('/clientproperty/'));
    expect(expected).toHaveLength(7);
    for (const [m, p] of expected) expect(declared).toContain(`${m} ${p}`);
  });

  it('glue the template id to the literal', () => {
    expect(buildPath(endpoints.clientProperty.getTemplate.path, { templateId: ID })).toBe(`/clientproperty/template${ID}`);
  });

  it('answer 410 Gone on delete and 201 on add', () => {
    expect(endpoints.clientProperty.delete.responses).toEqual({ 410: null });
    expect(endpoints.clientProperty.create.responses).toHaveProperty('201');
    expect(endpoints.clientProperty.validate.invalidates).toEqual([]);
  });

  it('keep the keys of the values dictionary as sent: they are data, not field names', () => {
    const raw = { TemplateId: ID, Values: { Speaker: 'Ada', speaker_2: 'Grace' } };
    expect(ClientPropertyBody.parse(normalizeKeys(ClientPropertyBody, raw))).toEqual({
      templateId: ID,
      values: { Speaker: 'Ada', speaker_2: 'Grace' },
    });
    expect(ClientPropertyBody.safeParse({ templateId: ID, values: { n: 1 } }).success).toBe(false);
  });
});
