/**
 * The write side of events: add or update, JSON Patch, delete, restore, clone, and the small
 * operations on one setting (external updates, DVR window, thumbnail, xflow tasks). State changes
 * (PUT /event/state/{id}, force stop and restart) are the live area's.
 */
import { endpoints, EventState, Mp4State, type Event } from '#schema';
import { badField, conflict, notFound, validationError } from '../../http/errors.ts';
import { implement, type Implementation, type RequestContext } from '../../http/implement.ts';
import { deleteEvent, cloneEvent, restoreEvent } from './lifecycle.ts';
import { importEvents } from './import.ts';
import { patchEvent } from './patch.ts';
import { findEventBy, getEvent, getEventForWrite } from './repo.ts';
import { mp4StateSetKind } from './mp4-state.ts';
import { appendTasks, dvrLengthError, IGNORED_FIELDS_HEADER, INITIAL_MP4_STATES, stateChangeError, thumbnailError, thumbnailUrlOf, titleFromTask } from './rules.ts';
import { serializeEvent, type EventRecord } from './serialize.ts';
import {
  createEvent,
  EventBodyError,
  idHolder,
  updateColumns,
  updateEvent,
  type ParsedEventBody,
  type SaveResult,
  type WriteContext,
} from './write.ts';

const writer = (ctx: RequestContext): WriteContext => ({ db: ctx.db, clock: ctx.clock, clientId: ctx.client.clientId });

/** A POST body's rule failures as a 400 naming `body.<field>`. */
function bodyErrors(error: unknown): never {
  if (error instanceof EventBodyError) throw validationError(error.fields.map((f) => ({ field: `body.${f.field}`, message: f.message })));
  throw error;
}

/**
 * The event after a write, with the fields the write ignored named in X-Ignored-Fields (the answer
 * is the Event itself, so the notice travels as a header; see the record's description). The
 * runtime sends a result's `headers` (ResultHeaders in http/implement.ts); they are added without
 * widening this function's type so that it also compiles against a runtime without them.
 */
function saved<S extends 200 | 201>(status: S, result: SaveResult): { status: S; body: Event } {
  const answer = { status, body: serializeEvent(result.record) };
  if (result.ignored.length > 0) Object.assign(answer, { headers: { [IGNORED_FIELDS_HEADER]: result.ignored.join(', ') } });
  return answer;
}

/** The client's (not deleted) event, locked for the rest of the request; 404 otherwise. */
async function existing(ctx: RequestContext, id: string): Promise<EventRecord> {
  const record = await getEventForWrite(ctx.db, ctx.client.clientId, id);
  if (!record) throw notFound(`There is no event ${id}`);
  return record;
}

async function upsert(ctx: RequestContext, body: ParsedEventBody): Promise<SaveResult> {
  const w = writer(ctx);
  if (!body.Id) return createEvent(w, body).catch(bodyErrors);
  const record = await getEventForWrite(ctx.db, ctx.client.clientId, body.Id);
  if (record) return updateEvent(w, record, body).catch(bodyErrors);
  // "Id is required when updating, optional when adding": an Id nobody uses adds the event with it.
  const holder = await idHolder(ctx.db, ctx.client.clientId, body.Id);
  if (holder === 'mine') {
    throw conflict(`Event ${body.Id} is deleted: restore it with GET /event/restore/${body.Id} before updating it`);
  }
  if (holder) throw badField('body.Id', 'cannot be used for a new event: leave Id out to add an event');
  return createEvent(w, body, { id: body.Id }).catch(bodyErrors);
}

