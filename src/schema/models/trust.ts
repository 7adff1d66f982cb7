/**
 * Trust (beyond the interface; DESIGN.md "Trust"): the activity trail, the caller's own key and
 * role, and who else has a record open (presence).
 */
import { z } from 'zod';
import { DateTime, Guid } from '../common.ts';
import { ROLES } from '../define.ts';
import { RESOURCE_KIND_NAMES } from '../resources.ts';

export const RoleSchema = z.enum(ROLES).meta({ id: 'Role', description: 'viewer: reads; operator: also day-to-day work; admin: also configuration' });
export const ResourceKindSchema = z.enum(RESOURCE_KIND_NAMES).meta({ id: 'ResourceKind' });

/** Who did it: a key of the client, or the service's own background work (`system`). */
export const ActorSchema = z
  .object({
    clientId: Guid,
    keyId: Guid.nullable(),
    keyLabel: z.string().nullable(),
    role: RoleSchema.nullable(),
    /** The background work that acted (automation, encoder, syndication, archiver, downloads...); null for a key. */
    system: z.string().nullable(),
  })
  .meta({ id: 'Actor' });
export type Actor = z.infer<typeof ActorSchema>;

/** One field an operation changed; a secret shows as `"••••••"` before and after, never its value. */
export const FieldChangeSchema = z
  .object({ field: z.string(), before: z.unknown(), after: z.unknown() })
  .meta({ id: 'FieldChange' });
export type FieldChange = z.infer<typeof FieldChangeSchema>;

export const ActivityEntrySchema = z
  .object({
    id: Guid,
    at: DateTime,
    actor: ActorSchema,
    /** The operation (`event.upsert`), or the background work's (`automation.start`). */
    operation: z.string(),
    entity: ResourceKindSchema,
    /** The record; null for an operation on no one record (rebuilding the search index). */
    entityId: z.string().nullable(),
    changes: z.array(FieldChangeSchema),
    /** The caller's X-Transaction-ID, when it sent one. */
    transactionId: z.string().nullable(),
  })
  .meta({ id: 'ActivityEntry' });
export type ActivityEntry = z.infer<typeof ActivityEntrySchema>;

export const ActivityPageSchema = z
  .object({ items: z.array(ActivityEntrySchema), totalCount: z.number().int(), pageNumber: z.number().int(), pageSize: z.number().int() })
  .meta({ id: 'ActivityPage' });
export type ActivityPage = z.infer<typeof ActivityPageSchema>;

export const ActivityQuery = z
  .object({
    entity: ResourceKindSchema.optional().describe('Only this kind of record'),
    id: z.string().min(1).max(200).optional().describe('Only this record (with entity)'),
    actor: z.string().min(1).max(200).optional().describe('A key id, or `system` for background work'),
    operation: z.string().min(1).max(200).optional().describe('An operation id (`event.upsert`) or an area prefix (`event.`)'),
    from: DateTime.optional().describe('At or after'),
    to: DateTime.optional().describe('Before'),
    pageSize: z.number().int().min(1).max(200).default(50),
    pageNumber: z.number().int().min(1).default(1),
  })
  .meta({ id: 'ActivityQuery' });
export type ActivityQuery = z.input<typeof ActivityQuery>;

/** The caller's key: what the dashboard shows and what it offers. */
export const SessionSchema = z
  .object({
    clientId: Guid,
    clientName: z.string(),
    keyId: Guid,
    keyLabel: z.string().nullable(),
    role: RoleSchema,
  })
  .meta({ id: 'Session' });
export type Session = z.infer<typeof SessionSchema>;

export const PresenceBody = z
  .object({
    entity: ResourceKindSchema,
    id: z.string().min(1).max(200),
    /** One per open page (a browser tab), so two tabs of one key count as two. */
    session: z.string().min(8).max(100),
    /** Leaving the page: the announcement is withdrawn. */
    leaving: z.boolean().default(false),
  })
  .meta({ id: 'PresenceBody' });

export const PresentSchema = z
  .object({
    session: z.string(),
    keyId: Guid,
    keyLabel: z.string().nullable(),
    role: RoleSchema,
    since: DateTime,
  })
  .meta({ id: 'Present' });
export type Present = z.infer<typeof PresentSchema>;

/** Who has the record open besides the caller's own page. */
export const PresenceSchema = z
  .object({ entity: ResourceKindSchema, id: z.string(), others: z.array(PresentSchema) })
  .meta({ id: 'Presence' });
export type Presence = z.infer<typeof PresenceSchema>;

export const PresenceQuery = z.object({
  entity: ResourceKindSchema,
  id: z.string().min(1).max(200),
  session: z.string().min(8).max(100).optional().describe("The caller's own page, left out of the answer"),
});

/** `event: presence` on the change feed: someone opened or left a record; ask GET /presence/ for who. */
export const PresenceChangeSchema = z.object({ entity: ResourceKindSchema, id: z.string() }).meta({ id: 'PresenceChange' });
export type PresenceChange = z.infer<typeof PresenceChangeSchema>;
