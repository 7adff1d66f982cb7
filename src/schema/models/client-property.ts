/**
 * Client properties: custom properties generated from a template (a property configuration).
 * Each template field becomes a custom property {category, key, value}; values travel as a
 * dictionary keyed by the field's name.
 */
import { z } from 'zod';
import { Guid, TEXT_MAX } from '../common.ts';

export const ClientPropertySchema = z
  .object({
    /** The key of this property in the values dictionary. */
    name: z.string(),
    displayName: z.string(),
    /**
     * A PropertyFieldType as the template writes it (0 or TextField). Not checked against the known
     * types here: the original has more than are public, and an answer must not be refused for that.
     */
    type: z.union([z.number().int(), z.string()]),
    category: z.string(),
    key: z.string(),
    defaultValue: z.string().nullable(),
    /** The actual value; always empty when read from a template. */
    value: z.string(),
    required: z.boolean(),
    /** Included when present. */
    additionalProperties: z.record(z.string(), z.unknown()).nullable().optional(),
  })
  .meta({ id: 'ClientProperty' });
export type ClientProperty = z.infer<typeof ClientPropertySchema>;

/** Property name -> value. Keys are data (template field names), so their casing is kept. */
export const ClientPropertyValues = z.record(z.string().max(TEXT_MAX.key), z.string().max(TEXT_MAX.text)).meta({ id: 'ClientPropertyValues' });
export type ClientPropertyValues = z.infer<typeof ClientPropertyValues>;

/** POST /clientproperty/validate/ and POST /clientproperty/{eventId}. */
export const ClientPropertyBody = z
  .object({ templateId: Guid, values: ClientPropertyValues })
  .meta({ id: 'ClientPropertyBody' });
export type ClientPropertyBody = z.infer<typeof ClientPropertyBody>;

/** PUT /clientproperty/{eventId}: merges into the current values; the template stays. */
export const ClientPropertyUpdateBody = z.object({ values: ClientPropertyValues }).meta({ id: 'ClientPropertyUpdateBody' });
export type ClientPropertyUpdateBody = z.infer<typeof ClientPropertyUpdateBody>;

/** Property name -> error message; an empty map means the values are valid. */
export const ClientPropertyValidationSchema = z.record(z.string(), z.string()).meta({ id: 'ClientPropertyValidation' });
export type ClientPropertyValidation = z.infer<typeof ClientPropertyValidationSchema>;
