/**
 * Standard composition: checking a playlist of EVENT items against its sources, and generating
 * it (a durable job) into what the event plays.
 *
 * The generation, as a state machine of the event (public-facts.md §2):
 *   COMPOSE_WAITING (a future liveStreamStart, when licensed) -> COMPOSE_GENERATING at liveStreamStart;
 *   COMPOSE_GENERATING -> COMPOSE_PRIVATE (setPrivateAFterGeneration) or COMPOSE_PUBLIC once done;
 *   COMPOSE_ERROR, with the reason in the playlist's generation, when a source is missing or has
 *   no recording, an item lies outside its source, or liveStreamStart is set without a licence.
 * Two jobs carry it: GENERATE_JOB checks everything and starts (the processing takes clock time,
 * rules.ts generationTimeMs), FINISH_JOB checks again (a source may have changed meanwhile) and
 * writes the rendition. Each carries the playlist's revision: an edit makes older jobs stale.
 * An unlicensed liveStreamStart fails at once rather than at liveStreamStart, so the operator
 * learns it while still at the playlist.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FieldError, PlaylistItem } from '#schema';
import { recordEventChange } from '../../changes/record.ts';
import type { Db, DbOrTx } from '../../db/database.ts';
import { jobs } from '../../db/tables/index.ts';
import type { Clock } from '../../jobs/clock.ts';
import { z } from 'zod';
import { jobKind } from '../../jobs/define.ts';
import { loadMediaIndex } from '../../sim/hls.ts';
import { changeEvent } from '../event/index.ts';
import type { EventRow } from '../event/index.ts';
import { lockEventRow } from '../event/index.ts';
import { recordingsOf } from '../live/index.ts';
import { S, stateName } from '../live/index.ts';
import { clientName, hasLicence } from './licences.ts';
import { eventsByIds, itemOf, loadPlaylist, saveRendition, updateEventRow, updatePlaylist, type LoadedPlaylist, type PlaylistRow, type RenditionClip } from './repo.ts';
import {
  checkItemForm,
  clipOfTrim,
  cuesOf,
  generationTimeMs,
  ITEM,
  LICENSED_FEATURE_LIVE_STREAM_START,
  licenceMissing,
  renditionDurationMs,
  trimOf,
} from './rules.ts';

export const GENERATE_JOB = 'compose.generate';
export const FINISH_JOB = 'compose.finishGeneration';

/** A playlist's generation columns as a new revision starts them: nothing started, nothing failed. */
export const NO_GENERATION = { generationStartedAt: null, generationReadyAt: null, generationFinishedAt: null, generationError: null } as const;

const GenerationPayloadSchema = z.object({ clientId: z.guid(), eventId: z.guid(), revision: z.number().int() });
export type GenerationPayload = z.output<typeof GenerationPayloadSchema>;
/** The two steps of a generation (jobs.ts gives them their handlers). */
export const generateKind = jobKind(GENERATE_JOB, GenerationPayloadSchema);
export const finishKind = jobKind(FINISH_JOB, GenerationPayloadSchema);

export interface StandardCheck {
  /** Problems of the request's own items (form, trims, markers): a 400 at request time. */
  fieldErrors: FieldError[];
  /** Sources that are missing or have no recording: the generation fails on these. */
  problems: { field: string; message: string }[];
  clips: RenditionClip[];
  durationMs: number;
}

/**
 * Checks a standard playlist's items against their sources. `base` names the items in field
 * paths (`body.playlist`, `body`); `selfEventId` is the composition itself, which cannot be its own source.
 */
export async function checkStandard(db: DbOrTx, clientId: string, items: readonly PlaylistItem[], base: string, selfEventId?: string): Promise<StandardCheck> {
  const fieldErrors: FieldError[] = [];
  const problems: StandardCheck['problems'] = [];
  const clips: RenditionClip[] = [];
  items.forEach((item, i) => checkItemForm(item, i, base, fieldErrors));
  const sources = await eventsByIds(
    db,
    clientId,
    items.filter((i) => i.type === ITEM.EVENT).map((i) => i.value),
  );
  // Each source's recording once, with one query for all their pauses.
  const recordings = await recordingsOf(db, [...sources.values()]);
  const index = loadMediaIndex();
  for (const [i, item] of items.entries()) {
    const field = `${base}.items.${i}.value`;
    if (item.type !== ITEM.EVENT) {
      fieldErrors.push({ field: `${base}.items.${i}.type`, message: 'Standard composition supports EVENT items only' });
      continue;
    }
    if (item.value === selfEventId) {
      fieldErrors.push({ field, message: 'a composition cannot be a source of itself' });
      continue;
    }
    const source = sources.get(item.value);
    if (!source) {
      problems.push({ field, message: `the source event ${item.value} does not exist (or was deleted)` });
      continue;
    }
    const recording = recordings.get(source.id) ?? null;
    if (!recording) {
      problems.push({ field, message: `the source event "${source.title}" (${source.id}) has no recording to compose from: it is ${stateName(source.state)}` });
      continue;
    }
    const before = fieldErrors.length;
    const trim = trimOf(item, i, base, recording, fieldErrors);
    if (!trim) continue;
    const cues = cuesOf(item, i, base, trim, recording, fieldErrors);
    if (fieldErrors.length > before) continue;
    clips.push(clipOfTrim(index, i, source.id, recording, trim, cues));
  }
  if (items.length === 0) fieldErrors.push({ field: `${base}.items`, message: 'a standard composition needs at least one item' });
  return { fieldErrors, problems, clips, durationMs: renditionDurationMs(clips, { programme: index }) };
}

