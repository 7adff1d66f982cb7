/**
 * Checking the MP4 of a DIRECT_FULL_MP4 item before an encoder composition accepts it: the URL
 * must answer, with the start of an MP4 file. Behind an adapter (`services.mediaProbe`, built in services.ts), so
 * tests and integrators can replace how the outside world is reached; the default asks over HTTP.
 *
 * The HTTP probe sends one GET for the first 64 KB (`Range: bytes=0-65535`; servers without range
 * support answer 200 and the rest of the body is not read) through the outbound module (address
 * policy, no redirects, a short time-out: 3 s); the service's own media URLs are read from storage. It accepts 200 and 206 whose body starts with an ISO BMFF `ftyp` box,
 * and reads the duration from the `mvhd` box when the file has its index first ("faststart"),
 * which the simulated encoder uses to time the item.
 */
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { AddressPolicy, Resolver } from '../../outbound/address-policy.ts';
import { outboundRequest, UNIFORM_FAILURE } from '../../outbound/request.ts';
import { CARD_DIR } from '../../sim/hls.ts';
import { FILES_PREFIX, TEST_CARD_FILE } from '../../sim/stream-routes.ts';
import { SERVICE_ORIGIN } from '../../http/service-url.ts';

export type ProbeResult = { ok: true; durationMs: number | null } | { ok: false; reason: string };

export interface MediaProbe {
  probe(url: string): Promise<ProbeResult>;
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

export interface HttpMediaProbeOptions {
  /** The whole exchange; a failure of any kind answers after exactly this long. Default 3 s. */
  timeoutMs?: number;
  /** Default: OUTBOUND_ALLOW_PRIVATE (outbound/settings.ts). */
  policy?: AddressPolicy;
  resolve?: Resolver;
}

/**
 * The service's own media file a URL names, when it names one: a URL on this service is stored with
 * the placeholder origin (http/service-url.ts), and its media files (/api/stream/files/...) are
 * read from storage, never fetched over HTTP (a probe of the service by itself would pass the
 * address policy's back door, and costs a request).
 */
function ownMediaFile(url: string): string | undefined | null {
  if (!url.startsWith(`${SERVICE_ORIGIN}/`)) return undefined;
  const path = new URL(url.slice(SERVICE_ORIGIN.length), 'http://service').pathname;
  if (!path.startsWith(`${FILES_PREFIX}/`)) return null;
  const name = decodeURIComponent(path.slice(FILES_PREFIX.length + 1));
  // The only file the simulated publishing point serves; anything else there is "not found".
  return name === TEST_CARD_FILE ? join(CARD_DIR, TEST_CARD_FILE) : null;
}

async function readHead(file: string): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(PROBE_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, PROBE_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Probes through the outbound module (outbound/request.ts): the address policy, no redirects, a
 * time and size limit. Every failure but a malformed URL answers the same words after the same
 * time (the time-out), so the probe cannot be used to tell a refused address from a closed port
 * or an open one (a port scan of the service's network).
 */
export class HttpMediaProbe implements MediaProbe {
  private readonly timeoutMs: number;
  constructor(private readonly options: HttpMediaProbeOptions = {}) {
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

    const own = ownMediaFile(url);
    if (own !== undefined) {
      const head = own === null ? { isMp4: false, durationMs: null } : readMp4Head(await readHead(own));
      return head.isMp4 ? { ok: true, durationMs: head.durationMs } : { ok: false, reason: 'is not one of the service\'s media files' };
    }

    const started = performance.now();
    const result = await outboundRequest({
      url,
      method: 'GET',
      headers: { Range: `bytes=0-${PROBE_BYTES - 1}`, Accept: 'video/mp4,*/*;q=0.5' },
      policy: this.options.policy ?? { allowPrivate: false },
      ...(this.options.resolve ? { resolve: this.options.resolve } : {}),
      timeoutMs: this.timeoutMs,
      maxBytes: PROBE_BYTES,
    });
    if (result.ok && (result.status === 200 || result.status === 206)) {
      const type = String(result.headers['content-type'] ?? '').toLowerCase();
      const head = /^(text\/|application\/(json|xml))/.test(type) ? undefined : readMp4Head(result.body);
      if (head?.isMp4) return { ok: true, durationMs: head.durationMs };
    }
    if (result.ok === false && result.kind === 'invalid-url') return { ok: false, reason: result.message };
    // One answer, after one time, whatever went wrong.
    const wait = this.timeoutMs - (performance.now() - started);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    return { ok: false, reason: UNIFORM_FAILURE };
  }
}
