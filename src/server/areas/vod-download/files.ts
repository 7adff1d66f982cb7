/**
 * The downloads' files: `GET /api/voddownload-files/{token}/{name}` serves a ready download's MP4
 * (video/mp4, byte ranges, HEAD) until it expires, then answers 410 Gone. No API key: the link is
 * mailed and opened in a browser; the token (24 random bytes) is the secret, and the file name
 * after it only names the file for the browser.
 */
import type { AppExtension } from '../../http/extension.ts';
import { sendStoredFile } from '../../http/byte-range.ts';
import { HttpError } from '../../http/errors.ts';
import { findByFileToken, storedFileOf } from './repo.ts';

const mp4 = { 'video/mp4': { schema: { type: 'string', format: 'binary' } } };
const error = { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } };

export const vodDownloadFiles: AppExtension = {
  register(app, { db, clock, services }) {
    // GET and HEAD in one route: HEAD answers the file's Content-Length without reading it.
    app.route<{ Params: { token: string; name: string } }>({ method: ['GET', 'HEAD'], url: '/api/voddownload-files/:token/:name', handler: async (request, reply) => {
      const row = await findByFileToken(db, request.params.token);
      if (!row || row.status !== 'ready') throw new HttpError(404, 'NotFound', 'There is no such file: the link is wrong, or the download was made again or deleted');
      if (row.expiresAt && row.expiresAt <= clock.now()) {
        throw new HttpError(410, 'Gone', `This download expired on ${row.expiresAt.toISOString()}: ask for it again (retry) to get a new link`);
      }
      const file = await storedFileOf(services.media.storage, row);
      if (!file) throw new HttpError(410, 'Gone', 'The file of this download is gone: ask for it again (retry) to get a new link');
      const disposition = (request.query as { download?: string }).download === '1' ? 'attachment' : 'inline';
      reply
        .type('video/mp4')
        .header('Content-Disposition', `${disposition}; filename="${row.mp4Filename.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(row.mp4Filename)}`)
        .header('Cache-Control', 'private, max-age=3600')
        .header('Last-Modified', (row.completionDate ?? row.creationDate).toUTCString());
      return sendStoredFile(request, reply, file.path, file.bytes);
    } });
  },
  routes: [
    {
      method: 'get',
      path: '/voddownload-files/{token}/{name}',
      operationId: 'vodDownload.file',
      summary: "A VOD download's MP4 (the downloadUrl)",
      description:
        'Serves the file of a ready download, with byte ranges (and HEAD), until it expires; `?download=1` asks the browser to save it. No API key: the token in the path is the secret. 404 for an unknown token, 410 once expired.',
      authenticated: false,
      responses: {
        200: { description: 'The MP4', content: mp4 },
        206: { description: 'A byte range of the MP4', content: mp4 },
        404: { description: 'No such file', content: error },
        410: { description: 'The download expired', content: error },
      },
    },
  ],
};
