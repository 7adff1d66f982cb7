/**
 * Helpers for the live area's tests: a channel and an xflow configured like the demo's (their
 * HLS URLs name this service's /api/stream routes, stored with the placeholder origin), events inserted straight through Drizzle in
 * any state, the recorded changes of an event, and a way to let clock time pass while a request
 * waits for the encoder.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/database.ts';
import { channels, events, xflows } from '#server/db/tables/index.ts';
import type { ManualClock } from '#server/jobs/clock.ts';
import { channelConfiguration, CHANNELS, xflowConfiguration } from '#server/demo/catalogue.ts';

/**
 * The service's URL as test clients reach it: answers name the service's own streams and files
 * with it (http/service-url.ts). The client resolves `/api` on the page (jsdom's
 * http://localhost:3000 in page tests), or on http://localhost outside a browser (#client http.ts),
 * and route-fetch.ts sends that Host.
 */
export const SERVICE = typeof location === 'undefined' ? 'http://localhost' : location.origin;

export interface LiveFixture {
  channelId: string;
  xflowId: string;
}

/** A two-encoder channel (HLS and DASH, DVR window 7200 s) and an xflow, for `clientId`. */
export async function seedLiveFixture(db: DbOrTx, clientId: string, now: Date): Promise<LiveFixture> {
  const channelId = randomUUID();
  const xflowId = randomUUID();
  const main = CHANNELS.find((c) => c.key === 'main')!;
  await db.insert(channels).values({
    id: channelId,
    clientId,
    name: `Channel ${channelId.slice(0, 4)}`,
    referenceId: null,
    configurationJson: JSON.stringify(channelConfiguration(main)),
    dateCreated: now,
    dateModified: now,
  });
  await db.insert(xflows).values({
    id: xflowId,
    clientId,
    name: `Xflow ${xflowId.slice(0, 4)}`,
    configurationJson: JSON.stringify(xflowConfiguration('standard')),
    dateCreated: now,
    dateModified: now,
  });
  return { channelId, xflowId };
}


export async function eventRow(db: DbOrTx, id: string) {
  const [row] = await db.select().from(events).where(eq(events.id, id));
  return row!;
}

/** The changes recorded for an event, oldest first. */
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Moves the clock on by `stepMs` every few real milliseconds until `promise` settles: what a
 * waiting request (waitUntilCompleted=true) needs to see the encoder get ready.
 */
export async function whileTimePasses<T>(clock: ManualClock, promise: Promise<T>, stepMs = 1_000): Promise<T> {
  let settled = false;
  const watched = promise.finally(() => {
    settled = true;
  });
  // Let the request commit its first transaction before time moves.
  await sleep(20);
  while (!settled) {
    clock.advance(stepMs);
    await sleep(10);
  }
  return watched;
}
