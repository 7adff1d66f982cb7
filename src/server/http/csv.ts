/**
 * CSV answers (the exports of the events list, the publication monitor and a delivery log):
 * streamed, never built in memory. A handler answers `csvAnswer(filename, header, rows)`, where
 * `rows` is an async iterable the answer pulls from as the client reads, a page of the list's own
 * query at a time (`pages`): a 100k-row export holds one page at once, whatever its size, and a
 * client that goes away stops the reading. register.ts sends it as text/csv with a
 * Content-Disposition naming the file, compressed on the fly when the client accepts it.
 *
 * The text is RFC 4180 (CRLF, fields with a comma, quote or line break quoted, quotes doubled),
 * UTF-8 with a byte order mark, so spreadsheet programs read accents right. A text field that
 * starts like a formula (=, +, -, @) gets a leading apostrophe, so a spreadsheet shows it rather
 * than runs it (OWASP "CSV injection"); dates are ISO 8601 in UTC.
 */
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { chooseEncoding, markEncoded } from './compression.ts';

export type CsvValue = string | number | boolean | Date | null | undefined;

export class CsvAnswer {
  constructor(
    readonly filename: string,
    readonly header: readonly string[],
    readonly rows: AsyncIterable<readonly CsvValue[]>,
  ) {}
}

/**
 * The body of a CSV answer; typed as the record's `z.string()`. The first row is read before the
 * answer starts, so a query that fails (a filter the database refuses) is still an error answer
 * with its status, not a file cut short after a 200.
 */
export async function csvAnswer(filename: string, header: readonly string[], rows: AsyncIterable<readonly CsvValue[]>): Promise<string> {
  const iterator = rows[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* all(): AsyncGenerator<readonly CsvValue[]> {
    if (first.done) return;
    yield first.value;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return new CsvAnswer(filename, header, all()) as unknown as string;
}

const FORMULA = /^[=+\-@\t\r]/;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== 'string') return String(value);
  const text = FORMULA.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/** How many rows one page of an export reads. */
export const EXPORT_PAGE_SIZE = 1000;

/**
 * Every row of a paged query, one page at a time: `page(offset, limit)` is the list's own query
 * (its filters and order); the reading stops at the first short page.
 */
export async function* pages<T>(page: (offset: number, limit: number) => Promise<readonly T[]>, pageSize = EXPORT_PAGE_SIZE): AsyncGenerator<T> {
  for (let offset = 0; ; offset += pageSize) {
    const rows = await page(offset, pageSize);
    yield* rows;
    if (rows.length < pageSize) return;
  }
}

/** Each row of `rows` as `map` makes it, as they come. */
export async function* mapRows<T, U>(rows: AsyncIterable<T>, map: (row: T) => U): AsyncGenerator<U> {
  for await (const row of rows) yield map(row);
}

/** The bytes of an answer: the mark, the header, then a chunk per page of rows as they come. */
export function csvStream(answer: CsvAnswer): Readable {
  async function* text(): AsyncGenerator<string> {
    yield `\uFEFF${csvLine(answer.header)}`;
    let chunk = '';
    for await (const row of answer.rows) {
      chunk += csvLine(row);
      if (chunk.length >= 64 * 1024) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }
  return Readable.from(text(), { objectMode: false, highWaterMark: 64 * 1024 });
}

/** Sends a CSV answer: text/csv, a file name, and brotli or gzip on the fly when the client takes it. */
export function sendCsv(request: FastifyRequest, reply: FastifyReply, answer: CsvAnswer): FastifyReply {
  const ascii = answer.filename.replace(/[^\w.-]+/g, '-');
  reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(answer.filename)}`)
    .header('Cache-Control', 'no-store');
  const body = csvStream(answer);
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(body);
  markEncoded(reply, encoding);
  const compressor = encoding === 'br' ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }) : zlib.createGzip({ level: 6 });
  body.on('error', (error) => compressor.destroy(error));
  return reply.send(body.pipe(compressor));
}
