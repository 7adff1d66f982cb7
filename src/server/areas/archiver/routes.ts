/**
 * The archiver (service-interface.md "Archiverflows", "Archiver captures", "Archiver playout
 * profiles", "Archiver streams"): all 23 operations (the profiles and streams in
 * profile-routes.ts), and catch-up playback of a capture's range (an extension record). The
 * recording itself is recorder.ts's, in the job queue; the queries are repo.ts's.
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
import { endpoints, type CaptureSegment } from '#schema';
import { badField, conflict, notFound } from '../../http/errors.ts';
import { implement, jsonAnswer, type Implementation } from '../../http/implement.ts';
import { changed } from './feed.ts';
import { capturePlaybackPath } from './playback.ts';
import { profileRoutes } from './profile-routes.ts';
import { scheduleTick } from './recorder.ts';
import { deleteCapture, deleteFlow, flowIdTaken, getCapture, getFlow, insertCapture, insertFlow, listCaptures, listFlows, updateCapture, updateFlow } from './repo.ts';
import { availableContent, completedSummary, segmentsJson, statsOf } from './content-repo.ts';
import { captureValues } from './rules.ts';
import { toArchiverflow, toCapture } from './serialize.ts';

const noSuchCapture = (id: string) => notFound(`There is no capture ${id}`);

export const archiverRoutes: Implementation[] = [
  // ---- Archiverflows ----------------------------------------------------------------------------

  implement(endpoints.archiverflow.create, async ({ body }, ctx) => {
    const now = ctx.clock.now();
    if (body.id && (await flowIdTaken(ctx.db, body.id))) {
      if (await getFlow(ctx.db, ctx.client.clientId, body.id)) throw conflict(`The archiverflow ${body.id} exists already: update it with PUT`);
      throw badField('body.id', 'cannot be used: choose another id or leave it out');
    }
    const row = await insertFlow(ctx.db, { ...(body.id ? { id: body.id } : {}), clientId: ctx.client.clientId, name: body.name, configurationJson: body.configurationJson, createdAt: now, updatedAt: now });
    await changed(ctx, 'flow', row.id, 'Added');
    return { status: 200, body: toArchiverflow(row) };
  }),

  implement(endpoints.archiverflow.update, async ({ params, body }, ctx) => {
    const row = await updateFlow(ctx.db, ctx.client.clientId, params.id, { name: body.name, configurationJson: body.configurationJson, updatedAt: ctx.clock.now() });
    if (!row) throw notFound(`There is no archiverflow ${params.id}`);
    await changed(ctx, 'flow', row.id, 'Updated');
    return { status: 200, body: toArchiverflow(row) };
  }),

  implement(endpoints.archiverflow.list, async (_input, ctx) => {
    return { status: 200, body: (await listFlows(ctx.db, ctx.client.clientId)).map(toArchiverflow) };
  }),

  implement(endpoints.archiverflow.get, async ({ params }, ctx) => {
    const row = await getFlow(ctx.db, ctx.client.clientId, params.id);
    return row ? { status: 200, body: toArchiverflow(row) } : { status: 204 };
  }),

  implement(endpoints.archiverflow.delete, async ({ params }, ctx) => {
    if (await deleteFlow(ctx.db, ctx.client.clientId, params.id)) await changed(ctx, 'flow', params.id, 'Deleted');
    return { status: 200 };
  }),

  // ---- Captures ---------------------------------------------------------------------------------

  implement(endpoints.archiverCapture.list, async ({ query }, ctx) => {
    const rows = await listCaptures(ctx.db, ctx.client.clientId);
    return { status: 200, body: query.onlyIds ? rows.map((r) => r.id) : rows.map((r) => toCapture(r, ctx.serviceUrl)) };
  }),

  implement(endpoints.archiverCapture.get, async ({ params }, ctx) => {
    const row = await getCapture(ctx.db, ctx.client.clientId, params.id);
    if (!row) throw noSuchCapture(params.id);
    return { status: 200, body: toCapture(row, ctx.serviceUrl) };
  }),

  implement(endpoints.archiverCapture.allStats, async (_input, ctx) => {
    const rows = await listCaptures(ctx.db, ctx.client.clientId);
    return { status: 200, body: await statsOf(ctx.db, ctx.client.clientId, rows, ctx.serviceUrl) };
  }),

  implement(endpoints.archiverCapture.stats, async ({ params }, ctx) => {
    const row = await getCapture(ctx.db, ctx.client.clientId, params.id);
    if (!row) throw noSuchCapture(params.id);
    const [stats] = await statsOf(ctx.db, ctx.client.clientId, [row], ctx.serviceUrl);
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
        url: `${ctx.serviceUrl}${capturePlaybackPath(row.playKey, start, end)}`,
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
    const row = await insertCapture(ctx.db, { clientId, id: body.id, ...captureValues(body, now, ctx.ownUrls), createdAt: now, updatedAt: now });
    if (row.active) await scheduleTick(ctx.db, ctx.clock, ctx.archiver);
    await changed(ctx, 'capture', row.id, 'Added');
    return { status: 200, body: toCapture(row, ctx.serviceUrl) };
  }),

  implement(endpoints.archiverCapture.update, async ({ params, body }, ctx) => {
    const now = ctx.clock.now();
    const row = await updateCapture(ctx.db, ctx.client.clientId, params.id, { ...captureValues(body, now, ctx.ownUrls), updatedAt: now });
    if (!row) throw noSuchCapture(params.id);
    await scheduleTick(ctx.db, ctx.clock, ctx.archiver);
    await changed(ctx, 'capture', row.id, 'Updated');
    return { status: 200, body: toCapture(row, ctx.serviceUrl) };
  }),

  implement(endpoints.archiverCapture.delete, async ({ params }, ctx) => {
    const row = await deleteCapture(ctx.db, ctx.client.clientId, params.id);
    if (!row) throw noSuchCapture(params.id);
    await changed(ctx, 'capture', row.id, 'Deleted');
    return { status: 200, body: toCapture(row, ctx.serviceUrl) };
  }),
  ...profileRoutes,
];
