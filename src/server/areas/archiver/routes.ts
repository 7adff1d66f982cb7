/**
 * The archiver (service-interface.md "Archiverflows", "Archiver captures", "Archiver playout
 * profiles", "Archiver streams"): all 23 operations, and catch-up playback of a capture's range
 * (an extension record). The recording itself is recorder.ts's, in the job queue.
 *
 * Choices where the interface is silent:
 * - A capture or profile id already used by the client: POST is a 409 (PUT changes it); GET, PUT
 *   and DELETE of an id the client does not have: 404 (the same for another client's id).
 *   Archiverflows answer 204 for an unknown id on GET, as stated, and DELETE of one is a 200.
 * - A capture needs at least one publishing point, and an endTime after its startTime. The
 *   captures a profile names must exist (400 naming the entry) and appear once each; deleting a
 *   capture takes it out of its profiles and deletes its streams.
 * - "Captures are deleted before the profile": the profile's capture list (the links), not the
 *   captures themselves, which other profiles may name.
 * - Streams are made by the service: one per (profile, capture) once the capture has content,
 *   its range the capture's content (following it while it records), expiresAt = made +
 *   the profile's expiresIn, ismUrl this service's HLS of the range (playback.ts).
 * - startTime moved later by PUT skips ahead; moved earlier, what was skipped is not recorded again.
 */
import { and, eq } from 'drizzle-orm';
import { endpoints, type CaptureBody, type CaptureSegment, type PlayoutProfileBody } from '#schema';
import { archiverCaptures, archiverflows, archiverProfileCaptures, archiverProfiles, archiverStreams } from '../../db/tables/index.ts';
import { badField, conflict, notFound, validationError, type FieldError } from '../../http/errors.ts';
import { implement, jsonAnswer, type Implementation, type RequestContext } from '../../http/implement.ts';
import { recordChanges } from '../../changes/record-entity.ts';
import { capturePlaybackPath, streamPlaybackPath } from './playback.ts';
import { scheduleTick } from './recorder.ts';
import { createMissingStreams } from './recorder.ts';
import {
  availableContent,
  contentRange,
  getCapture,
  getProfile,
  listCaptures,
  listProfiles,
  listStreams,
  segmentsJson,
  completedSummary,
  statsOf,
} from './repo.ts';
import { toArchiverflow, toCapture, toProfile, toStream } from './serialize.ts';

const noSuchCapture = (id: string) => notFound(`There is no capture ${id}`);
const noSuchProfile = (id: string) => notFound(`There is no playout profile ${id}`);
const noSuchStream = (id: number) => notFound(`There is no archiver stream ${id}`);

function publicBase(ctx: RequestContext): string {
  return (ctx.live?.publicUrl ?? '').replace(/\/+$/, '');
}

/** The values of a capture body to store, checked beyond the schema. */
function captureValues(body: CaptureBody, now: Date) {
  const fields: FieldError[] = [];
  const startTime = body.startTime ? new Date(body.startTime) : now;
  const endTime = body.endTime ? new Date(body.endTime) : null;
  if (endTime && endTime.getTime() <= startTime.getTime()) fields.push({ field: 'body.endTime', message: 'must be after startTime' });
  const points = [...new Set(body.publishingPoints.map((p) => p.trim()).filter((p) => p !== ''))];
  if (points.length === 0) fields.push({ field: 'body.publishingPoints', message: 'name at least one publishing point' });
  if (fields.length > 0) throw validationError(fields);
  return {
    startTime,
    endTime,
    active: body.active,
    decryptKey: body.decryptKey ?? null,
    expiresIn: body.expiresIn ?? null,
    publishingPoints: points,
  };
}

