/** Event types: a name, a reference id and a colour for calendars and chips. */
import { z } from 'zod';
import { Guid, TEXT_MAX, Version } from '../common.ts';

export const HexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'expected a colour of the form #rrggbb');

export const EventTypeSchema = z
  .object({ id: Guid, name: z.string(), referenceId: z.string().nullable(), colour: HexColour.nullable(), version: Version })
  .meta({ id: 'EventType' });
export type EventType = z.infer<typeof EventTypeSchema>;

export const EventTypeBody = z
  .object({ name: z.string().trim().min(1).max(TEXT_MAX.name), referenceId: z.string().max(TEXT_MAX.reference).nullish(), colour: HexColour })
  .meta({ id: 'EventTypeBody' });
export type EventTypeBody = z.infer<typeof EventTypeBody>;
