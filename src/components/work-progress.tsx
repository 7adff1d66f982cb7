/**
 * How far a generation has got (an MP4, an asset): a bar with the percentage and the time left,
 * from the service's `progress` (MediaProgress: ffmpeg's own progress, with the time left at the pace so far). Before the first figure,
 * or without one, the bar runs without a value.
 */
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { MediaProgress } from '#schema';

/** "about 2 min left", "about 40 s left", "less than 5 s left". */
export function timeLeftWords(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 5) return 'less than 5 s left';
  if (seconds < 90) return `about ${Math.round(seconds / 5) * 5} s left`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return `about ${minutes} min left`;
  return `about ${Math.round(minutes / 6) / 10} h left`;
}

export function WorkProgressBar({ progress, label, sx }: { progress: MediaProgress | null | undefined; label: string; sx?: object }) {
  const percent = progress?.percent ?? 0;
  const known = percent > 0;
  return (
    <Box sx={{ width: '100%', ...sx }}>
      <LinearProgress variant={known ? 'determinate' : 'indeterminate'} value={percent} aria-label={label} />
      {known && (
        <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', mt: 0.5 }} data-progress={percent}>
          {percent} %{progress?.etaSeconds != null ? ` · ${timeLeftWords(progress.etaSeconds * 1000)}` : ''}
        </Typography>
      )}
    </Box>
  );
}
