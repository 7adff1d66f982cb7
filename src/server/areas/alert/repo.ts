/** The acknowledgements of alerts: one row per client and alert id, the time it was last acknowledged. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { alertAcknowledgements } from '../../db/tables/index.ts';

export async function acknowledgementsOf(db: DbOrTx, clientId: string, alertIds: readonly string[]): Promise<Map<string, Date>> {
  if (alertIds.length === 0) return new Map();
  const rows = await db
    .select({ alertId: alertAcknowledgements.alertId, at: alertAcknowledgements.acknowledgedAt })
    .from(alertAcknowledgements)
    .where(and(eq(alertAcknowledgements.clientId, clientId), inArray(alertAcknowledgements.alertId, [...alertIds])));
  return new Map(rows.map((r) => [r.alertId, r.at]));
}

export async function acknowledge(db: DbOrTx, clientId: string, alertIds: readonly string[], now: Date): Promise<number> {
  const ids = [...new Set(alertIds)];
  await db
    .insert(alertAcknowledgements)
    .values(ids.map((alertId) => ({ clientId, alertId, acknowledgedAt: now })))
    .onConflictDoUpdate({ target: [alertAcknowledgements.clientId, alertAcknowledgements.alertId], set: { acknowledgedAt: sql`excluded.acknowledged_at` } });
  return ids.length;
}
