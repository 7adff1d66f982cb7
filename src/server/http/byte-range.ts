/**
 * The one reading of an HTTP `Range` header (RFC 9110 §14): a single `bytes=a-b`, `bytes=a-` or
 * `bytes=-n`. Used by every route that serves a file (the simulated publishing point's MP4s, asset
 * storage, VOD download files). Anything else (several ranges, other units) is served whole.
 */
import { createReadStream } from 'node:fs';
import type { FastifyReply } from 'fastify';

export type ByteRange = { start: number; end: number; partial: boolean } | 'unsatisfiable';

export function byteRange(header: string | undefined, size: number): ByteRange {
  const whole = { start: 0, end: size - 1, partial: false };
  if (typeof header !== 'string') return whole;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return whole;
  const start = m[1] === '' ? Math.max(0, size - Number(m[2])) : Number(m[1]);
  const end = m[1] === '' || m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  return start >= size || end < start ? 'unsatisfiable' : { start, end, partial: true };
}

/** Sends bytes held in memory, honouring one byte range (206, or 416 when it cannot be met). */
export function sendBytes(request: { headers: { range?: string } }, reply: FastifyReply, bytes: Buffer): FastifyReply {
  reply.header('Accept-Ranges', 'bytes');
  const range = byteRange(request.headers.range, bytes.length);
  if (range === 'unsatisfiable') return reply.code(416).header('Content-Range', `bytes */${bytes.length}`).send();
  if (!range.partial) return reply.send(bytes);
  return reply.code(206).header('Content-Range', `bytes ${range.start}-${range.end}/${bytes.length}`).send(bytes.subarray(range.start, range.end + 1));
}

/**
 * Sends a stored file (sim/storage.ts) of `size` bytes, honouring one byte range (206, or 416
 * when it cannot be met); HEAD gets the headers only. The file is streamed, never read whole.
 */
export function sendStoredFile(request: { method: string; headers: { range?: string } }, reply: FastifyReply, path: string, size: number): FastifyReply {
  reply.header('Accept-Ranges', 'bytes');
  const range = byteRange(request.headers.range, size);
  if (range === 'unsatisfiable') return reply.code(416).header('Content-Range', `bytes */${size}`).send();
  const { start, end } = range;
  if (range.partial) reply.code(206).header('Content-Range', `bytes ${start}-${end}/${size}`);
  reply.header('Content-Length', String(end - start + 1));
  if (request.method === 'HEAD' || size === 0) return reply.send();
  return reply.send(createReadStream(path, { start, end }));
}

/**
 * Validators for a file that may be asked for again (thumbnails, asset files): an ETag and
 * Last-Modified on the answer, and 304 Not Modified when the browser's copy is still the file
 * (If-None-Match, else If-Modified-Since; RFC 9110 §13). Answers true when the 304 was sent.
 */
export function answerIfFresh(
  request: { headers: { 'if-none-match'?: string; 'if-modified-since'?: string } },
  reply: FastifyReply,
  etag: string,
  modified: Date,
): boolean {
  reply.header('ETag', etag).header('Last-Modified', modified.toUTCString());
  const match = request.headers['if-none-match'];
  const since = request.headers['if-modified-since'];
  const weak = (tag: string) => tag.trim().replace(/^W\//, '');
  const fresh =
    match !== undefined
      ? match.split(',').some((tag) => tag.trim() === '*' || weak(tag) === weak(etag))
      : since !== undefined && !Number.isNaN(Date.parse(since)) && Math.floor(modified.getTime() / 1000) <= Math.floor(Date.parse(since) / 1000);
  if (fresh) reply.code(304).send();
  return fresh;
}
