/**
 * A target is outside I/O: the area asks it outside any transaction (an operation's prepare step,
 * a job before it writes), never while a write holds its transaction open. Every call of every
 * adapter method is watched here, through operations and jobs of both apis.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, EventState, Mp4State } from '#schema';
import type { ApiClient } from '#client';
import { createTestApp, type TestApp } from '#testing/app.ts';
import { createTestClient } from '#testing/client.ts';
import { activeDestination, activeDirectDestination, advance } from '#testing/syndication.ts';
import { insertEvent } from '#testing/event-row.ts';
import { makeMp4File } from '#testing/asset.ts';
import type { DbOrTx } from '../../db/database.ts';
import { simulatedTargets } from '../../sim/targets.ts';
import type { TargetAdapter, TargetEnv, TargetRegistry } from './target.ts';

/** Whether `db` is inside a transaction block: SAVEPOINT is refused outside one. */
async function inTransaction(db: DbOrTx): Promise<boolean> {
  try {
    await db.execute(sql`savepoint target_probe`);
    await db.execute(sql`release savepoint target_probe`);
    return true;
  } catch {
    return false;
  }
}

const calls: { method: string; inTransaction: boolean }[] = [];

/** The simulated adapter, with each call's handle probed first. */
function watched(adapter: TargetAdapter): TargetAdapter {
  return new Proxy(adapter, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof value !== 'function' || name === 'link') return value;
      return async (env: TargetEnv, ...rest: unknown[]) => {
        calls.push({ method: String(name), inTransaction: await inTransaction(env.db) });
        return (value as (...args: unknown[]) => unknown).call(target, env, ...rest);
      };
    },
  });
}

let t: TestApp;
let api: ApiClient;
beforeAll(async () => {
  const targets: TargetRegistry = Object.fromEntries(Object.entries(simulatedTargets).map(([value, adapter]) => [value, watched(adapter)]));
  t = await createTestApp({ services: { targets } });
  api = createTestClient(t);
});
afterAll(() => t?.close());

const json = (o: object) => JSON.stringify(o);

describe('the syndication area and its targets', () => {
  it('asks the targets outside any transaction, in requests and in jobs', async () => {
    const start = t.clock.now();
    const eventId = await insertEvent(t, {
      state: EventState.values.LIVE_PUBLISHED,
      mp4State: Mp4State.values.AVAILABLE,
      contentId: 'outside-io',
      scheduledStart: start,
      scheduledEnd: new Date(start.getTime() + 20_000),
    });
    await makeMp4File(t, eventId);
    const vs = await activeDestination(t, api, 'VideoSite');
    const [live] = await api.call(endpoints.livePublication.create, { body: { eventId, publications: [{ destinationId: vs.id, publicationJson: json({ vs_title: 'Live' }) }] } });
    await advance(t, 2_000);
    const body = { eventId, publicationId: live!.id, destinationId: vs.id };
    await api.call(endpoints.livePublication.start, { body });
    await api.call(endpoints.livePublication.publish, { body });
    await api.call(endpoints.livePublication.get, { params: { id: live!.id }, query: { destinationId: vs.id, queryTarget: true } });
    await api.call(endpoints.livePublication.recreate, { body: { ...body, removeOriginal: true } });
    await api.call(endpoints.livePublication.delete, { body: { eventId, publications: [{ publicationId: live!.id, destinationId: vs.id, hardDelete: true }] } });

    const [vod] = await api.call(endpoints.vodPublication.create, { body: { eventId, publications: [{ destinationId: vs.id, publicationJson: json({ vs_title: 'Replay' }) }] } });
    await advance(t, 12_000, 1_000);
    await api.call(endpoints.vodPublication.delete, { params: { id: vod!.id }, query: { hardDelete: true } });

    const direct = await activeDirectDestination(t, api, 'VideoSite');
    const [published] = await api.call(endpoints.directVodPublication.create, { body: { publications: [{ destinationId: direct.id, contentId: 'outside-io', publicationJson: json({ vs_title: 'Direct' }) }] } });
    await advance(t, 12_000, 1_000);
    await api.call(endpoints.directVodPublication.unpublish, { body: { publicationId: published!.id, destinationId: direct.id } });
    await api.call(endpoints.directVodPublication.delete, { params: { id: published!.id }, query: { destinationId: direct.id } });

    const methods = new Set(calls.map((c) => c.method));
    for (const method of ['checkActivation', 'authorise', 'createLive', 'startLive', 'stopLive', 'setVisibility', 'view', 'remove', 'beginUpload', 'uploadStatus', 'finishUpload']) {
      expect(methods, method).toContain(method);
    }
    expect(calls.filter((c) => c.inTransaction)).toEqual([]);
  });
});
