/**
 * Channel profiles: at most one per event, holding audio inputs whose language and audio channel
 * are each unique within the profile. The event's channelProfileId is kept equal to its profile's
 * id. Every query is scoped to the client; profiles of deleted events are left out like their events.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { AudioInputBody, ChannelProfile, FieldError } from '#schema';
import type { DbOrTx } from '../../db/database.ts';
import { channelProfileAudioInputs, channelProfiles, events } from '../../db/tables/index.ts';
import { writeEvents } from '../event/index.ts';
import { idsInUse } from '../../db/tenant-scope.ts';

export type ProfileRow = typeof channelProfiles.$inferSelect;
export type InputRow = typeof channelProfileAudioInputs.$inferSelect;
export type AudioInput = Pick<InputRow, 'id' | 'languageCode' | 'audioChannel' | 'audioEnabled'>;

const liveEvent = (clientId: string) => and(eq(events.id, channelProfiles.eventId), eq(events.clientId, clientId), isNull(events.dateDeleted));

async function selectProfiles(db: DbOrTx, clientId: string, where: ReturnType<typeof eq> | undefined): Promise<ProfileRow[]> {
  const rows = await db
    .select({ profile: channelProfiles })
    .from(channelProfiles)
    .innerJoin(events, liveEvent(clientId))
    .where(and(eq(channelProfiles.clientId, clientId), where))
    .orderBy(asc(channelProfiles.dateCreated), asc(channelProfiles.id));
  return rows.map((r) => r.profile);
}

export const listProfiles = (db: DbOrTx, clientId: string) => selectProfiles(db, clientId, undefined);

export const getProfile = async (db: DbOrTx, clientId: string, id: string): Promise<ProfileRow | undefined> =>
  (await selectProfiles(db, clientId, eq(channelProfiles.id, id)))[0];

export const profileOfEvent = async (db: DbOrTx, clientId: string, eventId: string): Promise<ProfileRow | undefined> =>
  (await selectProfiles(db, clientId, eq(channelProfiles.eventId, eventId)))[0];

/** The inputs of each profile, ordered by audio channel (as the interface always returns them). */
export async function inputsOf(db: DbOrTx, clientId: string, profileIds: string[]): Promise<Map<string, AudioInput[]>> {
  const byProfile = new Map<string, AudioInput[]>(profileIds.map((id) => [id, []]));
  if (profileIds.length === 0) return byProfile;
  const rows = await db
    .select()
    .from(channelProfileAudioInputs)
    .where(and(eq(channelProfileAudioInputs.clientId, clientId), inArray(channelProfileAudioInputs.profileId, profileIds)))
    .orderBy(asc(channelProfileAudioInputs.audioChannel));
  for (const row of rows) {
    byProfile.get(row.profileId)?.push({ id: row.id, languageCode: row.languageCode, audioChannel: row.audioChannel, audioEnabled: row.audioEnabled });
  }
  return byProfile;
}

export function toChannelProfile(profile: ProfileRow, inputs: readonly AudioInput[]): ChannelProfile {
  return {
    id: profile.id,
    audioInputs: [...inputs]
      .sort((a, b) => a.audioChannel - b.audioChannel)
      .map((i) => ({ id: i.id, languageCode: i.languageCode, audioChannel: i.audioChannel, audioEnabled: i.audioEnabled })),
    version: profile.version,
  };
}

/** Which of these ids some audio input has, whoever owns it. */
type RequestedInput = Pick<AudioInputBody, 'Id' | 'LanguageCode' | 'AudioChannel'> & { AudioEnabled: boolean };

/**
 * The inputs a request makes of a profile's current ones. The request lists the profile's inputs
 * completely (an input it leaves out is removed). Each requested input keeps the id of the
 * current input it matches: by Id when given, otherwise by AudioChannel. An Id the profile does
 * not have adds an input with that id, unless another input anywhere uses it.
 */
export function matchInputs(
  current: readonly AudioInput[],
  requested: readonly RequestedInput[],
  takenIds: ReadonlySet<string>,
  field: (index: number) => string,
): { inputs: AudioInput[]; errors: FieldError[] } {
  const own = new Set(current.map((i) => i.id));
  const claimedBy = new Map<string, number>();
  const errors: FieldError[] = [];
  const ids: (string | undefined)[] = requested.map((r, index) => {
    if (!r.Id) return undefined;
    const id = r.Id.toLowerCase();
    const earlier = claimedBy.get(id);
    if (earlier !== undefined) errors.push({ field: `${field(index)}.Id`, message: `is already given by input ${earlier}` });
    else if (!own.has(id) && takenIds.has(id)) errors.push({ field: `${field(index)}.Id`, message: 'is the id of another audio input' });
    claimedBy.set(id, index);
    return id;
  });
  const inputs = requested.map((r, index): AudioInput => {
    let id = ids[index];
    if (!id) {
      const match = current.find((c) => c.audioChannel === r.AudioChannel && !claimedBy.has(c.id));
      id = match?.id ?? randomUUID();
      claimedBy.set(id, index);
    }
    return { id, languageCode: r.LanguageCode, audioChannel: r.AudioChannel, audioEnabled: r.AudioEnabled };
  });
  return { inputs, errors };
}

const signature = (inputs: readonly AudioInput[]) =>
  JSON.stringify(
    [...inputs].sort((a, b) => a.audioChannel - b.audioChannel).map((i) => [i.id, i.languageCode, i.audioChannel, i.audioEnabled]),
  );

export const sameInputs = (a: readonly AudioInput[], b: readonly AudioInput[]) => signature(a) === signature(b);

export async function createProfile(db: DbOrTx, clientId: string, eventId: string, now: Date): Promise<ProfileRow> {
  const [row] = await db.insert(channelProfiles).values({ clientId, eventId, dateCreated: now, dateModified: now }).returning();
  await writeEvents(db, clientId, eventId, { channelProfileId: row!.id });
  return row!;
}

/**
 * Replaces a profile's inputs. All go and come back (ids kept), so that languages or channels
 * swapped between inputs never meet the unique indexes half-way.
 */
export async function replaceInputs(db: DbOrTx, clientId: string, profileId: string, inputs: readonly AudioInput[], now: Date): Promise<void> {
  await db.delete(channelProfileAudioInputs).where(and(eq(channelProfileAudioInputs.clientId, clientId), eq(channelProfileAudioInputs.profileId, profileId)));
  if (inputs.length > 0) await db.insert(channelProfileAudioInputs).values(inputs.map((i) => ({ ...i, clientId, profileId })));
  await db
    .update(channelProfiles)
    .set({ dateModified: now })
    .where(and(eq(channelProfiles.clientId, clientId), eq(channelProfiles.id, profileId)));
}

/** Deletes a profile (its inputs cascade) and clears the event's channelProfileId. */
export async function deleteProfile(db: DbOrTx, clientId: string, profile: ProfileRow): Promise<void> {
  await db.delete(channelProfiles).where(and(eq(channelProfiles.clientId, clientId), eq(channelProfiles.id, profile.id)));
  await writeEvents(db, clientId, profile.eventId, { channelProfileId: null });
}

/** Which of these audio input ids some client uses (a write that names ids refuses another client's). */
export async function audioInputIdsInUse(db: DbOrTx, ids: readonly string[]): Promise<Set<string>> {
  return idsInUse(db, channelProfileAudioInputs, ids);
}
