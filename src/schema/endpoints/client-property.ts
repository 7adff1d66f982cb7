/** Client properties (service-interface.md "Client properties"): all 7 operations. */
import { z } from 'zod';
import { defineArea } from '../define.ts';
import { recordOperations } from '../record-operations.ts';
import { ErrorBodySchema, Guid, NoCacheQuery, ReferenceQuery } from '../common.ts';
import {
  ClientPropertyBody,
  ClientPropertySchema,
  ClientPropertyUpdateBody,
  ClientPropertyValidationSchema,
} from '../models/client-property.ts';

const EventIdParams = z.object({ eventId: Guid });

/** Client properties are custom properties of the event, and the event embeds those. */
const STALE = ['clientProperty', 'customProperty', 'event'] as const;

/** An event's client properties, as one record named by the event's id. */
const properties = recordOperations({
  kind: 'clientProperties',
  path: '/clientproperty/',
  id: 'eventId',
  params: EventIdParams,
  role: 'operator',
  schema: z.array(ClientPropertySchema),
  invalidates: STALE,
});

export const clientProperty = defineArea('clientProperty', {
  validate: {
    method: 'POST',
    role: 'viewer',
    trail: false,
    path: '/clientproperty/validate/',
    summary: 'Validate values against a template',
    description: 'Answers 200 with a map of property name to error message, also when the values are invalid; an empty map means valid.',
    body: ClientPropertyBody,
    responses: { 200: ClientPropertyValidationSchema },
    invalidates: [],
  },
  create: properties.action('POST', '/clientproperty/{eventId}', 'Set the client properties of an event from a template', {
    description: 'All values must pass validation, or none is added (400). Removes every property of the template set before; ' +
      'custom properties outside a template are left alone. Answers the client properties of the event.',
    body: ClientPropertyBody,
    responses: { 201: z.array(ClientPropertySchema), 400: ErrorBodySchema },
  }),
  update: properties.update('Update client property values of an event', {
    description: 'Merges the values into the current ones; the template stays. The interface states no success status: ' +
      'we answer 200 with the client properties of the event, and 400 when values are invalid, as for adding.',
    body: ClientPropertyUpdateBody,
    responses: { 200: z.array(ClientPropertySchema), 400: ErrorBodySchema },
  }),
  get: properties.get('Get the client properties of an event', {
    description: "Values are read from the event's custom properties; 204 when the event has no template.",
    responses: { 200: z.array(ClientPropertySchema), 204: null },
  }),
  /** @legacy The parameter is glued to the literal: `/clientproperty/template<id>`, no slash between. */
  getTemplate: {
    method: 'GET',
    path: '/clientproperty/template{templateId}',
    summary: 'Get the client properties of a template',
    description: 'By property configuration id; values are always empty.',
    params: z.object({ templateId: Guid }),
    query: NoCacheQuery,
    responses: { 200: z.array(ClientPropertySchema) },
  },
  getTemplateByReference: {
    method: 'GET',
    path: '/clientproperty/template/reference',
    summary: 'Get the client properties of a template by its reference id',
    description: 'Values are always empty; 204 when no template has that reference id.',
    query: ReferenceQuery,
    responses: { 200: z.array(ClientPropertySchema), 204: null },
  },
  delete: properties.delete('Remove the client properties of an event', { description: 'Answers 410 Gone, as the interface says.', responses: { 410: null } }),
});
