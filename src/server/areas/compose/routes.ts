/**
 * Compose playlists (service-interface.md "Compose playlists"): all 8 operations.
 *
 * - POST /compose/ creates a standard composition event (COMPOSE_WAITING or COMPOSE_GENERATING)
 *   and plans its generation (standard.ts); POST /compose/encoder/ creates a live event (PRE_LIVE)
 *   that plays its playlist (encoder.ts). Both answer 201 with the event's id.
 * - PUT /compose/event/{eventId} edits a standard playlist and regenerates it;
 *   PUT /compose/encoder/event/{eventId} adds or replaces a live event's encoder playlist.
 * - PUT /compose/event/{eventId}/drm/ sets the DRM of a standard composition (400 for encoder).
 * - GET /compose/{eventId}; GET /compose/clone/{sourceEventId}?targetEventId= copies a playlist to
 *   another event (201); DELETE /compose/{eventId} removes one (400 when event or playlist is missing).
 *
 * Statuses beyond the interface: 404 for an event (or playlist) that does not exist where the
 * interface says nothing else; 409 for a desired event id already in use; 400 naming the field
 * for everything wrong with the request (items by index: `body.playlist.items.2.properties.end`).
 * Every change of an event is recorded (webhooks and the change feed), as for other event writes.
 * Encoder operations probe MP4 URLs before their transaction opens, so no lock is held while the
 * outside world answers.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { endpoints, parseJsonText, DrmConfigurationSchema, type ComposePlaylist, type FieldError, type PlaylistItem, type StandardComposeBody } from '#schema';
import { recordEventChange, type ChangeFlags } from '../../changes/record.ts';
import type { DbOrTx } from '../../db/database.ts';
import { badField, badRequest, conflict, notFound, validationError } from '../../http/errors.ts';
import { implement, type Implementation, type RequestContext } from '../../http/implement.ts';
import { storedUrl } from '../../http/service-url.ts';
import type { Clock } from '../../jobs/clock.ts';
import { getEvent, instant } from '../event/index.ts';
import { addedFlags } from '../event/index.ts';
import { serializeEvent, type EventRow } from '../event/index.ts';
import { changeEvent } from '../event/index.ts';
import { scheduleAutomation } from '../event/index.ts';
import { eventIdInUse, lockEventRow } from '../event/index.ts';
import { S, stateName } from '../live/index.ts';
import { anchorFor, checkEncoder, compositionChannelProblem, LIVE_FAMILY, probeItems, type Probed } from './encoder.ts';
import {
  deletePlaylist,
  deleteRendition,
  existingIds,
  generationOf,
  insertEvent,
  insertPlaylist,
  itemOf,
  loadPlaylist,
  renditionOf,
  replaceItems,
  saveRendition,
  toComposePlaylist,
  updateEventRow,
  updatePlaylist,
  type ItemToWrite,
  type LoadedPlaylist,
  type PlaylistRow,
  type ReferenceKind,
} from './repo.ts';
import { ITEM } from './rules.ts';
import { checkStandard, NO_GENERATION, planGeneration } from './standard.ts';

const GENERATION_STATES = { waiting: S.COMPOSE_WAITING, generating: S.COMPOSE_GENERATING, error: S.COMPOSE_ERROR };
const COMPOSE_STATES: readonly number[] = [S.COMPOSE_WAITING, S.COMPOSE_GENERATING, S.COMPOSE_PUBLIC, S.COMPOSE_PRIVATE, S.COMPOSE_ERROR];

/** The playlist of an event as answered, with its generation (standard composition). */
async function answer(db: DbOrTx, clock: Clock, clientId: string, eventId: string, serviceUrl: string): Promise<ComposePlaylist> {
  const loaded = await loadPlaylist(db, clientId, eventId);
  if (!loaded) throw notFound(`The event ${eventId} has no compose playlist`);
  return describe(db, clock, loaded, eventId, serviceUrl);
}

