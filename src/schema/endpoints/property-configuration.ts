/**
 * Property configurations: the templates client properties are generated from. Their routes are
 * not public; these are inferred (public-facts.md §4) and ours (marked `extension`).
 */
import { defineArea } from '../define.ts';
import { recordOperations } from '../record-operations.ts';
import { NoCacheQuery, ReferenceQuery } from '../common.ts';
import { PropertyConfigurationBody, PropertyConfigurationSchema } from '../models/lookups.ts';

/** Client properties are generated from templates. */
const STALE = ['propertyConfiguration', 'clientProperty'] as const;

const configurations = recordOperations({
  kind: 'propertyConfiguration',
  path: '/propertyconfiguration/',
  role: 'admin',
  schema: PropertyConfigurationSchema,
  invalidates: STALE,
  extension: true,
});

const MATCHES = 'configurationJson must match PropertyConfigurationContent (400 otherwise).';

export const propertyConfiguration = defineArea('propertyConfiguration', {
  list: configurations.list('List property configurations', { query: NoCacheQuery }),
  create: configurations.create('Add a property configuration', { description: MATCHES, body: PropertyConfigurationBody }),
  get: configurations.get('Get a property configuration', { query: NoCacheQuery, responses: { 200: PropertyConfigurationSchema, 204: null } }),
  getByReference: {
    method: 'GET',
    path: '/propertyconfiguration/reference',
    summary: 'Get a property configuration by reference id',
    query: ReferenceQuery,
    responses: { 200: PropertyConfigurationSchema, 204: null },
    extension: true,
  },
  update: configurations.update('Update a property configuration', {
    description: `${MATCHES} Values already set on events are kept.`,
    body: PropertyConfigurationBody,
  }),
  delete: configurations.delete('Delete a property configuration'),
});