function profileValues(body: PlayoutProfileBody) {
  return {
    expiresIn: body.expiresIn ?? null,
    key: body.key ?? null,
    issKeyIv: body.issKeyIv ?? null,
    issLicenseUrl: body.issLicenseUrl ?? null,
    widevineDrmData: body.widevineDrmData ?? null,
    widevineLicenseUrl: body.widevineLicenseUrl ?? null,
    aesKey: body.aesKey ?? null,
    aesKeyIv: body.aesKeyIv ?? null,
    aesLicenseUrl: body.aesLicenseUrl ?? null,
  };
}

/** Checks the profile's captures (each once, each an existing capture of the client) and stores them in order. */
async function writeProfileCaptures(ctx: RequestContext, profileId: string, captures: PlayoutProfileBody['captures']): Promise<void> {
  const clientId = ctx.client.clientId;
  const fields: FieldError[] = [];
  const seen = new Set<string>();
  for (const [i, c] of captures.entries()) {
    if (seen.has(c.captureId)) fields.push({ field: `body.captures.${i}.captureId`, message: `names capture ${c.captureId} a second time` });
    else if (!(await getCapture(ctx.db, clientId, c.captureId))) fields.push({ field: `body.captures.${i}.captureId`, message: `there is no capture ${c.captureId}` });
    seen.add(c.captureId);
  }
  if (fields.length > 0) throw validationError(fields);
  const before = await ctx.db
    .delete(archiverProfileCaptures)
    .where(and(eq(archiverProfileCaptures.clientId, clientId), eq(archiverProfileCaptures.profileId, profileId)))
    .returning({ captureId: archiverProfileCaptures.captureId, streamMade: archiverProfileCaptures.streamMade });
  const made = new Set(before.filter((b) => b.streamMade).map((b) => b.captureId));
  if (captures.length > 0) {
    await ctx.db.insert(archiverProfileCaptures).values(
      captures.map((c, position) => ({
        clientId,
        profileId,
        captureId: c.captureId,
        position,
        liveRedirectUrl: c.liveRedirectUrl ?? null,
        streamMade: made.has(c.captureId),
      })),
    );
  }
  // Streams of captures the profile no longer names go; those with content get one.
  const kept = new Set(captures.map((c) => c.captureId));
  const streams = await ctx.db
    .select({ id: archiverStreams.id, captureId: archiverStreams.captureId })
    .from(archiverStreams)
    .where(and(eq(archiverStreams.clientId, clientId), eq(archiverStreams.profileId, profileId)));
  for (const s of streams) if (!kept.has(s.captureId)) await ctx.db.delete(archiverStreams).where(eq(archiverStreams.id, s.id));
  const now = ctx.clock.now();
  for (const c of captures) {
    const range = await contentRange(ctx.db, clientId, c.captureId);
    if (range) await createMissingStreams(ctx.db, clientId, c.captureId, range.start, range.end, now, profileId);
  }
  await scheduleTick(ctx.db, ctx.clock, ctx.archiver);
}

/** Puts a write on the change feed, in the request's transaction. */
function changed(ctx: RequestContext, kind: 'capture' | 'profile' | 'stream' | 'flow', id: string | number, action: 'Added' | 'Updated' | 'Deleted') {
  return recordChanges(ctx.db, ctx.clock, ctx.client.clientId, [{ kind, id: String(id), action }]);
}

async function profileAnswer(ctx: RequestContext, id: string) {
  const found = await getProfile(ctx.db, ctx.client.clientId, id);
  if (!found) throw noSuchProfile(id);
  return toProfile(found.profile, found.captures);
}

