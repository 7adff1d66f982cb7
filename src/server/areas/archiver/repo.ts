/**
 * The archiver's queries (the recorder's own are in recorder.ts). Every one names the client, but
 * for the catch-up playback's lookups by play key, an unguessable key handed out in place of the
 * client's ids; and whether an archiverflow id is taken by anyone asks `idsInUse`.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { idsInUse } from '../../db/tenant-scope.ts';
import { archiverCaptures, archiverflows, archiverProfileCaptures, archiverProfiles, archiverStreams } from '../../db/tables/index.ts';
import type { ArchiverflowRow, CaptureRow, ProfileCaptureRow, ProfileRow, StreamRow } from './serialize.ts';

export async function getCapture(db: DbOrTx, clientId: string, id: string): Promise<CaptureRow | undefined> {
  const [row] = await db.select().from(archiverCaptures).where(and(eq(archiverCaptures.clientId, clientId), eq(archiverCaptures.id, id)));
  return row;
}

export async function listCaptures(db: DbOrTx, clientId: string): Promise<CaptureRow[]> {
  return db.select().from(archiverCaptures).where(eq(archiverCaptures.clientId, clientId)).orderBy(asc(archiverCaptures.createdAt), asc(archiverCaptures.id));
}

export async function getProfile(db: DbOrTx, clientId: string, id: string): Promise<{ profile: ProfileRow; captures: ProfileCaptureRow[] } | undefined> {
  const [profile] = await db.select().from(archiverProfiles).where(and(eq(archiverProfiles.clientId, clientId), eq(archiverProfiles.id, id)));
  if (!profile) return undefined;
  const captures = await db
    .select()
    .from(archiverProfileCaptures)
    .where(and(eq(archiverProfileCaptures.clientId, clientId), eq(archiverProfileCaptures.profileId, id)))
    .orderBy(asc(archiverProfileCaptures.position));
  return { profile, captures };
}

export async function listProfiles(db: DbOrTx, clientId: string): Promise<{ profile: ProfileRow; captures: ProfileCaptureRow[] }[]> {
  const profiles = await db.select().from(archiverProfiles).where(eq(archiverProfiles.clientId, clientId)).orderBy(asc(archiverProfiles.createdAt), asc(archiverProfiles.id));
  const links = await db.select().from(archiverProfileCaptures).where(eq(archiverProfileCaptures.clientId, clientId)).orderBy(asc(archiverProfileCaptures.position));
  return profiles.map((profile) => ({ profile, captures: links.filter((l) => l.profileId === profile.id) }));
}

export async function listStreams(db: DbOrTx, clientId: string, id?: number) {
  return db
    .select({ stream: archiverStreams, profile: archiverProfiles })
    .from(archiverStreams)
    .leftJoin(archiverProfiles, and(eq(archiverProfiles.clientId, archiverStreams.clientId), eq(archiverProfiles.id, archiverStreams.profileId)))
    .where(and(eq(archiverStreams.clientId, clientId), id === undefined ? undefined : eq(archiverStreams.id, id)))
    .orderBy(asc(archiverStreams.id));
}

// ---- Archiverflows ----------------------------------------------------------------------------------

export async function getFlow(db: DbOrTx, clientId: string, id: string): Promise<ArchiverflowRow | undefined> {
  const [row] = await db.select().from(archiverflows).where(and(eq(archiverflows.clientId, clientId), eq(archiverflows.id, id)));
  return row;
}

/** Whether any client has an archiverflow with this id. */
export async function flowIdTaken(db: DbOrTx, id: string): Promise<boolean> {
  return (await idsInUse(db, archiverflows, [id])).size > 0;
}

export async function listFlows(db: DbOrTx, clientId: string): Promise<ArchiverflowRow[]> {
  return db.select().from(archiverflows).where(eq(archiverflows.clientId, clientId)).orderBy(archiverflows.name, archiverflows.id);
}

export async function insertFlow(db: DbOrTx, values: typeof archiverflows.$inferInsert): Promise<ArchiverflowRow> {
  const [row] = await db.insert(archiverflows).values(values).returning();
  return row!;
}

export async function updateFlow(db: DbOrTx, clientId: string, id: string, values: Partial<typeof archiverflows.$inferInsert>): Promise<ArchiverflowRow | undefined> {
  const [row] = await db
    .update(archiverflows)
    .set(values)
    .where(and(eq(archiverflows.clientId, clientId), eq(archiverflows.id, id)))
    .returning();
  return row;
}

/** Deletes an archiverflow; answers whether there was one. */
export async function deleteFlow(db: DbOrTx, clientId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(archiverflows)
    .where(and(eq(archiverflows.clientId, clientId), eq(archiverflows.id, id)))
    .returning({ id: archiverflows.id });
  return gone.length > 0;
}

// ---- Captures, profiles and streams: writes ----------------------------------------------------------

