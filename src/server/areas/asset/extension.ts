/**
 * The simulated storage's public side: the files of assets at the URLs the Asset's `url` names
 * when the event's xflow points storageUrlPublic at this service (the demo's do:
 * `<service>/api/storage/public/<tier>/`), like a CDN in front of a bucket.
 *
 *   GET|HEAD /api/storage/public/<any prefix>/<event id>/<path...>
 *
 * The key is the path from the event id on (whatever prefix the xflow's URL has), so one route
 * serves every xflow's URLs. No API key, as for the publishing point: `<img>` and `<video>` load
 * these without credentials, and the paths hold an unguessable event id. Content type by
 * extension, `Accept-Ranges: bytes` and 206 answers for ranges (players seek in MP4s), 416 for a
 * range beyond the file, CORS `*`.
 *
 * Also here: an event's picture for the lists (thumbnail-route.ts).
 */
import { isGuid } from '#schema';
import { stat } from 'node:fs/promises';
import { answerIfFresh, sendStoredFile } from '../../http/byte-range.ts';
import type { AppExtension } from '../../http/extension.ts';
import type { ExtensionRoute } from '../../http/openapi.ts';
import { notFound, sendError } from '../../http/errors.ts';
import { registerThumbnailRoute, THUMBNAIL_ROUTES } from './thumbnail-route.ts';

export const STORAGE_PREFIX = '/api/storage/public';

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  m4a: 'audio/mp4',
  ts: 'video/mp2t',
  m3u8: 'application/vnd.apple.mpegurl',
  vtt: 'text/vtt',
  json: 'application/json',
  txt: 'text/plain; charset=utf-8',
  xml: 'application/xml',
};

export function contentTypeOf(path: string): string {
  const ext = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  return TYPES[ext] ?? 'application/octet-stream';
}

/** The storage key of a public URL's path after the prefix: from the event id on. */
export function keyOfPublicPath(rest: string): string | null {
  const parts = rest.split('/').map((p) => {
    try {
      return decodeURIComponent(p);
    } catch {
      return '';
    }
  });
  const at = parts.findIndex((p) => isGuid(p));
  if (at < 0 || at === parts.length - 1) return null;
  return parts.slice(at).join('/');
}

const ROUTES: readonly ExtensionRoute[] = [
  {
    method: 'get',
    path: '/storage/public/{path}',
    operationId: 'storage.file',
    summary: 'A file of the simulated storage (asset URLs)',
    description:
      'The file an Asset’s url names when the event’s xflow points storageUrlPublic at this service: any prefix, then `<event id>/<path>`. No API key (a CDN’s URL). HEAD and byte ranges (206, 416) too.',
    authenticated: false,
    responses: {
      200: { description: 'The file, with its content type', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } },
      206: { description: 'The range asked for', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } },
      404: { description: 'No such file' },
    },
  },
];

export const mediaExtension: AppExtension = {
  async register(app, { db, services }) {
    const media = services.media;
    await app.register(async (scope) => {
      scope.addHook('onSend', async (_request, reply) => {
        reply.header('Access-Control-Allow-Origin', '*');
      });
      scope.route<{ Params: { '*': string } }>({
        method: ['GET', 'HEAD'],
        url: `${STORAGE_PREFIX}/*`,
        handler: async (request, reply) => {
          const key = keyOfPublicPath(request.params['*']);
          let file: string | null = null;
          try {
            file = key ? media.storage.pathOf(key) : null;
          } catch {
            file = null;
          }
          const info = file ? await stat(file).catch(() => null) : null;
          if (!file || !info?.isFile()) return sendError(request, reply, notFound(`There is no file ${request.params['*']}`));
          reply.type(contentTypeOf(file)).header('Cache-Control', 'public, max-age=60');
          if (answerIfFresh(request, reply, `"${info.size}-${info.mtimeMs}"`, info.mtime)) return reply;
          return sendStoredFile(request, reply, file, info.size);
        },
      });
      registerThumbnailRoute(scope, db, media);
    });
  },
  routes: [...ROUTES, ...THUMBNAIL_ROUTES],
};
