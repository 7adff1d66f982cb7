/** A publication's history as a timeline: each change of state in words, when, what caused it and why. */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { PublicationHistoryEntry } from '#schema';
import { formatDateTime, parseServiceDate } from '#components/format-time.ts';
import { publicationStateLabel } from './targets.tsx';

/** A date in one line, or a dash. */
export function when(value: string | null | undefined): string {
  const date = parseServiceDate(value);
  return date ? formatDateTime(date) : '—';
}

export function Timeline({ entries }: { entries: PublicationHistoryEntry[] }) {
  return (
    <Box component="ol" aria-label="State changes" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {entries.map((e, i) => {
        const failed = e.toState >= 4;
        return (
          <Box component="li" key={i} sx={{ display: 'flex', gap: 1.5, pb: 1.5, position: 'relative' }}>
            <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
              <Box sx={{ width: 12, height: 12, borderRadius: '50%', mt: 0.5, bgcolor: failed ? 'error.main' : i === entries.length - 1 ? 'primary.main' : 'grey.500' }} />
              {i < entries.length - 1 && <Box sx={{ flex: 1, width: 2, bgcolor: 'divider', mt: 0.5 }} />}
            </Box>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600, color: failed ? 'error.main' : 'text.primary' }}>
                {e.fromStateString ? `${publicationStateLabel(e.fromStateString)} → ${publicationStateLabel(e.toStateString)}` : `Created: ${publicationStateLabel(e.toStateString)}`}
              </Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {when(e.at)} · {e.cause === 'request' ? 'by a request' : e.cause === 'target' ? 'by the target' : e.cause === 'event' ? 'by the event' : 'by the service'}
              </Typography>
              {e.reason && (
                <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                  {e.reason}
                </Typography>
              )}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
