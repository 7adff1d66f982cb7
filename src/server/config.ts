/**
 * The service's configuration, read from the environment once at start. The names are fixed
 * (DESIGN.md "Configuration"); an invalid value stops the service with a message that says
 * which variable is wrong and what it accepts, never a stack trace.
 *
 * | Variable     | Default    | Meaning                                                                        |
 * |--------------|------------|--------------------------------------------------------------------------------|
 * | PORT         | 8080       | HTTP port (0 picks a free one)                                                 |
 * | HOST         | 0.0.0.0    | interface to listen on (127.0.0.1 keeps the service on this machine)          |
 * | PUBLIC_URL   | (none)     | http(s)://host[:port][/path] clients reach the service at (behind a proxy): links to its streams and files start with it; unset, with the request's own origin (http/service-url.ts) |
 * | DATA_DIR     | ./data     | PGlite (embedded PostgreSQL) directory; `memory://` for a throwaway database   |
 * | DATABASE_URL | (none)     | postgres://... : use a PostgreSQL server instead of PGlite (DATA_DIR ignored)  |
 * | API_KEY      | (none)     | `<key>` for the client `default`, or `client:key[:role],...` (role viewer, operator or admin; admin when omitted); created or kept |
 * | DEMO_DATA    | false      | `true` seeds a demo tenant into an empty database (`npm start` turns it on)   |
 * | LOG_LEVEL    | info       | pino level: fatal, error, warn, info, debug, trace, silent                     |
 * | OUTBOUND_ALLOW_PRIVATE | false | `true` lets requests to URLs a client chose (webhooks, MP4 probes...) call loopback and private addresses (outbound/address-policy.ts); WEBHOOKS_ALLOW_PRIVATE is an alias |
 * | STORAGE_DIR  | DATA_DIR/storage | folder of asset files (sim/storage.ts); a temporary folder for `memory://` |
 * | MEDIA_CONCURRENCY | 2     | media lane jobs (ffmpeg runs) at once (jobs/media-lane.ts)                    |
 * | FFMPEG_PATH  | (package)  | another ffmpeg than the one @ffmpeg-installer/ffmpeg ships                     |
 * | MEDIA_FAULT_RATE | 0      | share (0..1) of media work that fails with a simulated storage error          |
 * | SMTP_URL     | (none)     | smtp(s)://user:pass@host:port: send mail through it; unset, the service keeps a mailbox (areas/vod-download/mail.ts) |
 * | MAIL_FROM    | Control Room <no-reply@control-room.local> | the sender of the service's mails |
 * | DOWNLOADS_EXPIRY_DAYS | 7 | days a ready VOD download's link works; fractions allowed                 |
 * | WEBHOOKS_RETENTION_DAYS | 30 | days a finished webhook delivery stays in the delivery log; fractions allowed (0.5 = 12 h) |
 * | ARCHIVER_SEGMENT_SECONDS | 4 | length of a segment the simulated archiver records (areas/archiver/settings.ts) |
 * | ARCHIVER_FAULT_RATE | 0.05 | share of the simulated archiver's attempts that fail (retried; 0 for none) |
 * | ENCODER_HEALTH_SECONDS | 10 | how often a streaming event's (simulated) encoder is sampled (areas/encoder-health) |
 * | ENCODER_FAULT_RATE | 0 | chance per sample that a healthy simulated encoder falls into a fault, for demos |
 */

import { ROLES, type Role } from '#schema';

