import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelConfiguration } from '#schema';
import { clientForKey, createKey } from '../db/keys.ts';
import { openTestDatabase, type TestDatabase } from '../db/test-database.ts';
import { ManualClock } from '../jobs/clock.ts';
import { SimulatedEncoder } from './encoder.ts';

const channel: ChannelConfiguration = {
  encoders: [
    {
      streamingServer: {
        primaryPublishingPoint: 'https://origin-a.example/live/ch1',
        secondaryPublishingPoint: 'https://origin-b.example/live/ch1',
        dvrWindowLength: 60,
      },
      outputUrls: [{ streamProtocol: 'HLS', liveCdnUrl: 'https://cdn.example/ch1', liveOriginPrimaryUrl: 'https://origin-a.example/ch1' }],
      supportsComposition: false,
    },
    {
      streamingServer: { primaryPublishingPoint: 'https://origin-c.example/live/ch1-backup' },
      outputUrls: [{ streamProtocol: 'HLS', liveCdnUrl: 'https://cdn.example/ch1b', liveOriginPrimaryUrl: 'https://origin-c.example/ch1' }],
      supportsComposition: false,
    },
  ],
};

// Its runs are rows of the service's database, by client.
let database: TestDatabase;
let clientId: string;
beforeAll(async () => {
  database = await openTestDatabase();
  clientId = (await clientForKey(database.db, (await createKey(database.db, `encoder-${randomUUID()}`, 'test')).key))!.clientId;
});
afterAll(() => database?.close());

/** An encoder of a fresh world of events named in the test ('e1', 'bad'...), each a new event id. */
function setup(options: Partial<ConstructorParameters<typeof SimulatedEncoder>[0]> = {}) {
  const clock = new ManualClock('2026-01-15T12:00:00.000Z');
  const ids = new Map<string, string>();
  const idOf = (name: string) => ids.get(name) ?? ids.set(name, randomUUID()).get(name)!;
  const ref = (name: string) => ({ clientId, eventId: idOf(name) });
  const sim = new SimulatedEncoder({ clock, ...options, ...(options.startFault ? { startFault: (id, channel) => options.startFault!([...ids].find(([, v]) => v === id)?.[0] ?? id, channel) } : {}) });
  const encoder = {
    start: (name: string, c: ChannelConfiguration) => sim.start(database.db, ref(name), c),
    stop: (name: string) => sim.stop(database.db, ref(name)),
    status: (name: string) => sim.status(database.db, ref(name)),
  };
  return { clock, encoder, ref, sim };
}