export async function insertCapture(db: DbOrTx, values: typeof archiverCaptures.$inferInsert): Promise<CaptureRow> {
  const [row] = await db.insert(archiverCaptures).values(values).returning();
  return row!;
}

export async function updateCapture(db: DbOrTx, clientId: string, id: string, values: Partial<typeof archiverCaptures.$inferInsert>): Promise<CaptureRow | undefined> {
  const [row] = await db
    .update(archiverCaptures)
    .set(values)
    .where(and(eq(archiverCaptures.clientId, clientId), eq(archiverCaptures.id, id)))
    .returning();
  return row;
}

/** Deletes a capture with its streams (its segments and profile links go by foreign key); answers it, if there was one. */
export async function deleteCapture(db: DbOrTx, clientId: string, id: string): Promise<CaptureRow | undefined> {
  await db.delete(archiverStreams).where(and(eq(archiverStreams.clientId, clientId), eq(archiverStreams.captureId, id)));
  const [row] = await db
    .delete(archiverCaptures)
    .where(and(eq(archiverCaptures.clientId, clientId), eq(archiverCaptures.id, id)))
    .returning();
  return row;
}

export async function insertProfile(db: DbOrTx, values: typeof archiverProfiles.$inferInsert): Promise<void> {
  await db.insert(archiverProfiles).values(values);
}

export async function updateProfile(db: DbOrTx, clientId: string, id: string, values: Partial<typeof archiverProfiles.$inferInsert>): Promise<ProfileRow | undefined> {
  const [row] = await db
    .update(archiverProfiles)
    .set(values)
    .where(and(eq(archiverProfiles.clientId, clientId), eq(archiverProfiles.id, id)))
    .returning();
  return row;
}

/** Deletes a profile: its captures first (the links), then its streams, then the profile. */
export async function deleteProfile(db: DbOrTx, clientId: string, id: string): Promise<void> {
  await db.delete(archiverProfileCaptures).where(and(eq(archiverProfileCaptures.clientId, clientId), eq(archiverProfileCaptures.profileId, id)));
  await db.delete(archiverStreams).where(and(eq(archiverStreams.clientId, clientId), eq(archiverStreams.profileId, id)));
  await db.delete(archiverProfiles).where(and(eq(archiverProfiles.clientId, clientId), eq(archiverProfiles.id, id)));
}

export interface ProfileCapture {
  captureId: string;
  liveRedirectUrl: string | null;
}

/**
 * Replaces a profile's capture list (in order), keeping which captures had their stream made, and
 * deletes the streams of captures it no longer names.
 */
export async function replaceProfileCaptures(db: DbOrTx, clientId: string, profileId: string, captures: readonly ProfileCapture[]): Promise<void> {
  const before = await db
    .delete(archiverProfileCaptures)
    .where(and(eq(archiverProfileCaptures.clientId, clientId), eq(archiverProfileCaptures.profileId, profileId)))
    .returning({ captureId: archiverProfileCaptures.captureId, streamMade: archiverProfileCaptures.streamMade });
  const made = new Set(before.filter((b) => b.streamMade).map((b) => b.captureId));
  if (captures.length > 0) {
    await db.insert(archiverProfileCaptures).values(
      captures.map((c, position) => ({ clientId, profileId, captureId: c.captureId, position, liveRedirectUrl: c.liveRedirectUrl, streamMade: made.has(c.captureId) })),
    );
  }
  const kept = captures.map((c) => c.captureId);
  await db
    .delete(archiverStreams)
    .where(
      and(
        eq(archiverStreams.clientId, clientId),
        eq(archiverStreams.profileId, profileId),
        kept.length > 0 ? sql`${archiverStreams.captureId} <> all(${sql.param(kept)}::text[])` : undefined,
      ),
    );
}

export async function deleteStream(db: DbOrTx, clientId: string, id: number): Promise<void> {
  await db.delete(archiverStreams).where(and(eq(archiverStreams.clientId, clientId), eq(archiverStreams.id, id)));
}

// ---- Catch-up playback ------------------------------------------------------------------------------

/** The capture a play key opens (the key is the secret, so it is looked up for no client). */
export async function captureByPlayKey(db: DbOrTx, playKey: string): Promise<CaptureRow | undefined> {
  const [row] = await db.select().from(archiverCaptures).where(eq(archiverCaptures.playKey, playKey));
  return row;
}

/** The stream a play key opens, with its capture. */
export async function streamByPlayKey(db: DbOrTx, playKey: string): Promise<{ stream: StreamRow; capture: CaptureRow } | undefined> {
  const [row] = await db
    .select({ stream: archiverStreams, capture: archiverCaptures })
    .from(archiverStreams)
    .innerJoin(archiverCaptures, and(eq(archiverCaptures.clientId, archiverStreams.clientId), eq(archiverCaptures.id, archiverStreams.captureId)))
    .where(eq(archiverStreams.playKey, playKey));
  return row;
}
