/**
 * The sampling of streaming encoders: one job (`encoderHealth.tick`) every `sampleMs` while any
 * event streams, which reads each streaming event's encoder (the telemetry, with the fault it is
 * switched into, or one it falls into by itself) and stores the readings, and prunes samples
 * older than two hours. The chain stops when nothing streams; the app's start, a look at an
 * event's health, the schedule's live health and a fault switched on start it again
 * (`ensureSampling`, deduplicated per time bucket, so two never run side by side).
 */
import { z } from 'zod';
import { ChannelConfigurationSchema, type ChannelConfiguration } from '#schema';
import type { Db, DbOrTx } from '../../db/database.ts';
import type { Clock } from '../../jobs/clock.ts';
import { jobKind } from '../../jobs/define.ts';
import { insertSamples, pruneSamples, setFault, streamingEvents, type SampleInsert } from './repo.ts';
import { KEEP_MS, type ResolvedHealthSettings } from './settings.ts';

export const TICK_JOB = 'encoderHealth.tick';
export const tickKind = jobKind(TICK_JOB, z.null());

/** Schedules a tick at the start of the next sampling bucket after `at` (now by default). */
export async function ensureSampling(db: DbOrTx, clock: Clock, { sampleMs }: ResolvedHealthSettings, at?: Date): Promise<void> {
  const bucket = Math.ceil((at ?? clock.now()).getTime() / sampleMs) * sampleMs;
  await tickKind.enqueue(db, clock, null, { runAt: new Date(bucket), dedupeKey: `${TICK_JOB}@${bucket}`, maxAttempts: 3 });
}

function channelOf(json: string | null): ChannelConfiguration | null {
  if (!json) return null;
  try {
    const parsed = ChannelConfigurationSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** One round: a sample of every streaming event; answers how many. */
export async function sampleAll(db: Db, clock: Clock, { telemetry }: ResolvedHealthSettings): Promise<number> {
  const now = clock.now();
  const live = await streamingEvents(db);
  const rows: SampleInsert[] = [];
  for (const event of live) {
    let fault = event.fault;
    if (!fault) {
      fault = telemetry.spontaneousFault(event.eventId, now);
      if (fault) await setFault(db, event.clientId, event.eventId, fault, now);
    }
    const reading = telemetry.read({ eventId: event.eventId, channel: channelOf(event.configurationJson), at: now, fault });
    rows.push({ clientId: event.clientId, eventId: event.eventId, at: now, ...reading, fault });
  }
  await insertSamples(db, rows);
  await pruneSamples(db, new Date(now.getTime() - KEEP_MS));
  return live.length;
}

/** The job: a round, then the next one while anything streams. */
export async function tickJob(db: Db, clock: Clock, settings: ResolvedHealthSettings): Promise<void> {
  const sampled = await sampleAll(db, clock, settings);
  if (sampled > 0) await ensureSampling(db, clock, settings, new Date(clock.now().getTime() + 1));
}
