/** The streams of the playout profiles that name a capture: made once it has content, following it, uploaded once the storage has them. */
import { and, eq, lte, max, min, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database.ts';
import { archiverProfileCaptures, archiverSegments, archiverStreams } from '../../db/tables/index.ts';
import type { ArchiveStorage } from './archive-storage.ts';
import { fieldChanges, recordSystemActivity } from '../../activity/record.ts';

/** Makes and updates the streams of the profiles that name this capture; true when any changed. */
export async function keepStreams(db: Db, storage: ArchiveStorage, clientId: string, captureId: string, now: Date): Promise<boolean> {
  let changed = false;
  const [range] = await db
    .select({ start: min(archiverSegments.startTime), end: max(archiverSegments.endTime) })
    .from(archiverSegments)
    .where(and(eq(archiverSegments.clientId, clientId), eq(archiverSegments.captureId, captureId), eq(archiverSegments.state, 'completed')));
  if (range?.start && range.end) {
    changed = (await createMissingStreams(db, clientId, captureId, range.start, range.end, now)) || changed;
    const moved = await db
      .update(archiverStreams)
      .set({ startTime: range.start, endTime: range.end, updatedAt: now })
      .where(
        and(
          eq(archiverStreams.clientId, clientId),
          eq(archiverStreams.captureId, captureId),
          or(sql`${archiverStreams.startTime} <> ${range.start}`, sql`${archiverStreams.endTime} <> ${range.end}`),
        ),
      )
      .returning({ id: archiverStreams.id });
    changed ||= moved.length > 0;
  }
  const uploaded = await db
    .update(archiverStreams)
    .set({ uploaded: true, updatedAt: now })
    .where(
      and(
        eq(archiverStreams.clientId, clientId),
        eq(archiverStreams.captureId, captureId),
        eq(archiverStreams.uploaded, false),
        lte(archiverStreams.createdAt, storage.uploadedBy(now)),
      ),
    )
    .returning({ id: archiverStreams.id });
  for (const { id } of uploaded) {
    await recordSystemActivity(db, now, { clientId, system: 'archiver', operation: 'archiver.uploaded', entity: 'archiverStream', entityId: String(id), changes: fieldChanges({ uploaded: false }, { uploaded: true }) });
  }
  return changed || uploaded.length > 0;
}

/** A stream for every profile naming the capture that has none yet, over the capture's content; true when one was made. */
export async function createMissingStreams(db: DbOrTx, clientId: string, captureId: string, start: Date, end: Date, now: Date, profileId?: string): Promise<boolean> {
  const made = await db.execute(sql`
    insert into ${archiverStreams} (client_id, profile_id, capture_id, start_time, end_time, expires_at, uploaded, created_at, updated_at)
    select pc.client_id, pc.profile_id, pc.capture_id, ${start}, ${end},
      case when p.expires_in is null then null else ${now}::timestamptz + make_interval(secs => p.expires_in) end,
      false, ${now}, ${now}
    from ${archiverProfileCaptures} pc
    join archiver_profiles p on p.client_id = pc.client_id and p.id = pc.profile_id
    where pc.client_id = ${clientId} and pc.capture_id = ${captureId} and not pc.stream_made
      ${profileId ? sql`and pc.profile_id = ${profileId}` : sql``}
    on conflict (client_id, profile_id, capture_id) do nothing
    returning id`);
  const rows = (made as unknown as { rows?: unknown[] }).rows ?? [];
  await db
    .update(archiverProfileCaptures)
    .set({ streamMade: true })
    .where(
      and(
        eq(archiverProfileCaptures.clientId, clientId),
        eq(archiverProfileCaptures.captureId, captureId),
        profileId ? eq(archiverProfileCaptures.profileId, profileId) : undefined,
      ),
    );
  return rows.length > 0;
}
