#!/usr/bin/env bash
# Regenerates the simulated encoder's test programme (see README.md beside this script):
# 48 s of SMPTE HD colour bars with a burnt-in title, running clock, segment counter and progress
# bars, a soft pip every second, cut into 24 MPEG-TS segments of exactly 2 s, plus a thumbnail
# and index.json (what src/server/sim/hls.ts reads). ffmpeg is a dev tool only: the service ships
# the files this writes and never runs it. Segments are named .m2t because a .ts file under src/
# would be taken for TypeScript by tsc, ESLint and Vite.
#
# Usage: src/server/sim/media/make-media.sh        (writes into the folder this script is in)
set -euo pipefail

OUT="$(cd "$(dirname "$0")" && pwd)"
FONT_BOLD=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
FONT_MONO=/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf
FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf

# 48 s: 24 segments of 2 s; 1200 video frames at 25 fps and 2250 AAC frames at 48 kHz, so the
# loop wraps on a frame boundary of both streams.
SECONDS_TOTAL=48
SEGMENT=2
FPS=25
W=960
H=540

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
GRAPH="$WORK/graph.txt"
cat > "$GRAPH" <<GRAPH
smptehdbars=size=${W}x${H}:rate=${FPS}:duration=${SECONDS_TOTAL}[bars];
color=c=white:size=${W}x6:rate=${FPS}:duration=${SECONDS_TOTAL}[segbar];
color=c=0x33aaff:size=520x10:rate=${FPS}:duration=${SECONDS_TOTAL}[loopbar];
color=c=0x2a3a4a:size=520x10:rate=${FPS}:duration=${SECONDS_TOTAL}[track];
[track][loopbar]overlay=x='-w+w*t/${SECONDS_TOTAL}':y=0:shortest=1[progress];
[bars][segbar]overlay=x='-w+w*mod(t,${SEGMENT})/${SEGMENT}':y=0:shortest=1[a];
[a]drawbox=x=(iw-560)/2:y=(ih-250)/2-40:w=560:h=250:color=0x101820@0.85:t=fill,
drawbox=x=(iw-560)/2:y=(ih-250)/2-40:w=560:h=250:color=0x33aaff@0.9:t=3,
drawtext=fontfile=${FONT_BOLD}:text='Control Room test stream':fontsize=34:fontcolor=white:x=(w-tw)/2:y=(h-250)/2-20,
drawtext=fontfile=${FONT_MONO}:text='%{eif\:floor(t/60)\:d\:2}\:%{eif\:mod(floor(t)\,60)\:d\:2}.%{eif\:mod(floor(t*10)\,10)\:d}':fontsize=76:fontcolor=0xffd54f:x=(w-tw)/2:y=(h-250)/2+32,
drawtext=fontfile=${FONT}:text='segment %{eif\:floor(t/${SEGMENT})+1\:d\:2} / $((SECONDS_TOTAL / SEGMENT))   frame %{eif\:n+1\:d\:4}':fontsize=26:fontcolor=white:x=(w-tw)/2:y=(h-250)/2+128,
drawtext=fontfile=${FONT_BOLD}:text='START OF LOOP':fontsize=22:fontcolor=0x101820:box=1:boxcolor=0xffd54f:boxborderw=6:x=(w-tw)/2:y=(h-250)/2+168:enable='lt(t,${SEGMENT})'[b];
[b][progress]overlay=x=(W-w)/2:y=(H-250)/2+198:shortest=1,format=yuv420p[v];
aevalsrc=exprs='0.2*if(lt(mod(t,1),0.12),sin(PI*mod(t,1)/0.12),0)*sin(2*PI*if(lt(t,1),1000,if(eq(mod(floor(t),${SEGMENT}),0),880,660))*t)':sample_rate=48000:duration=${SECONDS_TOTAL}[aud]
GRAPH

rm -f "$OUT"/seg-*.m2t "$OUT"/thumbnail.jpg "$OUT"/index.json

ffmpeg -hide_banner -loglevel warning -y \
  -filter_complex_script "$GRAPH" -map '[v]' -map '[aud]' \
  -c:v libx264 -profile:v main -level:v 3.1 -preset veryslow -tune animation \
  -crf 21 -maxrate 600k -bufsize 1200k -g $((FPS * SEGMENT)) -keyint_min $((FPS * SEGMENT)) -sc_threshold 0 \
  -force_key_frames "expr:gte(t,n_forced*${SEGMENT})" \
  -c:a aac -b:a 64k -ac 1 -ar 48000 \
  -f hls -hls_time ${SEGMENT} -hls_list_size 0 -hls_playlist_type vod -hls_flags independent_segments \
  -hls_segment_type mpegts -hls_segment_filename "$OUT/seg-%02d.m2t" "$WORK/programme.m3u8"

# The thumbnail: the frame at 00:05.2 (1.2 s into the third segment), at 640x360.
ffmpeg -hide_banner -loglevel error -y -i "$OUT/seg-02.m2t" -frames:v 1 -update 1 \
  -vf 'select=eq(n\,30),scale=640:360:out_range=full,format=yuvj420p' -q:v 3 "$OUT/thumbnail.jpg"

# index.json: the segment list (durations from ffmpeg's playlist, sizes from the files) and what a
# master playlist says about the variant.
node --input-type=module - "$OUT" "$WORK/programme.m3u8" "$W" "$H" "$FPS" <<'NODE'
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
const index = {
  description: 'Control Room test stream: made by make-media.sh',
  width: Number(width),
  height: Number(height),
  frameRate: Number(fps),
  // H.264 Main (4d) level 3.1 (1f), as -profile:v main -level:v 3.1 above; AAC-LC.
  codecs: 'avc1.4d401f,mp4a.40.2',
  bandwidth: Math.ceil(peak / 1000) * 1000,
  averageBandwidth: Math.ceil((total * 8) / seconds / 1000) * 1000,
  segments,
};
writeFileSync(join(out, 'index.json'), JSON.stringify(index, null, 2) + '\n');
NODE

ls -l "$OUT"
du -ch "$OUT"/seg-*.m2t | tail -1
