/**
 * Channel profiles (service-interface.md "Channel profiles"): all 9 operations. One profile per
 * event; languages and audio channels are each unique within a profile (the request schema
 * refuses duplicates with a 400 naming the input). Every change records one change of the event
 * with audioChanged.
 */
import { endpoints, type AudioInputBody } from '#schema';
import { badField, notFound, validationError } from '../../http/errors.ts';
import { implement, type Implementation, type RequestContext } from '../../http/implement.ts';
import { EventChanges, findEvent } from '../custom-property/index.ts';
import {
  createProfile,
  deleteProfile,
  getProfile,
  inputsOf,
  listProfiles,
  matchInputs,
  profileOfEvent,
  replaceInputs,
  sameInputs,
  toChannelProfile,
  type AudioInput,
  type ProfileRow,
  audioInputIdsInUse
} from './repo.ts';

const AUDIO = { audioChanged: true } as const;

type Requested = Omit<AudioInputBody, 'AudioEnabled'> & { AudioEnabled: boolean };

async function requireEvent(ctx: RequestContext, eventId: string, field?: string) {
  const event = await findEvent(ctx.db, ctx.client.clientId, eventId);
  if (event) return event;
  throw field ? badField(field, `there is no event ${eventId}`) : notFound(`There is no event ${eventId}`);
}

async function requireProfile(ctx: RequestContext, id: string): Promise<ProfileRow> {
  const profile = await getProfile(ctx.db, ctx.client.clientId, id);
  if (!profile) throw notFound(`There is no channel profile ${id}`);
  return profile;
}

async function currentInputs(ctx: RequestContext, profile: ProfileRow): Promise<AudioInput[]> {
  return (await inputsOf(ctx.db, ctx.client.clientId, [profile.id])).get(profile.id) ?? [];
}

/**
 * Sets a profile's inputs to the requested ones (a profile that does not exist yet is created for
 * the event) and records AudioChanged when anything changed. Answers the saved profile.
 */
async function saveInputs(ctx: RequestContext, target: { profile?: ProfileRow; eventId: string }, requested: readonly Requested[]) {
  const clientId = ctx.client.clientId;
  const before = target.profile ? await currentInputs(ctx, target.profile) : [];
  const given = requested.map((r) => r.Id?.toLowerCase()).filter((id): id is string => !!id && !before.some((b) => b.id === id));
  const { inputs, errors } = matchInputs(before, requested, await audioInputIdsInUse(ctx.db, given), (i) => `body.AudioInputs.${i}`);
  if (errors.length > 0) throw validationError(errors, 'The audio inputs are not valid');
  const now = ctx.clock.now();
  const profile = target.profile ?? (await createProfile(ctx.db, clientId, target.eventId, now));
  if (!target.profile || !sameInputs(before, inputs)) {
    await replaceInputs(ctx.db, clientId, profile.id, inputs, now);
    await new EventChanges().add(target.eventId, AUDIO).record(ctx.db, ctx.clock, clientId);
  }
  return toChannelProfile(profile, inputs);
}

