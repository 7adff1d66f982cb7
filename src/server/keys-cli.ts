/**
 * `npm run keys -- <command>`: API keys of the clients (tenants), in the database the service
 * uses (the same DATA_DIR / DATABASE_URL). Keys are stored hashed, so a new key is shown once.
 *
 *   npm run keys -- create <client> [--label <text>] [--role viewer|operator|admin]
 *   npm run keys -- list
 *   npm run keys -- revoke <key id | key prefix>
 */
import { describeStorage, loadConfig, type ServiceConfig } from './config.ts';
import { serviceOn } from './pid-file.ts';
import { openDatabase } from './db/database.ts';
import { createKey, listKeys, revokeKey } from './db/keys.ts';
import { ROLES, type Role } from '#schema';

const USAGE = `Usage: npm run keys -- <command>

  create <client> [--label <text>] [--role <role>]
                                     create a key for the client (created if new); the key is shown once.
                                     role: viewer (reads only), operator (day-to-day work) or admin
                                     (also configuration); admin when omitted
  list                               list the keys: id, prefix, client, label, role, created, revoked
  revoke <id | prefix>               revoke a key by its id or its prefix (the first 8 characters)

The database is the service's: DATA_DIR (default ./data) or DATABASE_URL.`;

function stop(message: string, code = 2): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

/** PGlite is one process's database: opening its directory while the service runs would corrupt it. */
function checkPgliteFree(config: ServiceConfig): void {
  if (config.databaseUrl) return;
  if (config.dataDir.startsWith('memory://')) {
    stop('DATA_DIR is memory:// (a throwaway database): keys made here would vanish at once. Set DATA_DIR or DATABASE_URL.');
  }
  const pid = serviceOn(config.dataDir);
  if (pid !== undefined) {
    stop(
      `The service (process ${pid}) is running on ${config.dataDir}. The embedded database serves one process at a time: stop the service, run this command, and start it again (or use DATABASE_URL).`,
    );
  }
}

function roleOf(text: string | undefined): Role {
  if (text === undefined) stop('--role needs a value: viewer, operator or admin');
  const role = text.trim().toLowerCase();
  if (!(ROLES as readonly string[]).includes(role)) stop(`"${text}" is not a role: viewer, operator or admin`);
  return role as Role;
}

function parseArgs(argv: string[]): { command?: string; positional: string[]; label?: string; role?: Role } {
  const positional: string[] = [];
  let label: string | undefined;
  let role: Role | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--label') {
      label = argv[++i];
      if (label === undefined) stop('--label needs a value');
    } else if (arg.startsWith('--label=')) {
      label = arg.slice('--label='.length);
    } else if (arg === '--role') {
      role = roleOf(argv[++i]);
    } else if (arg.startsWith('--role=')) {
      role = roleOf(arg.slice('--role='.length));
    } else if (arg === '--help' || arg === '-h') {
      positional.unshift('help');
    } else {
      positional.push(arg);
    }
  }
  const [command, ...rest] = positional;
  return { ...(command ? { command } : {}), positional: rest, ...(label !== undefined ? { label } : {}), ...(role ? { role } : {}) };
}

function date(value: Date | null): string {
  return value ? value.toISOString().replace('T', ' ').slice(0, 19) : '';
}

async function main(): Promise<void> {
  const { command, positional, label, role } = parseArgs(process.argv.slice(2));
  if (!command || command === 'help') stop(USAGE, command ? 0 : 2);
  if (!['create', 'list', 'revoke'].includes(command)) stop(`Unknown command "${command}".\n\n${USAGE}`);

  const config = loadConfig();
  checkPgliteFree(config);
  const database = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
  try {
    if (command === 'create') {
      const client = positional[0];
      if (!client || !/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/.test(client)) {
        stop('create needs a client name: letters, digits, ".", "_" and "-" (npm run keys -- create <client> [--label <text>] [--role <role>])');
      }
      const { id, key } = await createKey(database.db, client, label, role ?? 'admin');
      process.stdout.write(`Created ${role ?? 'admin'} key ${id} for client "${client}" in ${describeStorage(config)}.\n\n  ${key}\n\nKeep it now: only its hash is stored.\n`);
    } else if (command === 'list') {
      const keys = await listKeys(database.db);
      if (keys.length === 0) process.stdout.write(`No keys in ${describeStorage(config)}.\n`);
      const rows = [
        ['id', 'prefix', 'client', 'label', 'role', 'created', 'revoked'],
        ...keys.map((k) => [k.id, k.prefix, k.client, k.label ?? '', k.role, date(k.createdAt), date(k.revokedAt)]),
      ];
      const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
      if (keys.length > 0) process.stdout.write(rows.map((r) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd()).join('\n') + '\n');
    } else {
      const target = positional[0];
      if (!target) stop('revoke needs a key id or prefix (npm run keys -- revoke <id | prefix>)');
      const revoked = await revokeKey(database.db, target, new Date());
      if (revoked === 0) stop(`No active key has the id or prefix "${target}" (see npm run keys -- list).`, 1);
      process.stdout.write(`Revoked ${revoked} key${revoked === 1 ? '' : 's'}.\n`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