export const eventWriteRoutes: Implementation[] = [
  implement(endpoints.event.upsert, async ({ body }, ctx) => saved(201, await upsert(ctx, body))),

  implement(endpoints.eventImport.importMany, async ({ body }, ctx) => {
    const records = await importEvents(writer(ctx), body).catch(bodyErrors);
    return { status: 201, body: records.map((record) => serializeEvent(record)) };
  }),

  implement(endpoints.event.patch, async ({ params, body }, ctx) => {
    const record = await existing(ctx, params.id);
    return saved(200, await patchEvent(writer(ctx), record, body));
  }),

  implement(endpoints.event.patchByReference, async ({ params, body }, ctx) => {
    const found = await findEventBy(ctx.db, ctx.client.clientId, 'refId', params.referenceid);
    if (!found) throw notFound(`There is no event with reference id "${params.referenceid}"`);
    const record = await existing(ctx, found.event.id);
    return saved(200, await patchEvent(writer(ctx), record, body));
  }),

  implement(endpoints.event.delete, async ({ params, query }, ctx) => {
    const outcome = await deleteEvent(writer(ctx), params.id, query.hardDelete);
    if (outcome.done) return { status: 200 };
    if (outcome.reason === 'busy') {
      throw conflict(`Event ${params.id} cannot be deleted while ${outcome.why}: stop it first (PUT /event/state/${params.id} or PUT /event/forcestop/${params.id})`);
    }
    throw notFound(`There is no event ${params.id}${query.hardDelete ? '' : ' (or it is deleted already)'}`);
  }),

  implement(
    endpoints.event.restore,
    async ({ params }, ctx) => {
      const record = await restoreEvent(writer(ctx), params.id);
      if (!record) throw notFound(`There is no event ${params.id}`);
      return { status: 200, body: serializeEvent(record) };
    },
    // A GET that changes data, as in the original: still all or nothing.
    { transaction: true },
  ),

  implement(
    endpoints.event.clone,
    async ({ params }, ctx) => {
      const source = await getEvent(ctx.db, ctx.client.clientId, params.id);
      if (!source) throw notFound(`There is no event ${params.id}`);
      return { status: 201, body: serializeEvent(await cloneEvent(writer(ctx), source)) };
    },
    { transaction: true },
  ),

  implement(endpoints.event.setExternalUpdate, async ({ params }, ctx) => {
    const record = await existing(ctx, params.id);
    return { status: 200, body: serializeEvent(await updateColumns(writer(ctx), record, { externalUpdateAllowed: params.flag })) };
  }),

  implement(endpoints.event.setDvrWindowLength, async ({ params, body }, ctx) => {
    const problem = dvrLengthError(body.DvrWindowLength, false);
    if (problem) throw badField('body.DvrWindowLength', problem);
    const record = await existing(ctx, params.id);
    return { status: 200, body: serializeEvent(await updateColumns(writer(ctx), record, { dvrLength: body.DvrWindowLength })) };
  }),

  implement(endpoints.event.setThumbnail, async ({ params, body }, ctx) => {
    const problem = thumbnailError(body.Thumbnail);
    if (problem) throw badField('body.Thumbnail', problem);
    const record = await existing(ctx, params.id);
    const values = { thumbnail: body.Thumbnail, thumbnailUrl: thumbnailUrlOf(body.Thumbnail) };
    return { status: 200, body: serializeEvent(await updateColumns(writer(ctx), record, values)) };
  }),

  implement(endpoints.event.deleteThumbnail, async ({ params }, ctx) => {
    const record = await existing(ctx, params.id);
    return { status: 200, body: serializeEvent(await updateColumns(writer(ctx), record, { thumbnail: null, thumbnailUrl: null })) };
  }),

  implement(endpoints.event.addXflowTask, async ({ body }, ctx) => {
    const w = writer(ctx);
    if (body.Id) {
      const record = await existing(ctx, body.Id);
      if (body.EventState !== undefined && body.EventState !== record.event.state) {
        throw badField('body.EventState', stateChangeError(record.event.state, body.EventState));
      }
      const taskEngineJson = appendTasks(record.event.taskEngineJson, body.TaskEngineJson);
      const updated = await updateColumns(w, record, { taskEngineJson, ...(body.Mp4State !== undefined ? { mp4State: body.Mp4State } : {}) });
      // Mp4State sets the event's MP4 as the interface says; the asset area's files follow (AVAILABLE makes the file exist).
      if (body.Mp4State !== undefined) await mp4StateSetKind.enqueue(ctx.db, ctx.clock, { clientId: ctx.client.clientId, eventId: record.event.id, state: body.Mp4State }, { clientId: ctx.client.clientId });
      return { status: 200, body: serializeEvent(updated) };
    }
    if (body.Mp4State !== undefined && !INITIAL_MP4_STATES.has(body.Mp4State)) {
      throw badField('body.Mp4State', `an event cannot be created with the MP4 state ${Mp4State.nameOf(body.Mp4State)}: use NONE, AVAILABLE or FAILED`);
    }
    // An event made from a task is a VOD to process: PRE_VOD unless EventState says otherwise.
    const eventBody: ParsedEventBody = {
      Title: titleFromTask(body.TaskEngineJson, ctx.clock.now()),
      TaskEngineJson: appendTasks(null, body.TaskEngineJson),
      EventState: body.EventState ?? EventState.values.PRE_VOD,
      AutoExpirePublishingPoints: false,
    };
    const result = await createEvent(w, eventBody, body.Mp4State !== undefined ? { extra: { mp4State: body.Mp4State } } : {}).catch(bodyErrors);
    if (body.Mp4State === Mp4State.values.AVAILABLE) {
      await mp4StateSetKind.enqueue(ctx.db, ctx.clock, { clientId: ctx.client.clientId, eventId: result.record.event.id, state: body.Mp4State }, { clientId: ctx.client.clientId });
    }
    return { status: 200, body: serializeEvent(result.record) };
  }),
];
