/**
 * Compression of the service's answers: brotli or gzip, as the request's Accept-Encoding prefers,
 * for text answers (JSON, HTML, JavaScript, CSS, SVG) of 1 KB and more. The dashboard's static
 * files are compressed at build time and served precompressed (dashboard.ts); answers of the
 * response cache keep their compressed forms (response-cache.ts) so a hit does not compress again.
 *
 * Brotli at quality 4 and gzip at level 6: for answers made per request the time matters as much
 * as the ratio (quality 11 is for build-time files). Compression runs on libuv's thread pool
 * (the async zlib calls), not on the event loop.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export const MIN_COMPRESS_BYTES = 1024;
const COMPRESSIBLE = /^(application\/(json|javascript|[\w.+-]*\+json|xml)|text\/|image\/svg\+xml)/i;

/** The encoding to answer with, from Accept-Encoding (brotli first at equal weight); undefined for none. */
export function chooseEncoding(header: string | string[] | undefined): Encoding | undefined {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  if (!text) return undefined;
  let best: Encoding | undefined;
  let bestQ = 0;
  for (const part of text.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!(q > 0)) continue;
    const encoding: Encoding | undefined = name === 'br' ? 'br' : name === 'gzip' || name === 'x-gzip' ? 'gzip' : name === '*' ? 'br' : undefined;
    if (!encoding) continue;
    if (q > bestQ || (q === bestQ && encoding === 'br')) {
      best = encoding;
      bestQ = q;
    }
  }
  return best;
}

export function compress(data: string | Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(data) } })
    : gzip(data, { level: 6 });
}

function addVary(reply: FastifyReply): void {
  const vary = reply.getHeader('Vary');
  const text = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
  if (!/accept-encoding/i.test(text)) reply.header('Vary', text ? `${text}, Accept-Encoding` : 'Accept-Encoding');
}

/** Marks an answer as compressed with `encoding` (the payload is already compressed). */
export function markEncoded(reply: FastifyReply, encoding: Encoding): void {
  reply.header('Content-Encoding', encoding);
  addVary(reply);
}

/** Compresses string and Buffer answers on their way out (streams, such as static files and the change feed, are left alone). */
export function installCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (request.method === 'HEAD' || reply.getHeader('Content-Encoding') !== undefined) return payload;
    if (Buffer.byteLength(payload) < MIN_COMPRESS_BYTES) return payload;
    const type = String(reply.getHeader('Content-Type') ?? '');
    if (!COMPRESSIBLE.test(type)) return payload;
    addVary(reply);
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const compressed = await compress(payload, encoding);
    reply.header('Content-Encoding', encoding);
    reply.removeHeader('Content-Length');
    return compressed;
  });
}