export const channelProfileRoutes: Implementation[] = [
  /** Adds the event's profile; an event that already has one answers 400 (update it with PUT instead). */
  implement(endpoints.channelProfile.create, async ({ body }, ctx) => {
    const event = await requireEvent(ctx, body.EventId, 'body.EventId');
    const existing = await profileOfEvent(ctx.db, ctx.client.clientId, event.id);
    if (existing) {
      throw badField(
        'body.EventId',
        `event ${event.id} already has channel profile ${existing.id} (one per event): update it with PUT /channelprofile/${existing.id} or PUT /channelprofile/event/${event.id}`,
      );
    }
    return { status: 200, body: await saveInputs(ctx, { eventId: event.id }, body.AudioInputs) };
  }),

  /** The request lists the profile's inputs completely: inputs it leaves out are removed. */
  implement(endpoints.channelProfile.update, async ({ params, body }, ctx) => {
    const profile = await requireProfile(ctx, params.id);
    return { status: 200, body: await saveInputs(ctx, { profile, eventId: profile.eventId }, body.AudioInputs) };
  }),

  implement(endpoints.channelProfile.upsertForEvent, async ({ params, body }, ctx) => {
    const event = await requireEvent(ctx, params.id);
    const profile = await profileOfEvent(ctx.db, ctx.client.clientId, event.id);
    return { status: 200, body: await saveInputs(ctx, { profile, eventId: event.id }, body.AudioInputs) };
  }),

  implement(endpoints.channelProfile.list, async (_input, ctx) => {
    const profiles = await listProfiles(ctx.db, ctx.client.clientId);
    const inputs = await inputsOf(
      ctx.db,
      ctx.client.clientId,
      profiles.map((p) => p.id),
    );
    return { status: 200, body: profiles.map((p) => toChannelProfile(p, inputs.get(p.id) ?? [])) };
  }),

  implement(endpoints.channelProfile.get, async ({ params }, ctx) => {
    const profile = await requireProfile(ctx, params.id);
    return { status: 200, body: toChannelProfile(profile, await currentInputs(ctx, profile)) };
  }),

  implement(endpoints.channelProfile.getForEvent, async ({ params }, ctx) => {
    const event = await requireEvent(ctx, params.id);
    const profile = await profileOfEvent(ctx.db, ctx.client.clientId, event.id);
    if (!profile) return { status: 204 };
    return { status: 200, body: toChannelProfile(profile, await currentInputs(ctx, profile)) };
  }),

  /**
   * Gives the target event the source's inputs: a target that has a profile keeps it (and the ids
   * of its inputs on the same audio channels); one that has none gets a new profile. With
   * removeSource the source's profile is deleted afterwards (a move).
   */
  implement(endpoints.channelProfile.clone, async ({ query }, ctx) => {
    if (query.sourceEventId.toLowerCase() === query.targetEventId.toLowerCase()) throw badField('query.targetEventId', 'must differ from sourceEventId');
    const clientId = ctx.client.clientId;
    const source = await requireEvent(ctx, query.sourceEventId);
    const target = await requireEvent(ctx, query.targetEventId);
    const sourceProfile = await profileOfEvent(ctx.db, clientId, source.id);
    if (!sourceProfile) throw notFound(`Event ${source.id} has no channel profile to clone`);
    const sourceInputs = await currentInputs(ctx, sourceProfile);
    const targetProfile = await profileOfEvent(ctx.db, clientId, target.id);
    const saved = await saveInputs(
      ctx,
      { profile: targetProfile, eventId: target.id },
      sourceInputs.map((i) => ({ LanguageCode: i.languageCode, AudioChannel: i.audioChannel, AudioEnabled: i.audioEnabled })),
    );
    if (query.removeSource) {
      await deleteProfile(ctx.db, clientId, sourceProfile);
      await new EventChanges().add(source.id, AUDIO).record(ctx.db, ctx.clock, clientId);
    }
    return { status: 200, body: saved };
  }),

  implement(endpoints.channelProfile.delete, async ({ params }, ctx) => {
    const profile = await requireProfile(ctx, params.id);
    await deleteProfile(ctx.db, ctx.client.clientId, profile);
    await new EventChanges().add(profile.eventId, AUDIO).record(ctx.db, ctx.clock, ctx.client.clientId);
    return { status: 200 };
  }),

  /** As the deletion by id; 404 when the event has no profile. */
  implement(endpoints.channelProfile.deleteForEvent, async ({ params }, ctx) => {
    const event = await requireEvent(ctx, params.id);
    const profile = await profileOfEvent(ctx.db, ctx.client.clientId, event.id);
    if (!profile) throw notFound(`Event ${event.id} has no channel profile`);
    await deleteProfile(ctx.db, ctx.client.clientId, profile);
    await new EventChanges().add(event.id, AUDIO).record(ctx.db, ctx.clock, ctx.client.clientId);
    return { status: 200 };
  }),
];