async function describe(db: DbOrTx, clock: Clock, loaded: LoadedPlaylist, eventId: string, serviceUrl: string): Promise<ComposePlaylist> {
  if (loaded.playlist.kind !== 'standard') return toComposePlaylist(loaded, null, serviceUrl);
  const row = await getEvent(db, loaded.playlist.clientId, eventId);
  const rendition = await renditionOf(db, loaded.playlist.clientId, eventId);
  const state = row?.event.state ?? S.COMPOSE_ERROR;
  return toComposePlaylist(loaded, generationOf(loaded.playlist, { state }, GENERATION_STATES, clock.now(), rendition?.durationMs ?? null), serviceUrl);
}

/** Items as stored: an MP4 on this service named without its host (http/service-url.ts). */
function storedItems(items: readonly PlaylistItem[], ctx: RequestContext): PlaylistItem[] {
  return items.map((item) => (item.type === ITEM.DIRECT_FULL_MP4 ? { ...item, value: storedUrl(item.value, ctx.ownUrls) } : item));
}

async function requireEvent(db: DbOrTx, clientId: string, eventId: string): Promise<EventRow> {
  const row = await lockEventRow(db, clientId, eventId);
  if (!row) throw notFound(`There is no event ${eventId}`);
  return row;
}

/** What an event body refers to (ids by field, and its categories): each must name a row of the client. */
async function checkReferences(
  db: DbOrTx,
  clientId: string,
  refs: readonly (readonly [string, ReferenceKind, string | null | undefined])[],
  categoryIds: readonly string[],
  errors: FieldError[],
): Promise<void> {
  for (const [field, kind, id] of refs) {
    if (!id) continue;
    const found = await existingIds(db, clientId, kind, [id]);
    if (!found.has(id)) errors.push({ field, message: `there is no ${kind} ${id}` });
  }
  const found = await existingIds(db, clientId, 'category', categoryIds);
  categoryIds.forEach((id, i) => {
    if (!found.has(id)) errors.push({ field: `body.event.categoryIds.${i}`, message: `there is no category ${id}` });
  });
}

const blankToNull = (text: string | null | undefined): string | null => (text === undefined || text === null || text.trim() === '' ? null : text);
const toDate = (text: string | null | undefined): Date | null => (text ? (instant(text) ?? null) : null);

async function recordChange(db: DbOrTx, clock: Clock, row: EventRow, flags: ChangeFlags): Promise<void> {
  await recordEventChange(db, clock, { clientId: row.clientId, eventId: row.id, action: 'Updated', event: changeEvent(row), flags });
}

/** A desired id must be free (ids are unique across clients). */
async function desiredId(db: DbOrTx, id: string | null | undefined): Promise<string> {
  if (!id) return randomUUID();
  // Ids are unique across clients: any client's event with it takes it.
  if (await eventIdInUse(db, id)) throw conflict(`An event with the id ${id} exists already: leave id out to get a new one`, { field: 'body.event.id' });
  return id;
}

// ---- Standard composition -------------------------------------------------------------------------

async function createStandard(ctx: RequestContext, body: z.output<typeof StandardComposeBody>): Promise<string> {
  const { db, clock } = ctx;
  const clientId = ctx.client.clientId;
  const { event, playlist } = body;
  const errors: FieldError[] = [];
  await checkReferences(
    db,
    clientId,
    [
      ['body.event.workflowId', 'xflow', event.workflowId],
      ['body.event.roomId', 'room', event.roomId],
      ['body.event.eventTypeId', 'event type', event.eventTypeId],
    ],
    event.categoryIds,
    errors,
  );
  const check = await checkStandard(db, clientId, playlist.items, 'body.playlist');
  errors.push(...check.fieldErrors);
  if (errors.length > 0) throw validationError(errors, 'The composition is not valid');
  const id = await desiredId(db, event.id);

  const now = clock.now();
  const liveStreamStart = toDate(playlist.liveStreamStart);
  const state = liveStreamStart && liveStreamStart.getTime() > now.getTime() ? S.COMPOSE_WAITING : S.COMPOSE_GENERATING;
  await insertEvent(
    db,
    {
      id,
      clientId,
      xflowId: event.workflowId,
      roomId: event.roomId ?? null,
      eventTypeId: event.eventTypeId ?? null,
      title: event.title,
      description: event.description ?? null,
      refId: blankToNull(event.refId),
      externalId: blankToNull(event.externalId),
      setPrivateAfterGeneration: event.setPrivateAFterGeneration,
      vodDrm: event.vodDrm,
      state,
      contentId: randomUUID(),
      dateCreated: now,
      dateModified: now,
    },
    event.categoryIds,
  );
  const created = await insertPlaylist(db, { clientId, eventId: id, kind: 'standard', name: playlist.name, looped: playlist.looped, liveStreamStart, now });
  await replaceItems(db, clientId, created.id, storedItems(playlist.items, ctx).map((item) => ({ item })));
  await planGeneration(db, clock, clientId, id, created);
  const record = await getEvent(db, clientId, id);
  await recordEventChange(db, clock, { clientId, eventId: id, action: 'Added', event: changeEvent(record!.event), flags: addedFlags(record!.event) });
  return id;
}

