/**
 * VOD downloads (service-interface.md "VOD downloads"): all 11 operations. Reads answer 204 when
 * nothing matches; deletions answer 410 Gone, which is success. Beyond the interface (`extension`):
 * the downloads with their state, progress and mail, and the mailbox the service keeps when it
 * sends no mail through SMTP.
 */
import { z } from 'zod';
import { defineArea } from '../define.ts';
import { recordOperations } from '../record-operations.ts';
import { ErrorBodySchema, Guid, IdParams } from '../common.ts';
import {
  MailSchema,
  VodDownloadBody,
  VodDownloadContentQuery,
  VodDownloadDetailsQuery,
  VodDownloadDetailsSchema,
  VodDownloadPurgeQuery,
  VodDownloadSchema,
} from '../models/vod-download.ts';

const downloads = recordOperations({ kind: 'vodDownload', path: '/voddownload/', role: 'operator', schema: VodDownloadSchema });

export const vodDownload = defineArea('vodDownload', {
  create: downloads.create('Request a download of clips', {
    description:
      'The clips are stitched into one MP4 whose link is e-mailed. Answers 201 with the download. Without mp4Filename, the file is named after the master clip event.',
    body: VodDownloadBody,
    responses: { 201: VodDownloadSchema },
  }),
  get: downloads.get('Get a download', { responses: { 200: VodDownloadSchema, 204: null } }),
  getByContent: {
    method: 'GET',
    path: '/voddownload/contentid',
    summary: 'Get a download by content id',
    query: VodDownloadContentQuery,
    responses: { 200: VodDownloadSchema, 204: null },
  },
  list: downloads.list('List downloads', { description: '204 when there are none.', responses: { 200: z.array(VodDownloadSchema), 204: null } }),
  listForEvent: {
    method: 'GET',
    path: '/voddownload/event/{eventId}',
    summary: 'List the downloads of an event',
    description: '204 when there are none.',
    params: z.object({ eventId: Guid }),
    responses: { 200: z.array(VodDownloadSchema), 204: null },
  },
  /** @legacy A GET that writes: restarts the processing of a download. */
  retry: {
    method: 'GET',
    role: 'operator',
    resource: { kind: 'vodDownload', id: 'params.id' },
    path: '/voddownload/retry/{id}',
    summary: 'Retry a download',
    description: 'Answers the download, queued again.',
    params: IdParams,
    responses: { 200: VodDownloadSchema },
    invalidates: ['vodDownload'],
  },
  /** @legacy A GET that writes: restarts the processing of a download. */
  retryByContent: {
    method: 'GET',
    role: 'operator',
    resource: { kind: 'vodDownload' },
    path: '/voddownload/retry/contentid',
    summary: 'Retry a download by content id',
    description: 'Answers the download, queued again.',
    query: VodDownloadContentQuery,
    responses: { 200: VodDownloadSchema },
    invalidates: ['vodDownload'],
  },
  /** @legacy The query parameter is capitalised: `Buffer`. */
  purgeExpired: {
    method: 'DELETE',
    role: 'operator',
    resource: { kind: 'vodDownload' },
    path: '/voddownload/',
    summary: 'Delete expired downloads',
    description: 'Buffer adds days to the configured expiry period. Answers 410 Gone.',
    query: VodDownloadPurgeQuery,
    responses: { 410: null },
  },
  delete: downloads.delete('Delete a download', { description: 'Answers 410 Gone.', responses: { 410: null } }),
  deleteByContent: {
    method: 'DELETE',
    role: 'operator',
    resource: { kind: 'vodDownload' },
    path: '/voddownload/contentid',
    summary: 'Delete a download by content id',
    description: 'Answers 410 Gone.',
    query: VodDownloadContentQuery,
    responses: { 410: null },
  },
  /** @legacy The parameter is spelled `{eventid}` here, `{eventId}` on the GET of the same path. */
  deleteForEvent: {
    method: 'DELETE',
    role: 'operator',
    resource: { kind: 'vodDownload' },
    path: '/voddownload/event/{eventid}',
    summary: 'Delete all downloads of an event',
    description: 'Removes every download of the event, not only expired ones. Answers 410 Gone.',
    params: z.object({ eventid: Guid }),
    responses: { 410: null },
  },
  details: {
    method: 'GET',
    path: '/voddownload/details/',
    summary: 'Downloads with their state, progress and mail',
    description:
      'Every download (newest first), or those with a clip of `eventId`, with what the interface does not carry: state (processing, ready, failed, expired), progress, the reason of a failure, the expiry, the clips and whether the mail went out. An empty array when there are none.',
    query: VodDownloadDetailsQuery,
    responses: { 200: z.array(VodDownloadDetailsSchema) },
    extension: true,
  },
  mailbox: {
    method: 'GET',
    path: '/mailbox/',
    summary: "The service's mailbox",
    description:
      'The mails the service sent (newest first, at most 200), when it keeps them itself (SMTP_URL unset). 404 when mail goes through an SMTP server: then the mails are in the recipients\' mailboxes.',
    responses: { 200: z.array(MailSchema), 404: ErrorBodySchema },
    extension: true,
  },
  mail: {
    method: 'GET',
    path: '/mailbox/{id}',
    summary: 'One mail of the mailbox',
    description: '204 when there is no such mail.',
    params: IdParams,
    responses: { 200: MailSchema, 204: null },
    extension: true,
  },
});