/** NODE_ENV=test (Vitest sets it): buildApp then checks every answer against its record by default. */
export function isTestRun(env: Record<string, string | undefined> = process.env): boolean {
  return env.NODE_ENV === 'test';
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The client a lone API_KEY (and the key made on first start) belongs to. */
export const DEFAULT_CLIENT = 'default';

/** Beside PGlite's files in DATA_DIR: the generated key of the client `default` (see main.ts). */
export const KEY_FILE = 'control-room-api-key';
/** Beside PGlite's files in DATA_DIR while the service runs, so `npm run keys` does not open the directory at the same time. */
export const PID_FILE = 'control-room.pid';

export interface ConfiguredKey {
  client: string;
  key: string;
  /** What the key may do (DESIGN.md "Trust"); admin when the entry names none. */
  role: Role;
}

export interface ServiceConfig {
  port: number;
  host: string;
  /** PUBLIC_URL without a trailing slash: the service's address for links when set; unset, each request's own origin. */
  publicUrl?: string;
  /** PGlite directory, or `memory://...`. */
  dataDir: string;
  databaseUrl?: string;
  /** Keys given through API_KEY, in the order given. Empty when API_KEY is not set. */
  apiKeys: ConfiguredKey[];
  demoData: boolean;
  logLevel: LogLevel;
  /** OUTBOUND_ALLOW_PRIVATE (alias WEBHOOKS_ALLOW_PRIVATE): requests to URLs a client chose may call loopback and private addresses. */
  outboundAllowPrivate: boolean;
  /** The same as outboundAllowPrivate (the name before the outbound module took the policy over). */
  webhooksAllowPrivate: boolean;
  /** STORAGE_DIR; unset: DATA_DIR/storage, or a temporary folder for memory:// (media/services.ts). */
  storageDir?: string;
  /** MEDIA_CONCURRENCY: ffmpeg runs at once (1..16). */
  mediaConcurrency: number;
  /** FFMPEG_PATH: another ffmpeg binary. */
  ffmpegPath?: string;
  /** MEDIA_FAULT_RATE: share of media work that fails (0..1). */
  mediaFaultRate: number;
  /** SMTP_URL: mail goes through this server; unset, into the service's own mailbox. */
  smtpUrl?: string;
  /** MAIL_FROM: the sender of the service's mails. */
  mailFrom: string;
  /** DOWNLOADS_EXPIRY_DAYS: how long a ready VOD download's file stays available. */
  downloadsExpiryDays: number;
  /** WEBHOOKS_RETENTION_DAYS: how long a finished webhook delivery stays in the delivery log. */
  webhooksRetentionDays: number;
  /** ARCHIVER_SEGMENT_SECONDS, when set. */
  archiverSegmentSeconds?: number;
  /** ARCHIVER_FAULT_RATE, when set. */
  archiverFaultRate?: number;
  /** ENCODER_HEALTH_SECONDS, when set. */
  encoderHealthSeconds?: number;
  /** ENCODER_FAULT_RATE, when set. */
  encoderFaultRate?: number;
}

export const DEFAULT_MAIL_FROM = 'Control Room <no-reply@control-room.local>';
export const DEFAULT_DOWNLOADS_EXPIRY_DAYS = 7;
export const DEFAULT_WEBHOOKS_RETENTION_DAYS = 30;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

type Env = Record<string, string | undefined>;

/** A variable set to an empty string counts as unset (as `PORT= npm start` would suggest). */
function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

const CLIENT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
const MIN_KEY_LENGTH = 8;

function parseApiKeys(raw: string, problems: string[]): ConfiguredKey[] {
  // One key alone belongs to the client `default`; keys we generate never hold ':' or ','.
  if (!raw.includes(':') && !raw.includes(',')) {
    if (raw.length < MIN_KEY_LENGTH) problems.push(`API_KEY is too short: a key has ${MIN_KEY_LENGTH} characters at least`);
    return [{ client: DEFAULT_CLIENT, key: raw, role: 'admin' }];
  }
  const keys: ConfiguredKey[] = [];
  const owner = new Map<string, string>();
  for (const [index, entry] of raw.split(',').entries()) {
    const item = entry.trim();
    if (item === '') continue;
    const colon = item.indexOf(':');
    const where = `API_KEY entry ${index + 1}`;
    if (colon < 0) {
      problems.push(`${where} is not of the form client:key[:role] (API_KEY is one key, or a comma-separated list of client:key or client:key:role entries)`);
      continue;
    }
    const client = item.slice(0, colon).trim();
    let key = item.slice(colon + 1).trim();
    // An optional role after the key: `client:key:operator`.
    let role: Role = 'admin';
    const last = key.lastIndexOf(':');
    if (last >= 0) {
      const named = key.slice(last + 1).trim().toLowerCase();
      if (!(ROLES as readonly string[]).includes(named)) {
        problems.push(`${where}: "${key.slice(last + 1)}" is not a role (viewer, operator or admin)`);
        continue;
      }
      role = named as Role;
      key = key.slice(0, last).trim();
    }
    if (!CLIENT_NAME.test(client)) {
      problems.push(`${where}: "${client}" is not a valid client name (letters, digits, '.', '_' and '-', starting with a letter or digit)`);
      continue;
    }
    if (key.length < MIN_KEY_LENGTH) {
      problems.push(`${where}: the key for client "${client}" is too short (${MIN_KEY_LENGTH} characters at least)`);
      continue;
    }
    const previous = owner.get(key);
    if (previous !== undefined && previous !== client) {
      problems.push(`${where}: the key for client "${client}" is also given for client "${previous}"; a key belongs to one client`);
      continue;
    }
    owner.set(key, client);
    if (!keys.some((k) => k.client === client && k.key === key)) keys.push({ client, key, role });
  }
  if (keys.length === 0 && problems.length === 0) problems.push('API_KEY holds no key');
  return keys;
}

function parseBoolean(name: string, raw: string | undefined, fallback: boolean, problems: string[]): boolean {
  if (raw === undefined) return fallback;
  const lower = raw.toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(lower)) return true;
  if (['false', '0', 'no', 'off'].includes(lower)) return false;
  problems.push(`${name} must be true or false, not "${raw}"`);
  return fallback;
}