// ---- Encoder composition --------------------------------------------------------------------------

/** Writes an encoder playlist (new or replacing) and its rendition, and attaches it to the event. */
async function saveEncoderPlaylist(
  db: DbOrTx,
  clock: Clock,
  row: EventRow,
  existing: PlaylistRow | undefined,
  values: { name: string; looped: boolean; items: ItemToWrite[]; clips: Awaited<ReturnType<typeof checkEncoder>>['clips']; durationMs: number },
): Promise<{ row: EventRow; changed: boolean }> {
  const now = clock.now();
  const playlist = existing
    ? await updatePlaylist(db, existing, { name: values.name, looped: values.looped, revision: existing.revision + 1, dateModified: now })
    : await insertPlaylist(db, { clientId: row.clientId, eventId: row.id, kind: 'encoder', name: values.name, looped: values.looped, liveStreamStart: null, now });
  await replaceItems(db, row.clientId, playlist.id, values.items);
  await saveRendition(db, {
    eventId: row.id,
    clientId: row.clientId,
    kind: 'encoder',
    clips: values.clips,
    looped: values.looped,
    durationMs: values.durationMs,
    dateCreated: now,
    ...(await anchorFor(db, row, now)),
  });
  const updated = await updateEventRow(db, row.clientId, row.id, { liveComposePlaylistId: playlist.id, dateModified: now });
  return { row: updated, changed: true };
}

/** The encoder playlist a clone copies: the stored items, with the MP4 durations learnt when they were saved. */
function storedProbe(loaded: LoadedPlaylist): Pick<Probed, 'durations'> {
  const durations = new Map<number, number | null>();
  loaded.items.forEach((stored, i) => {
    if (stored.row.mediaDurationMs !== null) durations.set(i, stored.row.mediaDurationMs);
  });
  return { durations };
}

