#!/usr/bin/env bash
# Regenerates the MP4 test card (see README.md beside this script): a 10-second MP4 that the
# service serves at /api/stream/files/test-card.mp4 (a reachable DIRECT_FULL_MP4 item for encoder
# compositions, in the demo and in tests), and the same clip cut into 5 MPEG-TS segments of 2 s,
# which the simulated encoder plays when a composition reaches an MP4 item. Made with the same
# tools as ../make-media.sh (Debian 12's ffmpeg and the DejaVu fonts); the service never runs ffmpeg.
#
# Usage: src/server/sim/media/card/make-card.sh        (writes into the folder this script is in)
set -euo pipefail

OUT="$(cd "$(dirname "$0")" && pwd)"
FONT_BOLD=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
FONT_MONO=/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf

SECONDS_TOTAL=10
SEGMENT=2
FPS=25
W=960
H=540

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
GRAPH="$WORK/graph.txt"
cat > "$GRAPH" <<GRAPH
pal75bars=size=${W}x${H}:rate=${FPS}:duration=${SECONDS_TOTAL}[bars];
color=c=0xff7ad9:size=${W}x12:rate=${FPS}:duration=${SECONDS_TOTAL}[sweep];
[bars][sweep]overlay=x='-w+w*t/${SECONDS_TOTAL}':y=H-12:shortest=1[src];
[src]drawbox=x=(iw-630)/2:y=(ih-255)/2:w=630:h=255:color=0x2b0f3a@0.88:t=fill,
drawbox=x=(iw-630)/2:y=(ih-255)/2:w=630:h=255:color=0xff7ad9@0.95:t=3,
drawtext=fontfile=${FONT_BOLD}:text='MP4 test card':fontsize=45:fontcolor=white:x=(w-tw)/2:y=(h-255)/2+24,
drawtext=fontfile=${FONT_MONO}:text='%{eif\:floor(t)\:d\:2}.%{eif\:mod(floor(t*10)\,10)\:d} / ${SECONDS_TOTAL}.0':fontsize=72:fontcolor=0xffd54f:x=(w-tw)/2:y=(h-255)/2+93,
drawtext=fontfile=${FONT_BOLD}:text='DIRECT_FULL_MP4':fontsize=27:fontcolor=0xff7ad9:x=(w-tw)/2:y=(h-255)/2+192,format=yuv420p[v];
sine=frequency=440:sample_rate=48000:duration=${SECONDS_TOTAL},volume=0.15[aud]
GRAPH

rm -f "$OUT"/card-*.m2t "$OUT"/test-card.mp4 "$OUT"/index.json

ffmpeg -hide_banner -loglevel warning -y \
  -filter_complex_script "$GRAPH" -map '[v]' -map '[aud]' \
  -c:v libx264 -profile:v main -level:v 3.1 -preset veryslow \
  -crf 27 -maxrate 160k -bufsize 320k -g $((FPS * SEGMENT)) -keyint_min $((FPS * SEGMENT)) -sc_threshold 0 \
  -force_key_frames "expr:gte(t,n_forced*${SEGMENT})" \
  -c:a aac -b:a 48k -ac 1 -ar 48000 -movflags +faststart "$OUT/test-card.mp4"

ffmpeg -hide_banner -loglevel warning -y -i "$OUT/test-card.mp4" -c copy -bsf:v h264_mp4toannexb \
  -f hls -hls_time ${SEGMENT} -hls_list_size 0 -hls_playlist_type vod -hls_flags independent_segments \
  -hls_segment_type mpegts -hls_segment_filename "$OUT/card-%02d.m2t" "$WORK/card.m3u8"

node --input-type=module - "$OUT" "$WORK/card.m3u8" "$W" "$H" "$FPS" <<'NODE'
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
const [out, playlist, width, height, fps] = process.argv.slice(2);
const lines = readFileSync(playlist, 'utf8').split('\n');
const segments = [];
lines.forEach((line, i) => {
  const m = /^#EXTINF:([\d.]+),/.exec(line);
  if (m) {
    const uri = lines[i + 1].trim();
    segments.push({ uri, duration: Number(m[1]), bytes: statSync(join(out, uri)).size });
  }
});
const peak = Math.max(...segments.map((s) => (s.bytes * 8) / s.duration));
const total = segments.reduce((sum, s) => sum + s.bytes, 0);
const seconds = segments.reduce((sum, s) => sum + s.duration, 0);
writeFileSync(
  join(out, 'index.json'),
  JSON.stringify(
    {
      description: 'Control Room MP4 test card: made by make-card.sh',
      width: Number(width),
      height: Number(height),
      frameRate: Number(fps),
      codecs: 'avc1.4d401f,mp4a.40.2',
      bandwidth: Math.ceil(peak / 1000) * 1000,
      averageBandwidth: Math.ceil((total * 8) / seconds / 1000) * 1000,
      mp4: { file: 'test-card.mp4', bytes: statSync(join(out, 'test-card.mp4')).size, durationMs: Math.round(seconds * 1000) },
      segments,
    },
    null,
    2,
  ) + '\n',
);
NODE

ls -l "$OUT"
