/**
 * Queries of VOD downloads. Every one filters by the client (tenancy); the file route alone finds
 * a download by its unguessable file token. A download changes through `updateDownload` only.
 */
import { and, desc, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Mail, VodDownload, VodDownloadDetails } from '#schema';
import type { DbOrTx } from '../../db/database.ts';
import type { Clock } from '../../jobs/clock.ts';
import { recordChange, recordChanges } from '../../changes/record-entity.ts';
import { mails, vodDownloads } from '../../db/tables/downloads.ts';
import type { FileStorage, StoredFile } from '../media/index.ts';
import { cancelByKey } from '../../jobs/queue.ts';
import { mediaProgress } from '../media/index.ts';
import { urlFileName } from './rules.ts';

export type DownloadRow = typeof vodDownloads.$inferSelect;
export type MailRow = typeof mails.$inferSelect;

export const EXPIRE_JOB_KEY = (id: string) => `vodDownload.expire:${id}`;

/** The path of a download's file on this service (under /api, no key needed: the token is the secret). */
export function filePath(row: Pick<DownloadRow, 'fileToken' | 'mp4Filename'>): string | null {
  return row.fileToken ? `/api/voddownload-files/${row.fileToken}/${urlFileName(row.mp4Filename)}` : null;
}

export function downloadUrlOf(row: Pick<DownloadRow, 'fileToken' | 'mp4Filename'>, publicUrl: string | undefined): string | null {
  const path = filePath(row);
  return path && `${(publicUrl ?? '').replace(/\/+$/, '')}${path}`;
}

export function serializeDownload(row: DownloadRow, publicUrl: string | undefined): VodDownload {
  return {
    id: row.id,
    contentId: row.contentId,
    eventId: row.eventId,
    downloadPath: `${String(row.task.parameters && (row.task.parameters as { output_folder?: string }).output_folder)}${row.mp4Filename}`,
    emailAddress: row.emailAddress,
    creationDate: row.creationDate.toISOString(),
    completionDate: row.completionDate?.toISOString() ?? null,
    failureDate: row.failureDate?.toISOString() ?? null,
    downloadUrl: row.status === 'ready' ? downloadUrlOf(row, publicUrl) : null,
    downloadTaskJson: JSON.stringify(row.task),
    emailLanguage: row.emailLanguage,
  };
}

export function stateOf(row: DownloadRow, now: Date): VodDownloadDetails['state'] {
  if (row.status === 'ready' && row.expiresAt && row.expiresAt <= now) return 'expired';
  return row.status;
}

export function serializeDetails(row: DownloadRow, publicUrl: string | undefined, now: Date): VodDownloadDetails {
  return {
    ...serializeDownload(row, publicUrl),
    state: stateOf(row, now),
    progress: mediaProgress(row.status === 'processing', row.progress, row.etaSeconds),
    failureReason: row.failureReason,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    mp4Filename: row.mp4Filename,
    fileBytes: row.fileBytes,
    durationMs: row.durationMs,
    frameAccurate: row.frameAccurate,
    clips: row.clips.map((c) => ({
      eventId: c.eventId,
      title: c.title,
      start: c.start,
      end: c.end,
      filter: c.filter,
      isMasterClip: c.isMasterClip,
      fromMs: c.fromMs,
      toMs: c.toMs,
    })),
    mail: {
      status: row.mailStatus,
      attempts: row.mailAttempts,
      error: row.mailError,
      sentAt: row.mailSentAt?.toISOString() ?? null,
      nextAttemptAt: row.mailNextAttemptAt?.toISOString() ?? null,
    },
  };
}

