import { describe, expect, it } from 'vitest';
import { allEndpoints, kindOf, objectShape, pathParamNames } from './index.ts';
import { INTERFACE_OPERATIONS } from './interface-operations.ts';

const signature = (method: string, path: string) => `${method} ${path}`;

describe('the schema module covers the whole interface', () => {
  it('has one record for each of the interface operations, with the path exactly as written', () => {
    const records = new Map(allEndpoints.map((e) => [signature(e.method, e.path), e.id]));
    const missing = INTERFACE_OPERATIONS.filter(([method, path]) => !records.has(signature(method, path)));
    expect(missing).toEqual([]);
    expect(INTERFACE_OPERATIONS).toHaveLength(175);
  });

  it('never declares the same method and path twice, nor the same operation id', () => {
    const signatures = allEndpoints.map((e) => signature(e.method, e.path));
    expect(signatures.filter((s, i) => signatures.indexOf(s) !== i)).toEqual([]);
    const ids = allEndpoints.map((e) => e.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('declares every path parameter, and only those, in params', () => {
    for (const endpoint of allEndpoints) {
      const declared = Object.keys(endpoint.params ? objectShape(endpoint.params) ?? {} : {}).sort();
      expect(declared, endpoint.id).toEqual(pathParamNames(endpoint.path).sort());
    }
  });

  it('gives GET operations no body, and every operation at least one success response', () => {
    for (const endpoint of allEndpoints) {
      if (endpoint.method === 'GET') expect(endpoint.body, endpoint.id).toBeUndefined();
      const statuses = Object.keys(endpoint.responses).map(Number);
      expect(statuses.some((s) => (s >= 200 && s < 300) || s === 410), endpoint.id).toBe(true);
    }
  });

  it('declares query parameters as scalars or arrays of scalars, which a URL can carry', () => {
    for (const endpoint of allEndpoints) {
      for (const [name, field] of Object.entries(endpoint.query ? objectShape(endpoint.query) ?? {} : {})) {
        expect(['string', 'number', 'boolean', 'enum', 'array', 'union', 'literal', 'int'], `${endpoint.id} ?${name}`).toContain(kindOf(field));
      }
    }
  });
});