/**
 * Drops the pending generation jobs of an event: a save replaces them. (Not a dedupe key: a job
 * that is running while the playlist is saved would keep the key, and the new revision would get
 * no job. A job already running finds the newer revision and does nothing.)
 */
async function cancelPending(db: DbOrTx, eventId: string): Promise<void> {
  await db
    .delete(jobs)
    .where(and(inArray(jobs.type, [GENERATE_JOB, FINISH_JOB]), eq(jobs.status, 'pending'), sql`${jobs.payload}->>'eventId' = ${eventId}`));
}

/**
 * Where a standard composition goes when its playlist is saved: COMPOSE_WAITING for a future
 * liveStreamStart the client is licensed for, COMPOSE_GENERATING otherwise; and its generation job,
 * due at liveStreamStart or now.
 */
export async function planGeneration(
  db: DbOrTx,
  clock: Clock,
  clientId: string,
  eventId: string,
  playlist: { revision: number; liveStreamStart: Date | null },
): Promise<number> {
  const now = clock.now();
  const future = playlist.liveStreamStart !== null && playlist.liveStreamStart.getTime() > now.getTime();
  const licensed = future && (await hasLicence(db, clientId, LICENSED_FEATURE_LIVE_STREAM_START));
  const waits = future && licensed;
  const payload: GenerationPayload = { clientId, eventId, revision: playlist.revision };
  await cancelPending(db, eventId);
  await generateKind.enqueue(db, clock, payload, { clientId, runAt: waits ? playlist.liveStreamStart! : now, maxAttempts: 5 });
  return future ? S.COMPOSE_WAITING : S.COMPOSE_GENERATING;
}

/** Sets a composition's state (and columns), recording the change like every other event change. */
export async function setState(db: DbOrTx, clock: Clock, row: EventRow, state: number, extra: Partial<EventRow> = {}): Promise<EventRow> {
  const changed = state !== row.state;
  const updated = await updateEventRow(db, row.clientId, row.id, { ...extra, state, dateModified: clock.now() });
  if (changed) {
    await recordEventChange(db, clock, {
      clientId: row.clientId,
      eventId: row.id,
      action: 'Updated',
      event: changeEvent(updated),
      flags: { stateChanged: true },
    });
  }
  return updated;
}

async function fail(db: DbOrTx, clock: Clock, row: EventRow, playlist: Pick<PlaylistRow, 'clientId' | 'id'>, reason: string): Promise<void> {
  await updatePlaylist(db, playlist, { generationError: reason, generationFinishedAt: clock.now(), generationReadyAt: null });
  await setState(db, clock, row, S.COMPOSE_ERROR);
}

/**
 * Checks the playlist against its sources again (they may have changed since it was saved);
 * answers the check, or fails the generation and answers undefined.
 */
async function recheck(db: DbOrTx, clock: Clock, row: EventRow, loaded: LoadedPlaylist): Promise<StandardCheck | undefined> {
  const check = await checkStandard(db, row.clientId, loaded.items.map(itemOf), 'body', row.id);
  const reason = reasonOf(check);
  if (!reason) return check;
  await fail(db, clock, row, loaded.playlist, reason);
  return undefined;
}

/** Why a checked playlist cannot be generated (the generation's error), or undefined when it can. */
export function reasonOf(check: StandardCheck): string | undefined {
  const all = [...check.fieldErrors, ...check.problems];
  if (all.length === 0) return undefined;
  const shown = all.slice(0, 5).map((p) => `${p.field.replace(/^body\.(playlist\.)?/, '')}: ${p.message}`);
  return shown.join('; ') + (all.length > 5 ? ` (and ${all.length - 5} more)` : '');
}

export interface JobDeps {
  db: Db;
  clock: Clock;
  log: { info(o: object, m?: string): void; warn(o: object, m?: string): void };
}

