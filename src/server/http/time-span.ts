/** The interface's TimeSpan on the wire (event durations, the video structure's positions). */

/**
 * A duration the way the original (.NET) service writes a TimeSpan: `hh:mm:ss`, with a leading
 * `d.` once it reaches a day. Negative spans (an end before its start) read as zero.
 */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86_400);
  const h = Math.floor((total % 86_400) / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${days > 0 ? `${days}.` : ''}${pad(h)}:${pad(m)}:${pad(s)}`;
}
