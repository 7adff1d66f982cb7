/**
 * Property configurations: the templates client properties are generated from. Their routes are
 * not public; these are inferred (public-facts.md §4) and ours (marked `extension`).
 */
import { z } from 'zod';
import { defineArea } from '../define.ts';
import { IdParams, NoCacheQuery, ReferenceQuery } from '../common.ts';
import { PropertyConfigurationBody, PropertyConfigurationSchema } from '../models/lookups.ts';

/** Client properties are generated from templates. */
const STALE = ['propertyConfiguration', 'clientProperty'] as const;

export const propertyConfiguration = defineArea('propertyConfiguration', {
  list: {
    method: 'GET',
    path: '/propertyconfiguration/',
    summary: 'List property configurations',
    query: NoCacheQuery,
    responses: { 200: z.array(PropertyConfigurationSchema) },
    extension: true,
  },
  create: {
    method: 'POST',
    role: 'admin',
    resource: { kind: 'propertyConfiguration' },
    path: '/propertyconfiguration/',
    summary: 'Add a property configuration',
    description: 'configurationJson must match PropertyConfigurationContent (400 otherwise).',
    body: PropertyConfigurationBody,
    responses: { 200: PropertyConfigurationSchema },
    invalidates: ['propertyConfiguration'],
    extension: true,
  },
  get: {
    method: 'GET',
    resource: { kind: 'propertyConfiguration', id: 'params.id' },
    path: '/propertyconfiguration/{id}',
    summary: 'Get a property configuration',
    params: IdParams,
    query: NoCacheQuery,
    responses: { 200: PropertyConfigurationSchema, 204: null },
    extension: true,
  },
  getByReference: {
    method: 'GET',
    path: '/propertyconfiguration/reference',
    summary: 'Get a property configuration by reference id',
    query: ReferenceQuery,
    responses: { 200: PropertyConfigurationSchema, 204: null },
    extension: true,
  },
  update: {
    method: 'PUT',
    role: 'admin',
    resource: { kind: 'propertyConfiguration', id: 'params.id' },
    path: '/propertyconfiguration/{id}',
    summary: 'Update a property configuration',
    description: 'configurationJson must match PropertyConfigurationContent (400 otherwise). Values already set on events are kept.',
    params: IdParams,
    body: PropertyConfigurationBody,
    responses: { 200: PropertyConfigurationSchema },
    invalidates: STALE,
    extension: true,
  },
  delete: {
    method: 'DELETE',
    role: 'admin',
    resource: { kind: 'propertyConfiguration', id: 'params.id' },
    path: '/propertyconfiguration/{id}',
    summary: 'Delete a property configuration',
    params: IdParams,
    responses: { 200: null },
    invalidates: STALE,
    extension: true,
  },
});