export function serializeMail(row: MailRow): Mail {
  return {
    id: row.id,
    downloadId: row.downloadId,
    from: row.fromAddress,
    to: row.toAddress,
    subject: row.subject,
    text: row.text,
    html: row.html,
    language: row.language,
    sentAt: row.sentAt.toISOString(),
  };
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function getDownload(db: DbOrTx, clientId: string, id: string, options: { lock?: boolean } = {}): Promise<DownloadRow | undefined> {
  if (!GUID.test(id)) return undefined;
  const query = db
    .select()
    .from(vodDownloads)
    .where(and(eq(vodDownloads.clientId, clientId), eq(vodDownloads.id, id)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function getDownloadByContent(db: DbOrTx, clientId: string, contentId: string, options: { lock?: boolean } = {}): Promise<DownloadRow | undefined> {
  const query = db
    .select()
    .from(vodDownloads)
    .where(and(eq(vodDownloads.clientId, clientId), eq(vodDownloads.contentId, contentId)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** Newest first; with an event, those with a clip of it (the master's or another). */
export async function listDownloads(db: DbOrTx, clientId: string, eventId?: string): Promise<DownloadRow[]> {
  const where = [eq(vodDownloads.clientId, clientId)];
  if (eventId) {
    if (!GUID.test(eventId)) return [];
    where.push(or(eq(vodDownloads.eventId, eventId), sql`${eventId}::uuid = any(${vodDownloads.eventIds})`)!);
  }
  return db
    .select()
    .from(vodDownloads)
    .where(and(...where))
    .orderBy(desc(vodDownloads.creationDate), desc(vodDownloads.id));
}

export async function contentIdTaken(db: DbOrTx, clientId: string, contentId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: vodDownloads.id })
    .from(vodDownloads)
    .where(and(eq(vodDownloads.clientId, clientId), eq(vodDownloads.contentId, contentId)));
  return row !== undefined;
}

/** Deletes downloads with their pending expiry; the mails about them stay, unlinked. Answers the keys of their files. */
export async function deleteDownloads(db: DbOrTx, clock: Clock, clientId: string, ids: readonly string[]): Promise<string[]> {
  const keys: string[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    await db.update(mails).set({ downloadId: null }).where(and(eq(mails.clientId, clientId), inArray(mails.downloadId, chunk)));
    const rows = await db
      .delete(vodDownloads)
      .where(and(eq(vodDownloads.clientId, clientId), inArray(vodDownloads.id, chunk)))
      .returning({ id: vodDownloads.id, fileKey: vodDownloads.fileKey });
    for (const row of rows) {
      await cancelByKey(db, EXPIRE_JOB_KEY(row.id));
      if (row.fileKey) keys.push(row.fileKey);
    }
    await recordChanges(db, clock, clientId, rows.map((row) => ({ kind: 'download' as const, id: row.id, action: 'Deleted' as const })));
  }
  return keys;
}

export type NewDownload = typeof vodDownloads.$inferInsert;

export async function insertDownload(db: DbOrTx, clock: Clock, values: NewDownload): Promise<DownloadRow> {
  const [row] = await db.insert(vodDownloads).values(values).returning();
  await recordDownloadChange(db, clock, row!, 'Added');
  return row!;
}

/**
 * Writes a download's columns (every change of a download goes through here, and goes on the
 * change feed); with `run`, only while it is still that run (its generation) and, with `status`,
 * in that status. Answers the row as written, or undefined when nothing was.
 */
export async function updateDownload(
  db: DbOrTx,
  clock: Clock,
  clientId: string,
  id: string,
  values: Partial<NewDownload>,
  only: { generation?: number; status?: DownloadRow['status'] } = {},
): Promise<DownloadRow | undefined> {
  const [row] = await db
    .update(vodDownloads)
    .set(values)
    .where(
      and(
        eq(vodDownloads.clientId, clientId),
        eq(vodDownloads.id, id),
        ...(only.generation !== undefined ? [eq(vodDownloads.generation, only.generation)] : []),
        ...(only.status !== undefined ? [eq(vodDownloads.status, only.status)] : []),
      ),
    )
    .returning();
  if (row) await recordDownloadChange(db, clock, row, 'Updated');
  return row;
}

/** A download on the change feed, with where its making stands while it is processing. */
function recordDownloadChange(db: DbOrTx, clock: Clock, row: DownloadRow, action: 'Added' | 'Updated'): Promise<void> {
  const progress = row.status === 'processing' ? { percent: row.progress, etaSeconds: row.etaSeconds } : undefined;
  return recordChange(db, clock, row.clientId, { kind: 'download', id: row.id, eventId: row.eventId, action, ...(progress ? { progress } : {}) });
}

/** Ids of the downloads of an event (any clip of it), expired or not. */
export async function idsForEvent(db: DbOrTx, clientId: string, eventId: string): Promise<string[]> {
  return (await listDownloads(db, clientId, eventId)).map((r) => r.id);
}

/**
 * Ids of downloads expired before `cutoff`: ready ones whose link expired then, and failed ones
 * that failed `expiryMs` before it (a failure has no link; it is kept as long as a link would be).
 */
export async function idsExpiredBefore(db: DbOrTx, clientId: string, cutoff: Date, expiryMs: number): Promise<string[]> {
  const failedBefore = new Date(cutoff.getTime() - expiryMs);
  const rows = await db
    .select({ id: vodDownloads.id })
    .from(vodDownloads)
    .where(
      and(
        eq(vodDownloads.clientId, clientId),
        or(
          and(eq(vodDownloads.status, 'ready'), isNotNull(vodDownloads.expiresAt), lt(vodDownloads.expiresAt, cutoff)),
          and(eq(vodDownloads.status, 'failed'), isNotNull(vodDownloads.failureDate), lt(vodDownloads.failureDate, failedBefore)),
        ),
      ),
    );
  return rows.map((r) => r.id);
}

export async function findByFileToken(db: DbOrTx, token: string): Promise<DownloadRow | undefined> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return undefined;
  const [row] = await db.select().from(vodDownloads).where(eq(vodDownloads.fileToken, token));
  return row;
}

/** Storage key of a download's MP4, one per generation (a retry never serves an older file). */
export function fileKeyOf(downloadId: string, generation: number): string {
  return `voddownloads/${downloadId}/${generation}.mp4`;
}

/** The stored MP4 of a download, or undefined when there is none (never made, expired, deleted). */
export async function storedFileOf(storage: FileStorage, row: Pick<DownloadRow, 'fileKey'>): Promise<(StoredFile & { path: string }) | undefined> {
  if (!row.fileKey) return undefined;
  const info = await storage.stat(row.fileKey);
  return info ? { ...info, path: storage.pathOf(row.fileKey) } : undefined;
}

/** Removes stored MP4s of downloads (outside I/O: a job's, after the write that let them go). */
export async function deleteFiles(storage: FileStorage, keys: readonly string[]): Promise<void> {
  for (const key of keys) await storage.delete(key);
}

export async function listMails(db: DbOrTx, clientId: string): Promise<MailRow[]> {
  return db.select().from(mails).where(eq(mails.clientId, clientId)).orderBy(desc(mails.sentAt), desc(mails.id)).limit(200);
}

export async function getMail(db: DbOrTx, clientId: string, id: string): Promise<MailRow | undefined> {
  if (!GUID.test(id)) return undefined;
  const [row] = await db
    .select()
    .from(mails)
    .where(and(eq(mails.clientId, clientId), eq(mails.id, id)));
  return row;
}