export const composeRoutes: Implementation[] = [
  implement(endpoints.compose.create, async ({ body }, ctx) => ({ status: 201, body: await createStandard(ctx, body) })),

  implement(
    endpoints.compose.createEncoder,
    async ({ body }, ctx, probed: Probed) => {
      const clientId = ctx.client.clientId;
      const { event, playlist } = body;
      const { db, clock } = ctx;
      const errors: FieldError[] = [];
      await checkReferences(
        db,
        clientId,
        [
          ['body.event.roomId', 'room', event.roomId],
          ['body.event.eventTypeId', 'event type', event.eventTypeId],
          ['body.event.infrastructureProfileId', 'infrastructure profile', event.infrastructureProfileId],
        ],
        event.categoryIds,
        errors,
      );
      const channelProblem = await compositionChannelProblem(db, clientId, event.channelId);
      if (channelProblem) errors.push({ field: 'body.event.channelId', message: channelProblem });
      for (const [start, end] of [
        ['scheduledStart', 'scheduledEnd'],
        ['scheduledChannelStart', 'scheduledChannelEnd'],
        ['scheduledProvisionAt', 'scheduledTerminateAt'],
      ] as const) {
        const from = toDate(event[start]);
        const to = toDate(event[end]);
        if (from && to && to < from) errors.push({ field: `body.event.${end}`, message: `must not be before ${start} (${from.toISOString()})` });
      }
      errors.push(...probed.fieldErrors);
      const check = await checkEncoder(db, clientId, storedItems(playlist.items, ctx), 'body.playlist', probed);
      errors.push(...check.fieldErrors);
      if (errors.length > 0) throw validationError(errors, 'The composition is not valid');
      const id = await desiredId(db, event.id);
      const now = clock.now();
      const playlistId = randomUUID();
      await insertEvent(
        db,
        {
          id,
          clientId,
          channelId: event.channelId,
          roomId: event.roomId ?? null,
          eventTypeId: event.eventTypeId ?? null,
          infrastructureProfileId: event.infrastructureProfileId ?? null,
          liveComposePlaylistId: playlistId,
          title: event.title,
          description: event.description ?? null,
          refId: blankToNull(event.refId),
          externalId: blankToNull(event.externalId),
          scheduledStart: toDate(event.scheduledStart),
          scheduledEnd: toDate(event.scheduledEnd),
          scheduledChannelStart: toDate(event.scheduledChannelStart),
          scheduledChannelEnd: toDate(event.scheduledChannelEnd),
          scheduledProvisionAt: toDate(event.scheduledProvisionAt),
          scheduledTerminateAt: toDate(event.scheduledTerminateAt),
          autoStart: event.autoStart,
          autoEnd: event.autoEnd,
          autoPublish: event.autoPublish,
          autoStartPublications: event.autoStartPublications,
          autoProvisionInfrastructure: event.autoProvision,
          autoTerminateInfrastructure: event.autoTerminate,
          drmJson: blankToNull(event.drmJson),
          state: S.PRE_LIVE,
          contentId: randomUUID(),
          dateCreated: now,
          dateModified: now,
        },
        event.categoryIds,
      );
      const created = await insertPlaylist(db, { id: playlistId, clientId, eventId: id, kind: 'encoder', name: playlist.name, looped: playlist.looped, liveStreamStart: null, now });
      await replaceItems(db, clientId, created.id, check.items);
      await saveRendition(db, { eventId: id, clientId, kind: 'encoder', clips: check.clips, looped: playlist.looped, durationMs: check.durationMs, dateCreated: now });
      const record = await getEvent(db, clientId, id);
      await recordEventChange(db, clock, { clientId, eventId: id, action: 'Added', event: changeEvent(record!.event), flags: addedFlags(record!.event) });
      await scheduleAutomation(db, clock, clientId, id);
      return { status: 201, body: id };
    },
    { prepare: ({ body }, ctx) => probeItems(ctx.mediaProbe, storedItems(body.playlist.items, ctx), 'body.playlist') },
  ),

  implement(endpoints.compose.update, async ({ params, body }, ctx) => {
    const { db, clock } = ctx;
    const clientId = ctx.client.clientId;
    const row = await requireEvent(db, clientId, params.eventId);
    const loaded = await loadPlaylist(db, clientId, row.id);
    if (!loaded) throw notFound(`The event ${row.id} has no compose playlist: create a standard composition with POST /compose/`);
    if (loaded.playlist.kind !== 'standard') {
      throw badRequest(`The event ${row.id} is an encoder composition: change its playlist with PUT /compose/encoder/event/${row.id}`);
    }
    const check = await checkStandard(db, clientId, body.items, 'body', row.id);
    if (check.fieldErrors.length > 0) throw validationError(check.fieldErrors, 'The playlist is not valid');
    const now = clock.now();
    const liveStreamStart = body.liveStreamStart === undefined ? loaded.playlist.liveStreamStart : toDate(body.liveStreamStart);
    const playlist = await updatePlaylist(db, loaded.playlist, {
      ...NO_GENERATION,
      name: body.name,
      looped: body.looped,
      liveStreamStart,
      revision: loaded.playlist.revision + 1,
      dateModified: now,
    });
    await replaceItems(db, clientId, playlist.id, storedItems(body.items, ctx).map((item) => ({ item })));
    // An edit regenerates the composition.
    const state = await planGeneration(db, clock, clientId, row.id, playlist);
    const updated = await updateEventRow(db, clientId, row.id, { state, dateModified: now });
    await recordChange(db, clock, updated, { stateChanged: state !== row.state, metadataChanged: true });
    return { status: 200, body: await answer(db, clock, clientId, row.id, ctx.serviceUrl) };
  }),

  implement(
    endpoints.compose.upsertEncoder,
    async ({ params, body }, ctx, probed: Probed) => {
      const clientId = ctx.client.clientId;
      const { db, clock } = ctx;
      const row = await requireEvent(db, clientId, params.eventId);
      const loaded = await loadPlaylist(db, clientId, row.id);
      if (loaded?.playlist.kind === 'standard') {
        throw badRequest(`The event ${row.id} is a standard composition: change its playlist with PUT /compose/event/${row.id}`);
      }
      if (!loaded && !LIVE_FAMILY.includes(row.state)) {
        throw badField('params.eventId', `the event is ${stateName(row.state)}: an encoder playlist belongs to a live event (PRE_LIVE, live or stopped)`);
      }
      const channelProblem = await compositionChannelProblem(db, clientId, row.channelId);
      if (channelProblem) throw badField('params.eventId', channelProblem);
      const check = await checkEncoder(db, clientId, storedItems(body.items, ctx), 'body', probed, row.id);
      const errors = [...probed.fieldErrors, ...check.fieldErrors];
      if (errors.length > 0) throw validationError(errors, 'The playlist is not valid');
      const saved = await saveEncoderPlaylist(db, clock, row, loaded?.playlist, { name: body.name, looped: body.looped, items: check.items, clips: check.clips, durationMs: check.durationMs });
      await recordChange(db, clock, saved.row, { metadataChanged: true });
      return { status: 200, body: await answer(db, clock, clientId, row.id, ctx.serviceUrl) };
    },
    { prepare: ({ body }, ctx) => probeItems(ctx.mediaProbe, storedItems(body.items, ctx), 'body') },
  ),

  implement(endpoints.compose.setDrm, async ({ params, body }, ctx) => {
    const { db, clock } = ctx;
    const clientId = ctx.client.clientId;
    const row = await requireEvent(db, clientId, params.eventId);
    const loaded = await loadPlaylist(db, clientId, row.id);
    if (loaded?.playlist.kind === 'encoder') {
      throw badRequest(
        `DRM of a compose event is set here for standard composition only; the event ${row.id} is an encoder composition, a live event whose DRM is set with POST /event/ (DrmJson)`,
      );
    }
    if (!loaded && !COMPOSE_STATES.includes(row.state)) throw badRequest(`The event ${row.id} is not a standard composition`);
    const drmJson = blankToNull(body.drmJson);
    const parsed = drmJson ? parseJsonText(DrmConfigurationSchema, drmJson) : null;
    const vodDrm = parsed?.success ? parsed.data.drm_provider.toUpperCase() !== 'NONE' : false;
    if (drmJson !== row.drmJson || vodDrm !== row.vodDrm) {
      const updated = await updateEventRow(db, clientId, row.id, { drmJson, vodDrm, dateModified: clock.now() });
      await recordChange(db, clock, updated, { metadataChanged: true });
    }
    const record = await getEvent(db, clientId, row.id);
    return { status: 200, body: serializeEvent(record!, { video: null }) };
  }),

  implement(endpoints.compose.get, async ({ params }, ctx) => {
    const clientId = ctx.client.clientId;
    const record = await getEvent(ctx.db, clientId, params.eventId);
    if (!record) throw notFound(`There is no event ${params.eventId}`);
    return { status: 200, body: await answer(ctx.db, ctx.clock, clientId, params.eventId, ctx.serviceUrl) };
  }),

  implement(
    endpoints.compose.clone,
    async ({ params, query }, ctx) => {
      const { db, clock } = ctx;
      const clientId = ctx.client.clientId;
      const source = await getEvent(db, clientId, params.sourceEventId);
      if (!source) throw notFound(`There is no event ${params.sourceEventId}`);
      const loaded = await loadPlaylist(db, clientId, source.event.id);
      if (!loaded) throw notFound(`The event ${source.event.id} has no compose playlist to clone`);
      if (query.targetEventId === source.event.id) throw badField('query.targetEventId', 'is the source event itself: clone to another event');
      const target = await lockEventRow(db, clientId, query.targetEventId);
      if (!target) throw badField('query.targetEventId', `there is no event ${query.targetEventId}`);
      const targetPlaylist = await loadPlaylist(db, clientId, target.id);
      const items: PlaylistItem[] = loaded.items.map(itemOf);
      const now = clock.now();

      if (loaded.playlist.kind === 'standard') {
        if (targetPlaylist?.playlist.kind === 'encoder') {
          throw badField('query.targetEventId', 'is an encoder composition: a standard playlist cannot replace its playlist');
        }
        if (!targetPlaylist && !COMPOSE_STATES.includes(target.state) && target.state !== S.PRE_VOD) {
          throw badField(
            'query.targetEventId',
            `is ${stateName(target.state)}: a standard composition is generated into an event waiting for content (PRE_VOD) or another composition`,
          );
        }
        const values = { name: loaded.playlist.name, looped: loaded.playlist.looped, liveStreamStart: loaded.playlist.liveStreamStart, dateModified: now };
        const playlist = targetPlaylist
          ? await updatePlaylist(db, targetPlaylist.playlist, { ...values, ...NO_GENERATION, revision: targetPlaylist.playlist.revision + 1 })
          : await insertPlaylist(db, { clientId, eventId: target.id, kind: 'standard', ...values, now });
        await replaceItems(db, clientId, playlist.id, items.map((item) => ({ item })));
        const state = await planGeneration(db, clock, clientId, target.id, playlist);
        const updated = await updateEventRow(db, clientId, target.id, {
          state,
          // The generated result plays through an xflow's URLs: the source's, when the target has none.
          xflowId: target.xflowId ?? source.event.xflowId,
          dateModified: now,
        });
        await recordChange(db, clock, updated, { stateChanged: state !== target.state, metadataChanged: true });
      } else {
        if (targetPlaylist?.playlist.kind === 'standard') {
          throw badField('query.targetEventId', 'is a standard composition: an encoder playlist cannot replace its playlist');
        }
        if (!LIVE_FAMILY.includes(target.state)) {
          throw badField('query.targetEventId', `is ${stateName(target.state)}: an encoder playlist belongs to a live event`);
        }
        const channelProblem = await compositionChannelProblem(db, clientId, target.channelId);
        if (channelProblem) throw badField('query.targetEventId', channelProblem);
        const check = await checkEncoder(db, clientId, items, 'source', storedProbe(loaded), target.id);
        if (check.fieldErrors.length > 0) {
          throw badField('query.targetEventId', `cannot play the playlist: ${check.fieldErrors.map((e) => `${e.field.replace(/^source\./, '')}: ${e.message}`).join('; ')}`);
        }
        const saved = await saveEncoderPlaylist(db, clock, target, targetPlaylist?.playlist, {
          name: loaded.playlist.name,
          looped: loaded.playlist.looped,
          items: check.items,
          clips: check.clips,
          durationMs: check.durationMs,
        });
        await recordChange(db, clock, saved.row, { metadataChanged: true });
      }
      return { status: 201, body: await answer(db, clock, clientId, target.id, ctx.serviceUrl) };
    },
    { transaction: true },
  ),

  implement(endpoints.compose.delete, async ({ params }, ctx) => {
    const { db, clock } = ctx;
    const clientId = ctx.client.clientId;
    const row = await lockEventRow(db, clientId, params.eventId);
    if (!row) throw badField('params.eventId', `there is no event ${params.eventId}`);
    const loaded = await loadPlaylist(db, clientId, row.id);
    if (!loaded) throw badField('params.eventId', `the event ${row.id} has no compose playlist`);
    await deletePlaylist(db, clientId, loaded.playlist.id);
    let updated = row;
    if (loaded.playlist.kind === 'encoder') {
      // The live event stays, and streams the encoder's own programme again. A standard
      // composition keeps its generated result: it belongs to the event.
      await deleteRendition(db, row.clientId, row.id);
      updated = await updateEventRow(db, clientId, row.id, { liveComposePlaylistId: null, dateModified: clock.now() });
    } else {
      updated = await updateEventRow(db, clientId, row.id, { dateModified: clock.now() });
    }
    await recordChange(db, clock, updated, { metadataChanged: true });
    return { status: 200, body: null };
  }),
];