/** The GENERATE_JOB: leaves COMPOSE_WAITING, checks licence and sources, and starts the processing. */
export async function startGeneration(deps: JobDeps, payload: GenerationPayload): Promise<void> {
  const { db, clock } = deps;
  await db.transaction(async (tx) => {
    let row = await lockEventRow(tx, payload.clientId, payload.eventId);
    if (!row) return;
    const loaded = await loadPlaylist(tx, payload.clientId, payload.eventId);
    if (!loaded || loaded.playlist.kind !== 'standard' || loaded.playlist.revision !== payload.revision) return;
    if (row.state === S.COMPOSE_WAITING) row = await setState(tx, clock, row, S.COMPOSE_GENERATING);
    if (row.state !== S.COMPOSE_GENERATING) return;
    const { playlist } = loaded;
    if (playlist.liveStreamStart && !(await hasLicence(tx, payload.clientId, LICENSED_FEATURE_LIVE_STREAM_START))) {
      await fail(tx, clock, row, playlist, licenceMissing(await clientName(tx, payload.clientId)));
      return;
    }
    const check = await recheck(tx, clock, row, loaded);
    if (!check) return;
    const now = clock.now();
    const readyAt = new Date(now.getTime() + generationTimeMs(check.durationMs));
    await updatePlaylist(tx, playlist, { ...NO_GENERATION, generationStartedAt: now, generationReadyAt: readyAt });
    await finishKind.enqueue(tx, clock, payload, { clientId: payload.clientId, runAt: readyAt, maxAttempts: 5 });
    deps.log.info({ eventId: row.id, items: loaded.items.length, readyAt }, 'composition generation started');
  });
}

/** The FINISH_JOB: checks the sources again and makes the result playable. */
export async function finishGeneration(deps: JobDeps, payload: GenerationPayload): Promise<void> {
  const { db, clock } = deps;
  await db.transaction(async (tx) => {
    const row = await lockEventRow(tx, payload.clientId, payload.eventId);
    if (!row || row.state !== S.COMPOSE_GENERATING) return;
    const loaded = await loadPlaylist(tx, payload.clientId, payload.eventId);
    if (!loaded || loaded.playlist.kind !== 'standard' || loaded.playlist.revision !== payload.revision) return;
    const { playlist } = loaded;
    const now = clock.now();
    if (playlist.generationReadyAt && playlist.generationReadyAt.getTime() > now.getTime()) {
      await finishKind.enqueue(tx, clock, payload, { clientId: payload.clientId, runAt: playlist.generationReadyAt, maxAttempts: 5 });
      return;
    }
    const check = await recheck(tx, clock, row, loaded);
    if (!check) return;
    await saveRendition(tx, {
      eventId: row.id,
      clientId: row.clientId,
      kind: 'standard',
      clips: check.clips,
      looped: false,
      durationMs: check.durationMs,
      dateCreated: now,
    });
    await updatePlaylist(tx, playlist, { generationFinishedAt: now, generationReadyAt: null, generationError: null });
    await setState(tx, clock, row, row.setPrivateAfterGeneration ? S.COMPOSE_PRIVATE : S.COMPOSE_PUBLIC);
    deps.log.info({ eventId: row.id, durationMs: check.durationMs }, 'composition generated');
  });
}

/** A generation whose job gave up (an unexpected error, retried to the end) leaves the event in COMPOSE_ERROR, not GENERATING for ever. */
export async function abandonGeneration(deps: JobDeps, payload: GenerationPayload, error: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await lockEventRow(tx, payload.clientId, payload.eventId);
    if (!row || (row.state !== S.COMPOSE_GENERATING && row.state !== S.COMPOSE_WAITING)) return;
    const loaded = await loadPlaylist(tx, payload.clientId, payload.eventId);
    if (!loaded || loaded.playlist.revision !== payload.revision) return;
    await fail(tx, deps.clock, row, loaded.playlist, `the generation failed unexpectedly: ${error}`);
  });
}

/**
 * A standard composition set to COMPOSE_GENERATING or COMPOSE_WAITING by PUT /event/state/{id}
 * (a retry after COMPOSE_ERROR): its generation is planned again, as a save would.
 */
export async function retryGeneration(db: DbOrTx, clock: Clock, clientId: string, eventId: string, requested: number): Promise<void> {
  const loaded = await loadPlaylist(db, clientId, eventId);
  if (!loaded || loaded.playlist.kind !== 'standard') return;
  const playlist = await updatePlaylist(db, loaded.playlist, { ...NO_GENERATION, revision: loaded.playlist.revision + 1 });
  // Asked to generate now: now, whatever liveStreamStart says; asked to wait: as a save would plan it.
  if (requested === S.COMPOSE_GENERATING) {
    await cancelPending(db, eventId);
    const payload: GenerationPayload = { clientId, eventId, revision: playlist.revision };
    await generateKind.enqueue(db, clock, payload, { clientId, runAt: clock.now(), maxAttempts: 5 });
  } else {
    await planGeneration(db, clock, clientId, eventId, playlist);
  }
}
