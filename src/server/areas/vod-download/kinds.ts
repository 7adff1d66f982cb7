/**
 * The kinds of the VOD downloads' background work (jobs.ts gives them their handlers):
 * - `vodDownload.process` {clientId, downloadId, generation}: cuts and stitches the clips (in the
 *   media lane: beside the job rounds, at most MEDIA_CONCURRENCY at once);
 * - `vodDownload.mail` {clientId, downloadId, generation}: sends the mail with the link;
 * - `vodDownload.expire` {clientId, downloadId, generation}: at the expiry, removes the stored file;
 * - `vodDownload.removeFiles` {keys}: the files a deletion or a retry let go, once committed.
 */
import { z } from 'zod';
import { jobKind } from '../../jobs/define.ts';

export const PROCESS_JOB = 'vodDownload.process';
export const MAIL_JOB = 'vodDownload.mail';
export const EXPIRE_JOB = 'vodDownload.expire';
/** Tries of the processing before the download is marked failed. */
export const PROCESS_ATTEMPTS = 3;

export const RunPayload = z.object({ clientId: z.guid(), downloadId: z.guid(), generation: z.number().int() });
export type RunPayload = z.infer<typeof RunPayload>;

export const processKind = jobKind(PROCESS_JOB, RunPayload);
export const mailKind = jobKind(MAIL_JOB, RunPayload);
export const expireKind = jobKind(EXPIRE_JOB, RunPayload);
export const removeFilesKind = jobKind('vodDownload.removeFiles', z.object({ keys: z.array(z.string()) }));
