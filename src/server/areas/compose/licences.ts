/**
 * Licensed features of clients (client_licences): a row grants a feature; a client has none by
 * default. Today one feature is licensed: `compose.liveStreamStart`, a standard composition
 * whose playlist sets liveStreamStart (service-interface.md: "liveStreamStart depends on the
 * underlying license and generation fails if it is unlicensed"). The demo tenant has it.
 *
 * Turning it on for a client (with the service stopped when it runs on the embedded database):
 *
 *   npx tsx src/server/areas/compose/licence-cli.ts grant <client> [feature]
 *   npx tsx src/server/areas/compose/licence-cli.ts revoke <client> [feature]
 *   npx tsx src/server/areas/compose/licence-cli.ts list
 */
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { clientLicences, clients } from '../../db/tables/index.ts';
import type { Clock } from '../../jobs/clock.ts';
import { LICENSED_FEATURE_LIVE_STREAM_START } from './rules.ts';

export const LICENSED_FEATURES: readonly string[] = [LICENSED_FEATURE_LIVE_STREAM_START];

export async function hasLicence(db: DbOrTx, clientId: string, feature: string): Promise<boolean> {
  const rows = await db
    .select({ feature: clientLicences.feature })
    .from(clientLicences)
    .where(and(eq(clientLicences.clientId, clientId), eq(clientLicences.feature, feature)));
  return rows.length > 0;
}

export async function grantLicence(db: DbOrTx, clock: Clock, clientId: string, feature: string, note: string | null = null): Promise<void> {
  await db.insert(clientLicences).values({ clientId, feature, grantedAt: clock.now(), note }).onConflictDoNothing();
}

export async function revokeLicence(db: DbOrTx, clientId: string, feature: string): Promise<boolean> {
  const rows = await db
    .delete(clientLicences)
    .where(and(eq(clientLicences.clientId, clientId), eq(clientLicences.feature, feature)))
    .returning({ feature: clientLicences.feature });
  return rows.length > 0;
}

export async function listLicences(db: DbOrTx): Promise<{ client: string; feature: string; grantedAt: Date; note: string | null }[]> {
  return db
    .select({ client: clients.name, feature: clientLicences.feature, grantedAt: clientLicences.grantedAt, note: clientLicences.note })
    .from(clientLicences)
    .innerJoin(clients, eq(clients.id, clientLicences.clientId))
    .orderBy(asc(clients.name), asc(clientLicences.feature));
}

export async function clientName(db: DbOrTx, clientId: string): Promise<string> {
  const [row] = await db.select({ name: clients.name }).from(clients).where(eq(clients.id, clientId));
  return row?.name ?? clientId;
}
