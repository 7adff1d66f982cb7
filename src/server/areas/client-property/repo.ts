/**
 * Client properties have no table: their templates are property configurations (read here, written
 * by the lookups area), their values are the event's custom properties, and the event points to
 * its template with customPropertyConfigurationId.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { propertyConfigurations } from '../../db/tables/index.ts';
import { writeEvents } from '../event/index.ts';

export type TemplateRow = typeof propertyConfigurations.$inferSelect;

export async function getTemplate(db: DbOrTx, clientId: string, id: string): Promise<TemplateRow | undefined> {
  const [row] = await db
    .select()
    .from(propertyConfigurations)
    .where(and(eq(propertyConfigurations.clientId, clientId), eq(propertyConfigurations.id, id)));
  return row;
}

/** Reference ids are not unique; the first by name wins, as for the other lookups. */
export async function getTemplateByReference(db: DbOrTx, clientId: string, referenceId: string): Promise<TemplateRow | undefined> {
  const [row] = await db
    .select()
    .from(propertyConfigurations)
    .where(and(eq(propertyConfigurations.clientId, clientId), eq(propertyConfigurations.referenceId, referenceId)))
    .orderBy(sql`lower(${propertyConfigurations.name}) collate "C"`, asc(propertyConfigurations.id))
    .limit(1);
  return row;
}

/** Sets (or, with null, clears) the template of an event. */
export async function setEventTemplate(db: DbOrTx, clientId: string, eventId: string, templateId: string | null): Promise<void> {
  await writeEvents(db, clientId, eventId, { customPropertyConfigurationId: templateId });
}
