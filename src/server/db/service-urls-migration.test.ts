/**
 * The migration 0020_service-urls rewrites the URLs the demo wrote with the first start's address
 * (http://localhost:<PORT>) into the placeholder origin (http/service-url.ts), and nothing else.
 */
import { rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRow, selectRows } from '#testing/rows.ts';
import { channelConfiguration, CHANNELS, xflowConfiguration } from '../demo/catalogue.ts';
import { SERVICE_ORIGIN } from '../http/service-url.ts';
import { migrateDatabase, type Database } from './database.ts';
import { migrationsUpTo, openTestDatabase } from './test-database.ts';

const BEFORE = '0019_row-level-security';

/** The demo's configurations as an earlier start on port 8080 wrote them. */
const atPort = (text: string, origin = 'http://localhost:8080') => text.replaceAll(SERVICE_ORIGIN, origin);
const channelNow = JSON.stringify(channelConfiguration(CHANNELS[0]!), null, 2);
const xflowNow = JSON.stringify(xflowConfiguration('standard'), null, 2);
const point = `${SERVICE_ORIGIN}/api/stream/ingest/ch-main/0/primary`;

describe('the migration of stored service URLs', () => {
  let database: Database;
  let folder: string;
  const client = randomUUID();
  const ids = { channel: randomUUID(), xflow: randomUUID(), other: randomUUID(), event: randomUUID(), playlist: randomUUID() };

  beforeAll(async () => {
    folder = await migrationsUpTo(BEFORE);
    database = await openTestDatabase(undefined, { migrationsFolder: folder });

    await insertRow(database, 'clients', { id: client, name: `c-${client}` });
    await insertRow(database, 'channels', { id: ids.channel, client_id: client, configuration_json: atPort(channelNow) });
    await insertRow(database, 'xflows', { id: ids.xflow, client_id: client, configuration_json: atPort(xflowNow, 'http://127.0.0.1:9123') });
    // A client's own URLs: another host, or a loopback server of theirs on other paths.
    const foreign = JSON.stringify({ encoders: [{ url: 'https://cdn.example.com/api/stream/x.m3u8' }, { url: 'http://localhost:9000/hls/x.m3u8' }] });
    await insertRow(database, 'channels', { id: ids.other, client_id: client, configuration_json: foreign });
    await insertRow(database, 'events', { id: ids.event, client_id: client });
    await insertRow(database, 'compose_playlists', { id: ids.playlist, client_id: client, event_id: ids.event });
    await insertRow(database, 'compose_items', { id: randomUUID(), client_id: client, playlist_id: ids.playlist, position: 0, type: 1, value: 'http://localhost:8080/api/stream/files/test-card.mp4' });
    await insertRow(database, 'compose_items', { id: randomUUID(), client_id: client, playlist_id: ids.playlist, position: 1, type: 1, value: 'https://media.example.com/api/stream/files/intro.mp4' });
    await insertRow(database, 'archiver_captures', { id: 'cap', client_id: client, publishing_points: JSON.stringify([atPort(point)]) });
    await insertRow(database, 'archiver_segments', { client_id: client, capture_id: 'cap', source: JSON.stringify({ eventId: ids.event, publishingPoint: atPort(point, 'http://[::1]:8080'), files: [] }) });

    await migrateDatabase(database);
  });
  afterAll(async () => {
    await database?.close();
    await rm(folder, { recursive: true, force: true });
  });

  const one = async <T>(query: ReturnType<typeof sql>) => (await selectRows<T>(database, query))[0]!;

  it('stores the demo’s URLs on this service with the placeholder origin, as a new demo does', async () => {
    expect((await one<{ c: string }>(sql`select configuration_json as c from channels where id = ${ids.channel}`)).c).toBe(channelNow);
    expect((await one<{ c: string }>(sql`select configuration_json as c from xflows where id = ${ids.xflow}`)).c).toBe(xflowNow);
    const items = await selectRows<{ value: string }>(database, sql`select value from compose_items where playlist_id = ${ids.playlist} order by position`);
    expect(items.map((i) => i.value)).toEqual([`${SERVICE_ORIGIN}/api/stream/files/test-card.mp4`, 'https://media.example.com/api/stream/files/intro.mp4']);
    expect((await one<{ p: string[] }>(sql`select publishing_points as p from archiver_captures where id = 'cap'`)).p).toEqual([point]);
    expect((await one<{ s: { publishingPoint: string } }>(sql`select source as s from archiver_segments where capture_id = 'cap'`)).s.publishingPoint).toBe(point);
  });

  it('leaves every other URL as it was', async () => {
    const other = await one<{ c: string }>(sql`select configuration_json as c from channels where id = ${ids.other}`);
    expect(other.c).toContain('https://cdn.example.com/api/stream/x.m3u8');
    expect(other.c).toContain('http://localhost:9000/hls/x.m3u8');
    const rest = await selectRows<{ t: string }>(database, sql`select configuration_json as t from channels union all select configuration_json from xflows`);
    expect(rest.map((r) => r.t).join('\n')).not.toMatch(/localhost:8080|127\.0\.0\.1:9123/);
  });
});