describe('the simulated encoder', () => {
  it('starts in 4 s and stops in 2 s of clock time, reporting each step', async () => {
    const { clock, encoder } = setup();
    expect((await encoder.status('e1')).state).toBe('idle');

    const { readyAt } = await encoder.start('e1', channel);
    expect(readyAt).toEqual(new Date('2026-01-15T12:00:04.000Z'));
    let status = await encoder.status('e1');
    expect(status).toMatchObject({ state: 'starting', receivingData: false, readyAt });
    expect(status.publishingPoints.map((p) => [p.url, p.hasStarted, p.receivingData])).toEqual([
      ['https://origin-a.example/live/ch1', false, false],
      ['https://origin-b.example/live/ch1', false, false],
      ['https://origin-c.example/live/ch1-backup', false, false],
    ]);

    clock.advance(3_999);
    expect((await encoder.status('e1')).state).toBe('starting');
    clock.advance(1);
    status = await encoder.status('e1');
    expect(status).toMatchObject({ state: 'running', receivingData: true });
    expect(status.publishingPoints.every((p) => p.hasStarted && p.receivingData && p.state === 'running')).toBe(true);
    expect(status.publishingPoints[0]?.lastUpdated).toEqual(readyAt);

    clock.advance(60_000);
    const { stoppedAt } = await encoder.stop('e1');
    expect(stoppedAt).toEqual(new Date('2026-01-15T12:01:06.000Z'));
    expect(await encoder.status('e1')).toMatchObject({ state: 'stopping', receivingData: false });
    clock.advance(2_000);
    status = await encoder.status('e1');
    expect(status).toMatchObject({ state: 'stopped', receivingData: false, stoppedAt });
    expect(status.publishingPoints[0]).toMatchObject({ hasStarted: true, receivingData: false, lastUpdated: stoppedAt });
  });

  it('takes its delays from the options', async () => {
    const { clock, encoder } = setup({ startDelayMs: 10_000, stopDelayMs: 500 });
    const { readyAt } = await encoder.start('e1', channel);
    expect(readyAt.getTime() - clock.now().getTime()).toBe(10_000);
    clock.set(readyAt);
    const { stoppedAt } = await encoder.stop('e1');
    expect(stoppedAt.getTime() - clock.now().getTime()).toBe(500);
  });

  it('answers a repeated command with the first answer', async () => {
    const { clock, encoder } = setup();
    const first = await encoder.start('e1', channel);
    clock.advance(1_000);
    expect(await encoder.start('e1', channel)).toEqual(first);
    clock.advance(10_000);
    expect(await encoder.start('e1', channel)).toEqual(first);
    const stop = await encoder.stop('e1');
    clock.advance(500);
    expect(await encoder.stop('e1')).toEqual(stop);
  });

  it('stops at once what it is not running, and restarts once stopped', async () => {
    const { clock, encoder } = setup();
    expect(await encoder.stop('unknown')).toEqual({ stoppedAt: clock.now() });
    expect((await encoder.status('unknown')).state).toBe('idle');

    await encoder.start('e1', channel);
    clock.advance(5_000);
    const { stoppedAt } = await encoder.stop('e1');
    clock.advance(1_000);
    const { readyAt } = await encoder.start('e1', channel);
    expect(readyAt.getTime()).toBe(stoppedAt.getTime() + 4_000);
    expect((await encoder.status('e1')).state).toBe('starting');
    clock.set(readyAt);
    expect((await encoder.status('e1')).state).toBe('running');
  });

  it('keeps events apart', async () => {
    const { clock, encoder } = setup();
    await encoder.start('e1', channel);
    clock.advance(2_000);
    await encoder.start('e2', channel);
    clock.advance(2_000);
    expect((await encoder.status('e1')).state).toBe('running');
    expect((await encoder.status('e2')).state).toBe('starting');
  });

  it('reports an injected start fault when it would have been ready', async () => {
    const { clock, encoder } = setup({ startFault: (eventId) => (eventId === 'bad' ? 'No signal on the encoder input' : null) });
    await encoder.start('bad', channel);
    expect((await encoder.status('bad')).state).toBe('starting');
    clock.advance(4_000);
    const status = await encoder.status('bad');
    expect(status).toMatchObject({ state: 'failed', receivingData: false, error: 'No signal on the encoder input' });
    expect(status.publishingPoints.every((p) => !p.hasStarted)).toBe(true);
    expect(await encoder.stop('bad')).toEqual({ stoppedAt: clock.now() });
    expect((await encoder.status('bad')).state).toBe('stopped');
    // A new start is a new attempt.
    await encoder.start('bad', channel);
    expect((await encoder.status('bad')).state).toBe('starting');
  });

  it('forgets events stopped long ago', async () => {
    const { clock, encoder } = setup({ forgetAfterMs: 60_000 });
    await encoder.start('e1', channel);
    clock.advance(5_000);
    await encoder.stop('e1');
    clock.advance(63_000);
    await encoder.start('e2', channel);
    expect((await encoder.status('e1')).state).toBe('idle');
  });

  it('keeps its runs in the database: another process (or the same after a restart) goes on with them', async () => {
    const { clock, encoder, ref } = setup();
    const { readyAt } = await encoder.start('e1', channel);
    clock.set(readyAt);
    const other = new SimulatedEncoder({ clock });
    expect(await other.status(database.db, ref('e1'))).toMatchObject({ state: 'running', receivingData: true, readyAt });
    expect(await other.start(database.db, ref('e1'), channel)).toEqual({ readyAt });
    const { stoppedAt } = await other.stop(database.db, ref('e1'));
    expect(await encoder.status('e1')).toMatchObject({ state: 'stopping', stoppedAt });
  });
});
