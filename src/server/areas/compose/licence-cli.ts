/**
 * Licences of clients (licences.ts), in the database the service uses (DATA_DIR / DATABASE_URL):
 *
 *   npx tsx src/server/areas/compose/licence-cli.ts grant <client> [feature]    (default compose.liveStreamStart)
 *   npx tsx src/server/areas/compose/licence-cli.ts revoke <client> [feature]
 *   npx tsx src/server/areas/compose/licence-cli.ts list
 *
 * The client is created when it does not exist yet (as `npm run keys -- create` does). With the
 * embedded database, stop the service first: PGlite serves one process at a time.
 */
import { describeStorage, loadConfig } from '../../config.ts';
import { serviceOn } from '../../pid-file.ts';
import { openDatabase } from '../../db/database.ts';
import { ensureClient } from '../../db/keys.ts';
import { systemClock } from '../../jobs/clock.ts';
import { grantLicence, LICENSED_FEATURES, listLicences, revokeLicence } from './licences.ts';
import { LICENSED_FEATURE_LIVE_STREAM_START } from './rules.ts';

const USAGE = `Usage: npx tsx src/server/areas/compose/licence-cli.ts <command>

  grant <client> [feature]    grant a licensed feature (default ${LICENSED_FEATURE_LIVE_STREAM_START})
  revoke <client> [feature]   take it back
  list                        every licence: client, feature, granted

Features: ${LICENSED_FEATURES.join(', ')}.
The database is the service's: DATA_DIR (default ./data) or DATABASE_URL.`;

function stop(message: string, code = 2): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

async function main(): Promise<void> {
  const [command, client, feature = LICENSED_FEATURE_LIVE_STREAM_START] = process.argv.slice(2);
  if (!command || command === 'help' || command === '--help') stop(USAGE, command ? 0 : 2);
  if (!['grant', 'revoke', 'list'].includes(command)) stop(`Unknown command "${command}".\n\n${USAGE}`);
  if (command !== 'list' && !client) stop(`${command} needs a client name.\n\n${USAGE}`);
  if (command !== 'list' && !LICENSED_FEATURES.includes(feature)) stop(`Unknown feature "${feature}": one of ${LICENSED_FEATURES.join(', ')}.`);

  const config = loadConfig();
  if (!config.databaseUrl) {
    if (config.dataDir.startsWith('memory://')) stop('DATA_DIR is memory:// (a throwaway database): set DATA_DIR or DATABASE_URL.');
    const pid = serviceOn(config.dataDir);
    if (pid !== undefined) stop(`The service (process ${pid}) is running on ${config.dataDir}: stop it, run this command, and start it again (or use DATABASE_URL).`);
  }
  const database = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
  try {
    if (command === 'list') {
      const rows = await listLicences(database.db);
      if (rows.length === 0) process.stdout.write(`No licences in ${describeStorage(config)}.\n`);
      for (const row of rows) process.stdout.write(`${row.client}  ${row.feature}  ${row.grantedAt.toISOString()}${row.note ? `  ${row.note}` : ''}\n`);
      return;
    }
    const clientId = await ensureClient(database.db, client!);
    if (command === 'grant') {
      await grantLicence(database.db, systemClock, clientId, feature, 'granted with licence-cli');
      process.stdout.write(`Client "${client}" has ${feature} in ${describeStorage(config)}.\n`);
    } else {
      const revoked = await revokeLicence(database.db, clientId, feature);
      process.stdout.write(revoked ? `Revoked ${feature} of client "${client}".\n` : `Client "${client}" had no ${feature} licence.\n`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
