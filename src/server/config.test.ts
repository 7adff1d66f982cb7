import { describe, expect, it } from 'vitest';
import { ConfigError, describeStorage, parseConfig } from './config.ts';

function problems(env: Record<string, string>): string[] {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('parseConfig', () => {
  it('has defaults for everything', () => {
    expect(parseConfig({})).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: './data',
      apiKeys: [],
      demoData: false,
      logLevel: 'info',
      outboundAllowPrivate: false,
      webhooksAllowPrivate: false,
      storageDir: './data/storage',
      mediaConcurrency: 2,
      mediaFaultRate: 0,
      mailFrom: 'Control Room <no-reply@control-room.local>',
      downloadsExpiryDays: 7,
      webhooksRetentionDays: 30,
    });
    expect(parseConfig({ DATA_DIR: 'memory://' }).storageDir).toBeUndefined();
  });

  it('reads every variable, and treats empty ones as unset', () => {
    expect(
      parseConfig({
        PORT: '9000',
        HOST: '127.0.0.1',
        PUBLIC_URL: 'https://control.example.org/',
        DATA_DIR: 'memory://',
        DATABASE_URL: 'postgres://u:p@db:5432/cr',
        API_KEY: 'secret-key-1',
        DEMO_DATA: 'true',
        LOG_LEVEL: 'DEBUG',
        WEBHOOKS_ALLOW_PRIVATE: 'true',
        STORAGE_DIR: '/srv/storage',
        MEDIA_CONCURRENCY: '4',
        FFMPEG_PATH: '/usr/bin/ffmpeg',
        MEDIA_FAULT_RATE: '0.25',
        SMTP_URL: 'smtp://mailer:secret@mail.example.org:587',
        MAIL_FROM: 'Ops <ops@example.org>',
        DOWNLOADS_EXPIRY_DAYS: '0.5',
        WEBHOOKS_RETENTION_DAYS: '0.5',
      }),
    ).toEqual({
      port: 9000,
      host: '127.0.0.1',
      publicUrl: 'https://control.example.org',
      dataDir: 'memory://',
      databaseUrl: 'postgres://u:p@db:5432/cr',
      apiKeys: [{ client: 'default', key: 'secret-key-1', role: 'admin' }],
      demoData: true,
      logLevel: 'debug',
      outboundAllowPrivate: true,
      webhooksAllowPrivate: true,
      storageDir: '/srv/storage',
      mediaConcurrency: 4,
      ffmpegPath: '/usr/bin/ffmpeg',
      mediaFaultRate: 0.25,
      smtpUrl: 'smtp://mailer:secret@mail.example.org:587',
      mailFrom: 'Ops <ops@example.org>',
      downloadsExpiryDays: 0.5,
      webhooksRetentionDays: 0.5,
    });
    expect(() => parseConfig({ MEDIA_CONCURRENCY: '0', MEDIA_FAULT_RATE: '2' })).toThrow(/MEDIA_CONCURRENCY[^]*MEDIA_FAULT_RATE/);
    expect(parseConfig({ PORT: '', API_KEY: ' ', DEMO_DATA: '' })).toMatchObject({ port: 8080, apiKeys: [], demoData: false });
  });

  it('reads API_KEY as one key for `default` or as client:key pairs, each with an optional role', () => {
    expect(parseConfig({ API_KEY: 'acme:key-of-acme, beta:key-of-beta:viewer,acme:second-acme-key:Operator' }).apiKeys).toEqual([
      { client: 'acme', key: 'key-of-acme', role: 'admin' },
      { client: 'beta', key: 'key-of-beta', role: 'viewer' },
      { client: 'acme', key: 'second-acme-key', role: 'operator' },
    ]);
    expect(problems({ API_KEY: 'acme:key-of-acme:owner' })[0]).toContain('"owner" is not a role (viewer, operator or admin)');
    expect(problems({ API_KEY: 'short' })).toEqual([expect.stringContaining('too short')]);
    expect(problems({ API_KEY: 'acme:key-of-acme,nocolon' })[0]).toContain('entry 2 is not of the form client:key[:role]');
    expect(problems({ API_KEY: 'a b:key-of-someone' })[0]).toContain('not a valid client name');
    expect(problems({ API_KEY: 'acme:shared-key-1,beta:shared-key-1' })[0]).toContain('a key belongs to one client');
    expect(problems({ API_KEY: ',' })).toEqual(['API_KEY holds no key']);
  });

  it('reads OUTBOUND_ALLOW_PRIVATE, with WEBHOOKS_ALLOW_PRIVATE as its alias', () => {
    expect(parseConfig({ OUTBOUND_ALLOW_PRIVATE: 'true' }).outboundAllowPrivate).toBe(true);
    expect(parseConfig({ WEBHOOKS_ALLOW_PRIVATE: 'true' }).outboundAllowPrivate).toBe(true);
    expect(parseConfig({ OUTBOUND_ALLOW_PRIVATE: 'false', WEBHOOKS_ALLOW_PRIVATE: 'true' }).outboundAllowPrivate).toBe(false);
    expect(parseConfig({}).outboundAllowPrivate).toBe(false);
    expect(problems({ OUTBOUND_ALLOW_PRIVATE: 'maybe' })).toEqual(['OUTBOUND_ALLOW_PRIVATE must be true or false, not "maybe"']);
  });

  it('reads WEBHOOKS_ALLOW_PRIVATE as a boolean, off by default', () => {
    expect(parseConfig({ WEBHOOKS_ALLOW_PRIVATE: 'on' }).webhooksAllowPrivate).toBe(true);
    expect(parseConfig({ WEBHOOKS_ALLOW_PRIVATE: '' }).webhooksAllowPrivate).toBe(false);
    expect(problems({ WEBHOOKS_ALLOW_PRIVATE: 'sometimes' })).toEqual(['WEBHOOKS_ALLOW_PRIVATE must be true or false, not "sometimes"']);
  });

  it('reads PUBLIC_URL as an http(s) address, with a path for a service behind a proxy', () => {
    expect(parseConfig({ PUBLIC_URL: 'HTTPS://Control.Example.org:8443/ops/' }).publicUrl).toBe('https://control.example.org:8443/ops');
    for (const bad of ['control.example.org', 'ftp://example.org', 'https://example.org/?a=1', 'https://example.org/#x', 'https://u:p@example.org']) {
      expect(problems({ PUBLIC_URL: bad }), bad).toEqual([expect.stringMatching(/^PUBLIC_URL must be the http\(s\) address/)]);
    }
  });

  it('reads SMTP_URL and DOWNLOADS_EXPIRY_DAYS, refusing what cannot work', () => {
    expect(problems({ SMTP_URL: 'http://mail.example.org' })[0]).toContain('SMTP_URL must be an SMTP URL');
    expect(parseConfig({ SMTP_URL: 'smtps://mail.example.org' }).smtpUrl).toBe('smtps://mail.example.org');
    for (const bad of ['0', '-1', 'week', '99999']) expect(problems({ DOWNLOADS_EXPIRY_DAYS: bad })[0]).toContain('DOWNLOADS_EXPIRY_DAYS must be');
    expect(parseConfig({ DOWNLOADS_EXPIRY_DAYS: '30' }).downloadsExpiryDays).toBe(30);
  });

  it('accepts the usual spellings of a boolean', () => {
    for (const yes of ['true', 'TRUE', '1', 'yes', 'on']) expect(parseConfig({ DEMO_DATA: yes }).demoData).toBe(true);
    for (const no of ['false', '0', 'no', 'off']) expect(parseConfig({ DEMO_DATA: no }).demoData).toBe(false);
  });

  it('lists every invalid value at once, saying what is accepted', () => {
    const found = problems({ PORT: '80a', DATABASE_URL: 'mysql://x', DEMO_DATA: 'maybe', LOG_LEVEL: 'loud', HOST: 'a b' });
    expect(found).toEqual([
      'PORT must be a whole number from 0 to 65535, not "80a"',
      'HOST must be a host name or an IP address, not "a b"',
      expect.stringContaining('DATABASE_URL must be a PostgreSQL URL'),
      'DEMO_DATA must be true or false, not "maybe"',
      expect.stringContaining('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent'),
    ]);
    expect(problems({ PORT: '70000' })).toHaveLength(1);
    expect(problems({ PORT: '-1' })).toHaveLength(1);
    expect(problems({ DATABASE_URL: 'not a url' })).toHaveLength(1);
    expect(() => parseConfig({ PORT: 'x' })).toThrow(/^Invalid configuration:\n {2}- PORT/);
  });

  it('describes where the data lives without a password', () => {
    expect(describeStorage({ dataDir: './data' })).toBe('PGlite in ./data');
    expect(describeStorage({ dataDir: 'memory://' })).toContain('throwaway');
    expect(describeStorage({ dataDir: './data', databaseUrl: 'postgres://u:secret@db:5432/cr' })).toBe('PostgreSQL at postgres://u@db:5432/cr');
  });
});
