/**
 * Checking the MP4 of a DIRECT_FULL_MP4 item before an encoder composition accepts it: the URL
 * must answer, with the start of an MP4 file. Behind an adapter (`services.mediaProbe`), so tests
 * and integrators can replace how the outside world is reached; the default asks over HTTP.
 *
 * The HTTP probe sends one GET for the first 64 KB (`Range: bytes=0-65535`; servers without range
 * support answer 200 and the rest of the body is not read), follows redirects, and gives up after
 * a short time-out (3 s). It accepts 200 and 206 whose body starts with an ISO BMFF `ftyp` box,
 * and reads the duration from the `mvhd` box when the file has its index first ("faststart"),
 * which the simulated encoder uses to time the item.
 */
import type { AppServices } from '../../services.ts';

export type ProbeResult = { ok: true; durationMs: number | null } | { ok: false; reason: string };

export interface MediaProbe {
  probe(url: string): Promise<ProbeResult>;
}

declare module '../../services.ts' {
  interface AppServices {
    /** How encoder compositions check DIRECT_FULL_MP4 URLs (areas/compose/media-probe.ts); default HttpMediaProbe. */
    mediaProbe?: MediaProbe;
  }
}

export const PROBE_BYTES = 65_536;
export const DEFAULT_PROBE_TIMEOUT_MS = 3_000;

interface Box {
  type: string;
  start: number;
  size: number;
  header: number;
}

function boxes(bytes: Uint8Array, from: number, to: number): Box[] {
  const out: Box[] = [];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = from;
  while (at + 8 <= to) {
    let size = view.getUint32(at);
    const type = String.fromCharCode(bytes[at + 4]!, bytes[at + 5]!, bytes[at + 6]!, bytes[at + 7]!);
    let header = 8;
    if (size === 1) {
      if (at + 16 > to) break;
      size = Number(view.getBigUint64(at + 8));
      header = 16;
    } else if (size === 0) size = to - at;
    if (size < header) break;
    out.push({ type, start: at, size, header });
    at += size;
  }
  return out;
}

/** Whether the bytes start like an MP4, and its duration from moov/mvhd when present in them. */
export function readMp4Head(bytes: Uint8Array): { isMp4: boolean; durationMs: number | null } {
  const top = boxes(bytes, 0, bytes.length);
  if (top[0]?.type !== 'ftyp') return { isMp4: false, durationMs: null };
  const moov = top.find((b) => b.type === 'moov');
  if (!moov) return { isMp4: true, durationMs: null };
  const end = Math.min(bytes.length, moov.start + moov.size);
  const mvhd = boxes(bytes, moov.start + moov.header, end).find((b) => b.type === 'mvhd');
  if (!mvhd) return { isMp4: true, durationMs: null };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = mvhd.start + mvhd.header;
  const version = bytes[at];
  let timescale: number;
  let duration: number;
  if (version === 1) {
    if (at + 32 > end) return { isMp4: true, durationMs: null };
    timescale = view.getUint32(at + 20);
    duration = Number(view.getBigUint64(at + 24));
  } else {
    if (at + 20 > end) return { isMp4: true, durationMs: null };
    timescale = view.getUint32(at + 12);
    duration = view.getUint32(at + 16);
  }
  if (!timescale || !Number.isFinite(duration) || duration <= 0 || duration === 0xffffffff) return { isMp4: true, durationMs: null };
  return { isMp4: true, durationMs: Math.round((duration / timescale) * 1000) };
}

async function readUpTo(response: Response, limit: number): Promise<Uint8Array> {
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    while (total < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      total += value.length;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  const out = new Uint8Array(Math.min(total, limit));
  let at = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, out.length - at);
    out.set(part, at);
    at += part.length;
    if (at >= out.length) break;
  }
  return out;
}

function describeFailure(error: unknown, timeoutMs: number): string {
  const e = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return `did not answer within ${timeoutMs / 1000} s`;
  const code = e?.cause?.code;
  if (code === 'ECONNREFUSED') return 'refused the connection (nothing listens there)';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'names a host that cannot be found';
  return `could not be reached (${code ?? e?.cause?.message ?? e?.message ?? 'network error'})`;
}

export class HttpMediaProbe implements MediaProbe {
  private readonly timeoutMs: number;
  constructor(options: { timeoutMs?: number } = {}) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS;
  }

  async probe(url: string): Promise<ProbeResult> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return { ok: false, reason: 'is not a URL' };
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return { ok: false, reason: 'must be an http(s) URL' };
    try {
      const response = await fetch(parsed, {
        headers: { Range: `bytes=0-${PROBE_BYTES - 1}`, Accept: 'video/mp4,*/*;q=0.5' },
        redirect: 'follow',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (response.status !== 200 && response.status !== 206) {
        await response.body?.cancel().catch(() => undefined);
        return { ok: false, reason: `answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}, not the file` };
      }
      const type = (response.headers.get('content-type') ?? '').toLowerCase();
      if (/^(text\/|application\/(json|xml))/.test(type)) {
        await response.body?.cancel().catch(() => undefined);
        return { ok: false, reason: `answered ${type.split(';')[0]}, not an MP4 file` };
      }
      const head = readMp4Head(await readUpTo(response, PROBE_BYTES));
      if (!head.isMp4) return { ok: false, reason: 'answered, but not with an MP4 file (it does not start with an ftyp box)' };
      return { ok: true, durationMs: head.durationMs };
    } catch (error) {
      return { ok: false, reason: describeFailure(error, this.timeoutMs) };
    }
  }
}

const defaultProbe = new HttpMediaProbe();

export function mediaProbeOf(services: AppServices): MediaProbe {
  return services.mediaProbe ?? defaultProbe;
}
