/**
 * Audio-only segments for the `audioOnly` option of an event's stream: the same MPEG-TS segment
 * without its video. The packets of video elementary streams are dropped and the program map
 * table (PMT) is rewritten to list the audio streams only, so a player sees an audio-only
 * programme (hls.js plays it in a <video> element as sound). Nothing is re-encoded: timestamps
 * and audio packets are the original ones.
 *
 * MPEG-TS (ISO/IEC 13818-1): 188-byte packets; PID 0 carries the PAT, which names the PMT's PID;
 * the PMT lists each elementary stream (stream_type, PID). The PMT's PCR_PID named the video
 * stream, whose packets carried the clock references; it becomes 0x1FFF ("no PCR"), as players
 * of HLS audio time everything from the PES timestamps.
 */

const PACKET = 188;
const SYNC = 0x47;

/** Stream types that are audio: MPEG-1/2 audio, AAC (ADTS, LATM), AC-3, E-AC-3. */
const AUDIO_STREAM_TYPES = new Set([0x03, 0x04, 0x0f, 0x11, 0x81, 0x87]);

/** CRC-32/MPEG-2 (polynomial 0x04C11DB7, initial 0xFFFFFFFF, no reflection, no final XOR), as PSI sections use. */
export function crc32Mpeg2(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte << 24;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1;
  }
  return crc >>> 0;
}

const pidOf = (packet: Buffer) => ((packet[1]! & 0x1f) << 8) | packet[2]!;
const payloadStart = (packet: Buffer) => (packet[1]! & 0x40) !== 0;

/** Offset of the payload in a packet (after the adaptation field), or -1 when it has none. */
function payloadOffset(packet: Buffer): number {
  const control = (packet[3]! >> 4) & 0x3;
  if (control === 0x1) return 4;
  if (control === 0x3) return 5 + packet[4]!;
  return -1;
}

/** The section of a PSI packet that starts one (pointer_field skipped), or undefined. */
function sectionOf(packet: Buffer): { start: number; length: number } | undefined {
  if (!payloadStart(packet)) return undefined;
  const offset = payloadOffset(packet);
  if (offset < 0 || offset >= PACKET) return undefined;
  const start = offset + 1 + packet[offset]!;
  if (start + 3 > PACKET) return undefined;
  const length = ((packet[start + 1]! & 0x0f) << 8) | packet[start + 2]!;
  if (start + 3 + length > PACKET) return undefined;
  return { start, length: 3 + length };
}

/** The PMT PIDs the PAT names. */
function pmtPids(packet: Buffer): Set<number> {
  const pids = new Set<number>();
  const section = sectionOf(packet);
  if (!section || packet[section.start] !== 0x00) return pids;
  // Programs after the 8-byte header, before the 4-byte CRC: program_number(16) reserved(3) PID(13).
  for (let i = section.start + 8; i + 4 <= section.start + section.length - 4; i += 4) {
    const program = (packet[i]! << 8) | packet[i + 1]!;
    if (program !== 0) pids.add(((packet[i + 2]! & 0x1f) << 8) | packet[i + 3]!);
  }
  return pids;
}

interface PmtRewrite {
  packet: Buffer;
  dropped: Set<number>;
}

/** The PMT packet with the non-audio streams removed, and the PIDs it removed. */
function rewritePmt(packet: Buffer): PmtRewrite | undefined {
  const section = sectionOf(packet);
  if (!section || packet[section.start] !== 0x02) return undefined;
  const s = section.start;
  const end = s + section.length - 4;
  const programInfoLength = ((packet[s + 10]! & 0x0f) << 8) | packet[s + 11]!;
  const header = packet.subarray(s, s + 12 + programInfoLength);
  const kept: Buffer[] = [];
  const dropped = new Set<number>();
  let firstAudio: number | undefined;
  for (let i = s + 12 + programInfoLength; i + 5 <= end; ) {
    const type = packet[i]!;
    const pid = ((packet[i + 1]! & 0x1f) << 8) | packet[i + 2]!;
    const infoLength = ((packet[i + 3]! & 0x0f) << 8) | packet[i + 4]!;
    const entry = packet.subarray(i, i + 5 + infoLength);
    if (AUDIO_STREAM_TYPES.has(type)) {
      kept.push(entry);
      firstAudio ??= pid;
    } else dropped.add(pid);
    i += 5 + infoLength;
  }
  if (firstAudio === undefined) return undefined;
  const body = Buffer.concat([Buffer.from(header), ...kept]);
  // section_length counts what follows it, the CRC included.
  const sectionLength = body.length - 3 + 4;
  body[1] = (body[1]! & 0xf0) | ((sectionLength >> 8) & 0x0f);
  body[2] = sectionLength & 0xff;
  // PCR_PID: none (0x1FFF), keeping the reserved bits.
  body[8] = (body[8]! & 0xe0) | 0x1f;
  body[9] = 0xff;
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32Mpeg2(body));
  const out = Buffer.alloc(PACKET, 0xff);
  packet.copy(out, 0, 0, s);
  Buffer.concat([body, crc]).copy(out, s);
  return { packet: out, dropped };
}

/**
 * The segment without its video. A segment that is not MPEG-TS, or has no audio, comes back
 * unchanged (better a picture than silence and an error).
 */
export function audioOnlySegment(ts: Buffer): Buffer {
  if (ts.length % PACKET !== 0 || ts[0] !== SYNC) return ts;
  let pmts = new Set<number>();
  const dropped = new Set<number>();
  const out: Buffer[] = [];
  for (let offset = 0; offset < ts.length; offset += PACKET) {
    const packet = ts.subarray(offset, offset + PACKET);
    if (packet[0] !== SYNC) return ts;
    const pid = pidOf(packet);
    if (pid === 0) {
      pmts = pmtPids(packet);
      out.push(packet);
    } else if (pmts.has(pid)) {
      const rewritten = rewritePmt(packet);
      if (!rewritten) return ts;
      for (const d of rewritten.dropped) dropped.add(d);
      out.push(rewritten.packet);
    } else if (!dropped.has(pid)) {
      out.push(packet);
    }
  }
  return dropped.size > 0 ? Buffer.concat(out) : ts;
}