/** PUBLIC_URL: an http(s) URL with a host, no query, fragment or credentials; kept without its trailing slash. */
function parsePublicUrl(raw: string | undefined, problems: string[]): string | undefined {
  if (raw === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.hostname === '' || url.search || url.hash || url.username || url.password || /[{}"\\]/.test(raw)) {
    problems.push(`PUBLIC_URL must be the http(s) address clients reach the service at, such as https://control.example.org or https://example.org/control (no query, fragment or credentials), not "${raw}"`);
    return undefined;
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/** Parses the environment; throws a ConfigError listing every problem at once. */
export function parseConfig(env: Env): ServiceConfig {
  const problems: string[] = [];

  let port = 8080;
  const rawPort = read(env, 'PORT');
  if (rawPort !== undefined) {
    port = Number(rawPort);
    if (!/^\d+$/.test(rawPort) || port > 65535) {
      problems.push(`PORT must be a whole number from 0 to 65535, not "${rawPort}"`);
      port = 8080;
    }
  }

  const host = read(env, 'HOST') ?? '0.0.0.0';
  if (/\s/.test(host)) problems.push(`HOST must be a host name or an IP address, not "${host}"`);

  const publicUrl = parsePublicUrl(read(env, 'PUBLIC_URL'), problems);

  const dataDir = read(env, 'DATA_DIR') ?? './data';

  const databaseUrl = read(env, 'DATABASE_URL');
  if (databaseUrl !== undefined) {
    let valid = false;
    try {
      valid = ['postgres:', 'postgresql:'].includes(new URL(databaseUrl).protocol);
    } catch {
      valid = false;
    }
    if (!valid) problems.push('DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@localhost:5432/controlroom');
  }

  const rawKeys = read(env, 'API_KEY');
  const apiKeys = rawKeys === undefined ? [] : parseApiKeys(rawKeys, problems);

  const demoData = parseBoolean('DEMO_DATA', read(env, 'DEMO_DATA'), false, problems);
  const aliasAllowPrivate = parseBoolean('WEBHOOKS_ALLOW_PRIVATE', read(env, 'WEBHOOKS_ALLOW_PRIVATE'), false, problems);
  const outboundRaw = read(env, 'OUTBOUND_ALLOW_PRIVATE');
  const outboundAllowPrivate = outboundRaw === undefined ? aliasAllowPrivate : parseBoolean('OUTBOUND_ALLOW_PRIVATE', outboundRaw, false, problems);

  const smtpUrl = read(env, 'SMTP_URL');
  if (smtpUrl !== undefined) {
    let valid = false;
    try {
      valid = ['smtp:', 'smtps:'].includes(new URL(smtpUrl).protocol);
    } catch {
      valid = false;
    }
    if (!valid) problems.push('SMTP_URL must be an SMTP URL such as smtp://user:password@mail.example.org:587 (smtps:// for TLS from the start)');
  }
  const mailFrom = read(env, 'MAIL_FROM') ?? DEFAULT_MAIL_FROM;

  let downloadsExpiryDays = DEFAULT_DOWNLOADS_EXPIRY_DAYS;
  const rawExpiry = read(env, 'DOWNLOADS_EXPIRY_DAYS');
  if (rawExpiry !== undefined) {
    downloadsExpiryDays = Number(rawExpiry);
    if (!/^\d+(\.\d+)?$/.test(rawExpiry) || !(downloadsExpiryDays > 0) || downloadsExpiryDays > 3650) {
      problems.push(`DOWNLOADS_EXPIRY_DAYS must be a number of days above 0 and up to 3650 (fractions allowed), not "${rawExpiry}"`);
      downloadsExpiryDays = DEFAULT_DOWNLOADS_EXPIRY_DAYS;
    }
  }

  let webhooksRetentionDays = DEFAULT_WEBHOOKS_RETENTION_DAYS;
  const rawRetention = read(env, 'WEBHOOKS_RETENTION_DAYS');
  if (rawRetention !== undefined) {
    webhooksRetentionDays = Number(rawRetention);
    if (!/^\d+(\.\d+)?$/.test(rawRetention) || !(webhooksRetentionDays > 0) || webhooksRetentionDays > 3650) {
      problems.push(`WEBHOOKS_RETENTION_DAYS must be a number of days above 0 and up to 3650 (fractions allowed, e.g. 30 or 0.5), not "${rawRetention}"`);
      webhooksRetentionDays = DEFAULT_WEBHOOKS_RETENTION_DAYS;
    }
  }

  const rawLevel = read(env, 'LOG_LEVEL')?.toLowerCase() ?? 'info';
  let logLevel: LogLevel = 'info';
  if ((LOG_LEVELS as readonly string[]).includes(rawLevel)) logLevel = rawLevel as LogLevel;
  else problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not "${rawLevel}"`);

  const explicitStorage = read(env, 'STORAGE_DIR');
  const storageDir = explicitStorage ?? (databaseUrl || !dataDir.startsWith('memory://') ? `${databaseUrl ? './data' : dataDir}/storage` : undefined);
  const rawConcurrency = read(env, 'MEDIA_CONCURRENCY');
  let mediaConcurrency = 2;
  if (rawConcurrency !== undefined) {
    mediaConcurrency = Number(rawConcurrency);
    if (!/^\d+$/.test(rawConcurrency) || mediaConcurrency < 1 || mediaConcurrency > 16) {
      problems.push(`MEDIA_CONCURRENCY must be a whole number from 1 to 16, not "${rawConcurrency}"`);
      mediaConcurrency = 2;
    }
  }
  const ffmpegPath = read(env, 'FFMPEG_PATH');
  const rawFaultRate = read(env, 'MEDIA_FAULT_RATE');
  let mediaFaultRate = 0;
  if (rawFaultRate !== undefined) {
    mediaFaultRate = Number(rawFaultRate);
    if (!Number.isFinite(mediaFaultRate) || mediaFaultRate < 0 || mediaFaultRate > 1) {
      problems.push(`MEDIA_FAULT_RATE must be a number from 0 to 1, not "${rawFaultRate}"`);
      mediaFaultRate = 0;
    }
  }
  const rawSegment = read(env, 'ARCHIVER_SEGMENT_SECONDS');
  const archiverSegmentSeconds = rawSegment === undefined ? undefined : Number(rawSegment);
  if (archiverSegmentSeconds !== undefined && !(Number.isFinite(archiverSegmentSeconds) && archiverSegmentSeconds >= 1 && archiverSegmentSeconds <= 600)) {
    problems.push(`ARCHIVER_SEGMENT_SECONDS must be a number of seconds from 1 to 600, not "${rawSegment}"`);
  }
  const rawFault = read(env, 'ARCHIVER_FAULT_RATE');
  const archiverFaultRate = rawFault === undefined ? undefined : Number(rawFault);
  if (archiverFaultRate !== undefined && !(Number.isFinite(archiverFaultRate) && archiverFaultRate >= 0 && archiverFaultRate <= 1)) {
    problems.push(`ARCHIVER_FAULT_RATE must be a number from 0 to 1, not "${rawFault}"`);
  }

  const rawHealth = read(env, 'ENCODER_HEALTH_SECONDS');
  const encoderHealthSeconds = rawHealth === undefined ? undefined : Number(rawHealth);
  if (encoderHealthSeconds !== undefined && !(Number.isFinite(encoderHealthSeconds) && encoderHealthSeconds >= 1 && encoderHealthSeconds <= 300)) {
    problems.push(`ENCODER_HEALTH_SECONDS must be a number of seconds from 1 to 300, not "${rawHealth}"`);
  }
  const rawEncoderFault = read(env, 'ENCODER_FAULT_RATE');
  const encoderFaultRate = rawEncoderFault === undefined ? undefined : Number(rawEncoderFault);
  if (encoderFaultRate !== undefined && !(Number.isFinite(encoderFaultRate) && encoderFaultRate >= 0 && encoderFaultRate <= 1)) {
    problems.push(`ENCODER_FAULT_RATE must be a number from 0 to 1, not "${rawEncoderFault}"`);
  }

  if (problems.length > 0) throw new ConfigError(problems);
  return {
    port,
    host,
    ...(publicUrl ? { publicUrl } : {}),
    dataDir,
    ...(databaseUrl ? { databaseUrl } : {}),
    apiKeys,
    demoData,
    logLevel,
    outboundAllowPrivate,
    webhooksAllowPrivate: outboundAllowPrivate,
    ...(storageDir ? { storageDir } : {}),
    mediaConcurrency,
    ...(ffmpegPath ? { ffmpegPath } : {}),
    mediaFaultRate,
    ...(smtpUrl ? { smtpUrl } : {}),
    mailFrom,
    downloadsExpiryDays,
    webhooksRetentionDays,
    ...(archiverSegmentSeconds !== undefined ? { archiverSegmentSeconds } : {}),
    ...(archiverFaultRate !== undefined ? { archiverFaultRate } : {}),
    ...(encoderHealthSeconds !== undefined ? { encoderHealthSeconds } : {}),
    ...(encoderFaultRate !== undefined ? { encoderFaultRate } : {}),
  };
}

/** For the entry points: the configuration, or a message on stderr and exit code 2. */
export function loadConfig(env: Env = process.env): ServiceConfig {
  try {
    return parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n\nSee the "Configuration" section of README.md for the environment variables.\n`);
      process.exit(2);
    }
    throw error;
  }
}

/** Where the data lives, for the start-up log, without a password. */
export function describeStorage(config: Pick<ServiceConfig, 'dataDir' | 'databaseUrl'>): string {
  if (config.databaseUrl) {
    const url = new URL(config.databaseUrl);
    url.password = '';
    return `PostgreSQL at ${url.toString()}`;
  }
  return config.dataDir.startsWith('memory://') ? 'a throwaway in-memory database (memory://)' : `PGlite in ${config.dataDir}`;
}
