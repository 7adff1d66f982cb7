/**
 * An event's picture for the dashboard's lists (beyond the interface):
 *
 *   GET|HEAD /api/thumbnails/event/<event id>
 *
 * - the event's own thumbnail when it has one: a data URI's image, or a redirect to its http(s) URL
 *   (fetched by the browser, never by the service);
 * - else the frame the service took of its MP4 (the `thumbnail` SYSTEM asset);
 * - else 404, which the list shows as a placeholder.
 *
 * No API key, as the storage's files (`<img>` sends none; the path holds an unguessable event id).
 * Cached: `Cache-Control` lets the browser keep it for five minutes and use it while it checks
 * again for a day, and an ETag (the asset and its file, or the event's modification) answers a
 * check with 304. A 404 is kept a minute, so a list of events without pictures asks once.
 */
import { stat } from 'node:fs/promises';
import { and, eq, isNull } from 'drizzle-orm';
import { AssetState, isGuid } from '#schema';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { assets, events } from '../../db/tables/index.ts';
import { answerIfFresh, sendBytes, sendStoredFile } from '../../http/byte-range.ts';
import type { ExtensionRoute } from '../../http/openapi.ts';
import type { MediaServices } from '../media/index.ts';

export const THUMBNAIL_PREFIX = '/api/thumbnails/event';

const CACHE = 'public, max-age=300, stale-while-revalidate=86400';

export const THUMBNAIL_ROUTES: readonly ExtensionRoute[] = [
  {
    method: 'get',
    path: '/thumbnails/event/{id}',
    operationId: 'thumbnail.event',
    summary: 'An event’s picture, for lists',
    description:
      'The event’s thumbnail (a data URI’s image, or a 302 to its URL), else the frame taken of its MP4, else 404. No API key. Cache-Control and an ETag (304 on If-None-Match).',
    authenticated: false,
    responses: {
      200: { description: 'The image', content: { 'image/jpeg': { schema: { type: 'string', format: 'binary' } } } },
      302: { description: 'The event’s thumbnail is at another address' },
      304: { description: 'The copy the browser has is current' },
      404: { description: 'The event has no picture' },
    },
  },
];

const DATA_URI = /^data:(image\/[a-z0-9.+-]+);base64,(.*)$/is;

export function registerThumbnailRoute(scope: FastifyInstance, db: Db, media: MediaServices): void {
  scope.route<{ Params: { id: string } }>({
    method: ['GET', 'HEAD'],
    url: `${THUMBNAIL_PREFIX}/:id`,
    handler: async (request, reply) => {
      const missing = () => reply.code(404).header('Cache-Control', 'public, max-age=60').send();
      const { id } = request.params;
      if (!isGuid(id)) return missing();
      // The service's own read, by id (no client to bind it to): the event, and its MP4's frame of the same client.
      const [row] = await db
        .select({ thumbnail: events.thumbnail, modified: events.dateModified, assetId: assets.id, path: assets.path })
        .from(events)
        .leftJoin(assets, and(eq(assets.eventId, events.id), eq(assets.clientId, events.clientId), eq(assets.role, 'thumbnail'), eq(assets.state, AssetState.values.COMPLETED)))
        .where(and(eq(events.id, id), isNull(events.dateDeleted)))
        .limit(1);
      if (!row) return missing();
      reply.header('Cache-Control', CACHE);
      if (row.thumbnail) {
        if (/^https?:\/\//i.test(row.thumbnail)) return reply.redirect(row.thumbnail, 302);
        const data = DATA_URI.exec(row.thumbnail);
        if (!data) return missing();
        const modified = row.modified;
        if (answerIfFresh(request, reply, `"e-${id}-${modified.getTime()}"`, modified)) return reply;
        return sendBytes(request, reply.type(data[1]!), Buffer.from(data[2]!, 'base64'));
      }
      if (!row.path || !row.assetId) return missing();
      const file = media.storage.pathOf(row.path);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return missing();
      if (answerIfFresh(request, reply, `"a-${row.assetId}-${info.size}-${info.mtimeMs}"`, info.mtime)) return reply;
      return sendStoredFile(request, reply.type(/\.png$/i.test(file) ? 'image/png' : 'image/jpeg'), file, info.size);
    },
  });
}