export const archiverRoutes: Implementation[] = [
  // ---- Archiverflows ----------------------------------------------------------------------------

  implement(endpoints.archiverflow.create, async ({ body }, ctx) => {
    const now = ctx.clock.now();
    if (body.id) {
      const [taken] = await ctx.db.select({ clientId: archiverflows.clientId }).from(archiverflows).where(eq(archiverflows.id, body.id));
      if (taken) throw taken.clientId === ctx.client.clientId ? conflict(`The archiverflow ${body.id} exists already: update it with PUT`) : badField('body.id', 'cannot be used: choose another id or leave it out');
    }
    const [row] = await ctx.db
      .insert(archiverflows)
      .values({ ...(body.id ? { id: body.id } : {}), clientId: ctx.client.clientId, name: body.name, configurationJson: body.configurationJson, createdAt: now, updatedAt: now })
      .returning();
    await changed(ctx, 'flow', row!.id, 'Added');
    return { status: 200, body: toArchiverflow(row!) };
  }),

  implement(endpoints.archiverflow.update, async ({ params, body }, ctx) => {
    const [row] = await ctx.db
      .update(archiverflows)
      .set({ name: body.name, configurationJson: body.configurationJson, updatedAt: ctx.clock.now() })
      .where(and(eq(archiverflows.clientId, ctx.client.clientId), eq(archiverflows.id, params.id)))
      .returning();
    if (!row) throw notFound(`There is no archiverflow ${params.id}`);
    await changed(ctx, 'flow', row.id, 'Updated');
    return { status: 200, body: toArchiverflow(row) };
  }),

  implement(endpoints.archiverflow.list, async (_input, ctx) => {
    const rows = await ctx.db.select().from(archiverflows).where(eq(archiverflows.clientId, ctx.client.clientId)).orderBy(archiverflows.name, archiverflows.id);
    return { status: 200, body: rows.map(toArchiverflow) };
  }),

  implement(endpoints.archiverflow.get, async ({ params }, ctx) => {
    const [row] = await ctx.db.select().from(archiverflows).where(and(eq(archiverflows.clientId, ctx.client.clientId), eq(archiverflows.id, params.id)));
    return row ? { status: 200, body: toArchiverflow(row) } : { status: 204 };
  }),

  implement(endpoints.archiverflow.delete, async ({ params }, ctx) => {
    const gone = await ctx.db
      .delete(archiverflows)
      .where(and(eq(archiverflows.clientId, ctx.client.clientId), eq(archiverflows.id, params.id)))
      .returning({ id: archiverflows.id });
    if (gone.length > 0) await changed(ctx, 'flow', params.id, 'Deleted');
    return { status: 200 };
  }),

  // ---- Captures ---------------------------------------------------------------------------------

  implement(endpoints.archiverCapture.list, async ({ query }, ctx) => {
    const rows = await listCaptures(ctx.db, ctx.client.clientId);
    return { status: 200, body: query.onlyIds ? rows.map((r) => r.id) : rows.map(toCapture) };
  }),

  implement(endpoints.archiverCapture.get, async ({ params }, ctx) => {
    const row = await getCapture(ctx.db, ctx.client.clientId, params.id);
    if (!row) throw noSuchCapture(params.id);
    return { status: 200, body: toCapture(row) };
  }),

  implement(endpoints.archiverCapture.allStats, async (_input, ctx) => {
    const rows = await listCaptures(ctx.db, ctx.client.clientId);
    return { status: 200, body: await statsOf(ctx.db, ctx.client.clientId, rows) };
  }),

  implement(endpoints.archiverCapture.stats, async ({ params }, ctx) => {
    const row = await getCapture(ctx.db, ctx.client.clientId, params.id);
    if (!row) throw noSuchCapture(params.id);
    const [stats] = await statsOf(ctx.db, ctx.client.clientId, [row]);
    return { status: 200, body: stats! };
  }),

  implement(endpoints.archiverCapture.available, async ({ params }, ctx) => {
    if (!(await getCapture(ctx.db, ctx.client.clientId, params.id))) throw noSuchCapture(params.id);
    const ranges = await availableContent(ctx.db, ctx.client.clientId, params.id);
    return { status: 200, body: ranges.map((r) => ({ startTime: r.startTime.toISOString(), endTime: r.endTime.toISOString() })) };
  }),

  implement(endpoints.archiverCapture.segments, async ({ params, query }, ctx) => {
    if (!(await getCapture(ctx.db, ctx.client.clientId, params.id))) throw noSuchCapture(params.id);
    const start = query.start ? new Date(query.start) : undefined;
    const end = query.end ? new Date(query.end) : undefined;
    if (start && end && end.getTime() < start.getTime()) throw badField('query.end', 'must not be before start');
    const json = await segmentsJson(ctx.db, ctx.client.clientId, params.id, { ...(start ? { start } : {}), ...(end ? { end } : {}) });
    return { status: 200, body: jsonAnswer<CaptureSegment[]>(json) };
  }),

  implement(endpoints.archiverCapture.playback, async ({ params, query }, ctx) => {
    const row = await getCapture(ctx.db, ctx.client.clientId, params.id);
    if (!row) throw noSuchCapture(params.id);
    const start = query.start ? new Date(query.start) : null;
    const end = query.end ? new Date(query.end) : null;
    if (start && end && end.getTime() <= start.getTime()) throw badField('query.end', 'must be after start');
    const summary = await completedSummary(ctx.db, ctx.client.clientId, params.id, { ...(start ? { start } : {}), ...(end ? { end } : {}) });
    return {
      status: 200,
      body: {
        url: `${publicBase(ctx)}${capturePlaybackPath(row.playKey, start, end)}`,
        startTime: summary.startTime ? summary.startTime.toISOString() : null,
        endTime: summary.endTime ? summary.endTime.toISOString() : null,
        segments: summary.segments,
      },
    };
  }),

  implement(endpoints.archiverCapture.create, async ({ body }, ctx) => {
    const clientId = ctx.client.clientId;
    if (await getCapture(ctx.db, clientId, body.id)) throw conflict(`The capture ${body.id} exists already: update it with PUT`);
    const now = ctx.clock.now();
    const [row] = await ctx.db
      .insert(archiverCaptures)
      .values({ clientId, id: body.id, ...captureValues(body, now), createdAt: now, updatedAt: now })
      .returning();
    if (row!.active) await scheduleTick(ctx.db, ctx.clock, ctx.archiver);
    await changed(ctx, 'capture', row!.id, 'Added');
    return { status: 200, body: toCapture(row!) };
  }),

  implement(endpoints.archiverCapture.update, async ({ params, body }, ctx) => {
    const now = ctx.clock.now();
    const [row] = await ctx.db
      .update(archiverCaptures)
      .set({ ...captureValues(body, now), updatedAt: now })
      .where(and(eq(archiverCaptures.clientId, ctx.client.clientId), eq(archiverCaptures.id, params.id)))
      .returning();
    if (!row) throw noSuchCapture(params.id);
    await scheduleTick(ctx.db, ctx.clock, ctx.archiver);
    await changed(ctx, 'capture', row.id, 'Updated');
    return { status: 200, body: toCapture(row) };
  }),

  implement(endpoints.archiverCapture.delete, async ({ params }, ctx) => {
    const clientId = ctx.client.clientId;
    await ctx.db.delete(archiverStreams).where(and(eq(archiverStreams.clientId, clientId), eq(archiverStreams.captureId, params.id)));
    // Segments and profile links go with it (foreign keys, on delete cascade).
    const [row] = await ctx.db
      .delete(archiverCaptures)
      .where(and(eq(archiverCaptures.clientId, clientId), eq(archiverCaptures.id, params.id)))
      .returning();
    if (!row) throw noSuchCapture(params.id);
    await changed(ctx, 'capture', row.id, 'Deleted');
    return { status: 200, body: toCapture(row) };
  }),

  // ---- Playout profiles -------------------------------------------------------------------------

  implement(endpoints.archiverPlayoutProfile.list, async ({ query }, ctx) => {
    const rows = await listProfiles(ctx.db, ctx.client.clientId);
    return { status: 200, body: query.onlyIds ? rows.map((r) => r.profile.id) : rows.map((r) => toProfile(r.profile, r.captures)) };
  }),

  implement(endpoints.archiverPlayoutProfile.get, async ({ params }, ctx) => ({ status: 200, body: await profileAnswer(ctx, params.id) })),

  implement(endpoints.archiverPlayoutProfile.captures, async ({ params }, ctx) => ({ status: 200, body: (await profileAnswer(ctx, params.id)).captures })),

  implement(endpoints.archiverPlayoutProfile.create, async ({ body }, ctx) => {
    const clientId = ctx.client.clientId;
    if (await getProfile(ctx.db, clientId, body.id)) throw conflict(`The playout profile ${body.id} exists already: update it with PUT`);
    const now = ctx.clock.now();
    await ctx.db.insert(archiverProfiles).values({ clientId, id: body.id, ...profileValues(body), createdAt: now, updatedAt: now });
    await writeProfileCaptures(ctx, body.id, body.captures);
    await changed(ctx, 'profile', body.id, 'Added');
    return { status: 200, body: await profileAnswer(ctx, body.id) };
  }),

  implement(endpoints.archiverPlayoutProfile.update, async ({ params, body }, ctx) => {
    const [row] = await ctx.db
      .update(archiverProfiles)
      .set({ ...profileValues(body), updatedAt: ctx.clock.now() })
      .where(and(eq(archiverProfiles.clientId, ctx.client.clientId), eq(archiverProfiles.id, params.id)))
      .returning();
    if (!row) throw noSuchProfile(params.id);
    await writeProfileCaptures(ctx, params.id, body.captures);
    await changed(ctx, 'profile', params.id, 'Updated');
    return { status: 200, body: await profileAnswer(ctx, params.id) };
  }),

  implement(endpoints.archiverPlayoutProfile.delete, async ({ params }, ctx) => {
    const clientId = ctx.client.clientId;
    const found = await getProfile(ctx.db, clientId, params.id);
    if (!found) throw noSuchProfile(params.id);
    // Its captures first (the links), then its streams, then the profile.
    await ctx.db.delete(archiverProfileCaptures).where(and(eq(archiverProfileCaptures.clientId, clientId), eq(archiverProfileCaptures.profileId, params.id)));
    await ctx.db.delete(archiverStreams).where(and(eq(archiverStreams.clientId, clientId), eq(archiverStreams.profileId, params.id)));
    await ctx.db.delete(archiverProfiles).where(and(eq(archiverProfiles.clientId, clientId), eq(archiverProfiles.id, params.id)));
    await changed(ctx, 'profile', params.id, 'Deleted');
    return { status: 200, body: toProfile(found.profile, []) };
  }),

  // ---- Streams ----------------------------------------------------------------------------------

  implement(endpoints.archiverStream.list, async (_input, ctx) => {
    const rows = await listStreams(ctx.db, ctx.client.clientId);
    const base = publicBase(ctx);
    return { status: 200, body: rows.map((r) => toStream(r.stream, r.profile, `${base}${streamPlaybackPath(r.stream.playKey)}`)) };
  }),

  implement(endpoints.archiverStream.get, async ({ params }, ctx) => {
    const [row] = await listStreams(ctx.db, ctx.client.clientId, params.id);
    if (!row) throw noSuchStream(params.id);
    return { status: 200, body: toStream(row.stream, row.profile, `${publicBase(ctx)}${streamPlaybackPath(row.stream.playKey)}`) };
  }),

  implement(endpoints.archiverStream.delete, async ({ params }, ctx) => {
    const [row] = await listStreams(ctx.db, ctx.client.clientId, params.id);
    if (!row) throw noSuchStream(params.id);
    await ctx.db.delete(archiverStreams).where(and(eq(archiverStreams.clientId, ctx.client.clientId), eq(archiverStreams.id, params.id)));
    await changed(ctx, 'stream', params.id, 'Deleted');
    return { status: 200, body: toStream(row.stream, row.profile, `${publicBase(ctx)}${streamPlaybackPath(row.stream.playKey)}`) };
  }),
];
