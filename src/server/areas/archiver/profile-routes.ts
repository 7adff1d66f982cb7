/** Archiver playout profiles and the streams made for them (service-interface.md "Archiver playout profiles", "Archiver streams"); see routes.ts for the choices. */
import { endpoints } from '#schema';
import { conflict, notFound } from '../../http/errors.ts';
import { implement, type Implementation } from '../../http/implement.ts';
import { changed } from './feed.ts';
import { streamPlaybackPath } from './playback.ts';
import { noSuchProfile, profileAnswer, profileValues, writeProfileCaptures } from './profiles.ts';
import { deleteProfile, deleteStream, getProfile, insertProfile, listProfiles, listStreams, updateProfile } from './repo.ts';
import { toProfile, toStream } from './serialize.ts';

const noSuchStream = (id: number) => notFound(`There is no archiver stream ${id}`);

export const profileRoutes: Implementation[] = [
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
    await insertProfile(ctx.db, { clientId, id: body.id, ...profileValues(body), createdAt: now, updatedAt: now });
    await writeProfileCaptures(ctx, body.id, body.captures);
    await changed(ctx, 'profile', body.id, 'Added');
    return { status: 200, body: await profileAnswer(ctx, body.id) };
  }),

  implement(endpoints.archiverPlayoutProfile.update, async ({ params, body }, ctx) => {
    const row = await updateProfile(ctx.db, ctx.client.clientId, params.id, { ...profileValues(body), updatedAt: ctx.clock.now() });
    if (!row) throw noSuchProfile(params.id);
    await writeProfileCaptures(ctx, params.id, body.captures);
    await changed(ctx, 'profile', params.id, 'Updated');
    return { status: 200, body: await profileAnswer(ctx, params.id) };
  }),

  implement(endpoints.archiverPlayoutProfile.delete, async ({ params }, ctx) => {
    const clientId = ctx.client.clientId;
    const found = await getProfile(ctx.db, clientId, params.id);
    if (!found) throw noSuchProfile(params.id);
    await deleteProfile(ctx.db, clientId, params.id);
    await changed(ctx, 'profile', params.id, 'Deleted');
    return { status: 200, body: toProfile(found.profile, []) };
  }),

  // ---- Streams ----------------------------------------------------------------------------------

  implement(endpoints.archiverStream.list, async (_input, ctx) => {
    const rows = await listStreams(ctx.db, ctx.client.clientId);
    const base = ctx.serviceUrl;
    return { status: 200, body: rows.map((r) => toStream(r.stream, r.profile, `${base}${streamPlaybackPath(r.stream.playKey)}`)) };
  }),

  implement(endpoints.archiverStream.get, async ({ params }, ctx) => {
    const [row] = await listStreams(ctx.db, ctx.client.clientId, params.id);
    if (!row) throw noSuchStream(params.id);
    return { status: 200, body: toStream(row.stream, row.profile, `${ctx.serviceUrl}${streamPlaybackPath(row.stream.playKey)}`) };
  }),

  implement(endpoints.archiverStream.delete, async ({ params }, ctx) => {
    const [row] = await listStreams(ctx.db, ctx.client.clientId, params.id);
    if (!row) throw noSuchStream(params.id);
    await deleteStream(ctx.db, ctx.client.clientId, params.id);
    await changed(ctx, 'stream', params.id, 'Deleted');
    return { status: 200, body: toStream(row.stream, row.profile, `${ctx.serviceUrl}${streamPlaybackPath(row.stream.playKey)}`) };
  }),

];
