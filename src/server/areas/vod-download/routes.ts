/**
 * VOD downloads (service-interface.md "VOD downloads"): all 11 operations, and the extension
 * operations (the downloads' details, the mailbox).
 *
 * - POST /voddownload/ checks the clips against their events' media (rules.ts), stores the
 *   download and queues its processing (jobs.ts); 201 with the download, processing.
 * - Reads answer 204 when nothing matches. A foreign client's download is as unknown as a missing one.
 * - GET /voddownload/retry/... makes a failed or expired download again (a new processing run,
 *   a new link and a new mail): 200 with the download, processing. 404 for an unknown download;
 *   400 naming the id while it is still processing or ready.
 * - The four deletions answer 410 Gone, also when there was nothing to delete (a foreign id must
 *   answer as an unknown one does). The purge deletes the downloads expired for longer than
 *   `Buffer` days (ready ones whose link expired, failed ones older than the expiry period).
 *   A deleted download's file goes after it (a job); the mails about it stay in the mailbox.
 */
import { endpoints } from '#schema';
import { badField, notFound } from '../../http/errors.ts';
import { implement, type Implementation, type RequestContext } from '../../http/implement.ts';
import { removeFilesKind } from './kinds.ts';
import {
  deleteDownloads,
  getDownload,
  getDownloadByContent,
  getMail,
  idsExpiredBefore,
  idsForEvent,
  listDownloads,
  listMails,
  serializeDetails,
  serializeDownload,
  serializeMail,
} from './repo.ts';
import { requestDownload, retryDownload } from './request.ts';
import { DAY_MS } from './settings.ts';

/** Links are made from the service's URL for the request (http/service-url.ts). */
const publicUrlOf = (ctx: RequestContext) => ctx.serviceUrl;

/** Deletes downloads; their files go after, in a job. */
async function remove(ctx: RequestContext, ids: readonly string[]): Promise<number> {
  const keys = await deleteDownloads(ctx.db, ctx.clock, ctx.client.clientId, ids);
  if (keys.length > 0) await removeFilesKind.enqueue(ctx.db, ctx.clock, { keys }, { clientId: ctx.client.clientId });
  return ids.length;
}

export const vodDownloadRoutes: Implementation[] = [
  implement(endpoints.vodDownload.create, async ({ body }, ctx) => ({ status: 201, body: serializeDownload(await requestDownload(ctx, body), publicUrlOf(ctx)) })),

  implement(endpoints.vodDownload.get, async ({ params }, ctx) => {
    const row = await getDownload(ctx.db, ctx.client.clientId, params.id);
    return row ? { status: 200, body: serializeDownload(row, publicUrlOf(ctx)) } : { status: 204 };
  }),

  implement(endpoints.vodDownload.getByContent, async ({ query }, ctx) => {
    const row = await getDownloadByContent(ctx.db, ctx.client.clientId, query.id);
    return row ? { status: 200, body: serializeDownload(row, publicUrlOf(ctx)) } : { status: 204 };
  }),

  implement(endpoints.vodDownload.list, async (_input, ctx) => {
    const rows = await listDownloads(ctx.db, ctx.client.clientId);
    return rows.length > 0 ? { status: 200, body: rows.map((r) => serializeDownload(r, publicUrlOf(ctx))) } : { status: 204 };
  }),

  implement(endpoints.vodDownload.listForEvent, async ({ params }, ctx) => {
    const rows = await listDownloads(ctx.db, ctx.client.clientId, params.eventId);
    return rows.length > 0 ? { status: 200, body: rows.map((r) => serializeDownload(r, publicUrlOf(ctx))) } : { status: 204 };
  }),

  implement(
    endpoints.vodDownload.retry,
    async ({ params }, ctx) => {
      const row = await getDownload(ctx.db, ctx.client.clientId, params.id, { lock: true });
      return { status: 200, body: serializeDownload(await retryDownload(ctx, row, 'params.id'), publicUrlOf(ctx)) };
    },
    { transaction: true },
  ),

  implement(
    endpoints.vodDownload.retryByContent,
    async ({ query }, ctx) => {
      const row = await getDownloadByContent(ctx.db, ctx.client.clientId, query.id, { lock: true });
      return { status: 200, body: serializeDownload(await retryDownload(ctx, row, 'query.id'), publicUrlOf(ctx)) };
    },
    { transaction: true },
  ),

  implement(endpoints.vodDownload.purgeExpired, async ({ query }, ctx) => {
    if (query.Buffer < 0) throw badField('query.Buffer', 'Buffer is a number of days added to the expiry period: 0 or more');
    const { expiryDays } = ctx.downloads;
    const cutoff = new Date(ctx.clock.now().getTime() - query.Buffer * DAY_MS);
    const ids = await idsExpiredBefore(ctx.db, ctx.client.clientId, cutoff, expiryDays * DAY_MS);
    const deleted = await remove(ctx, ids);
    ctx.log.info({ deleted, buffer: query.Buffer }, 'purged expired VOD downloads');
    return { status: 410 };
  }),

  implement(endpoints.vodDownload.delete, async ({ params }, ctx) => {
    await remove(ctx, [params.id].filter((id) => /^[0-9a-f-]{36}$/i.test(id)));
    return { status: 410 };
  }),

  implement(endpoints.vodDownload.deleteByContent, async ({ query }, ctx) => {
    const row = await getDownloadByContent(ctx.db, ctx.client.clientId, query.id);
    if (row) await remove(ctx, [row.id]);
    return { status: 410 };
  }),

  implement(endpoints.vodDownload.deleteForEvent, async ({ params }, ctx) => {
    await remove(ctx, await idsForEvent(ctx.db, ctx.client.clientId, params.eventid));
    return { status: 410 };
  }),

  implement(endpoints.vodDownload.details, async ({ query }, ctx) => {
    const rows = await listDownloads(ctx.db, ctx.client.clientId, query.eventId);
    const now = ctx.clock.now();
    return { status: 200, body: rows.map((r) => serializeDetails(r, publicUrlOf(ctx), now)) };
  }),

  implement(endpoints.vodDownload.mailbox, async (_input, ctx) => {
    if (ctx.mailer.kind !== 'mailbox') throw notFound('This service sends its mail through an SMTP server (SMTP_URL) and keeps no mailbox');
    return { status: 200, body: (await listMails(ctx.db, ctx.client.clientId)).map(serializeMail) };
  }),

  implement(endpoints.vodDownload.mail, async ({ params }, ctx) => {
    const row = await getMail(ctx.db, ctx.client.clientId, params.id);
    return row ? { status: 200, body: serializeMail(row) } : { status: 204 };
  }),
];
