/** The SCTE-35 markers of an item on a small timeline, with a legend. */
import Box from '@mui/material/Box';
import { Tooltip } from '#components/tooltip.tsx';
import Typography from '@mui/material/Typography';
import { MarkerType, type Marker } from '#schema';
import { formatClock, parseTimeSpan, parseTimecode } from './timecode.ts';

const MARKER_COLOURS = { [MarkerType.values.INSERTION]: 'info.main', [MarkerType.values.REPLACEMENT]: 'warning.main' } as Record<number, string>;

/** The item as a bar from its in point to its out point, each marker a block where it plays. */
export function MarkerTimeline({ markers, lengthMs }: { markers: readonly Marker[]; lengthMs: number | null }) {
  const span = lengthMs && lengthMs > 0 ? lengthMs : Math.max(60_000, ...markers.map((m) => (parseTimecode(m.startAt) ?? 0) + (parseTimeSpan(m.duration) ?? 0)));
  return (
    <Box>
      <Box
        role="img"
        aria-label={`Timeline of the item, ${formatClock(span)} long, with ${markers.length} ${markers.length === 1 ? 'marker' : 'markers'}`}
        data-testid="marker-timeline"
        sx={{ position: 'relative', height: 28, borderRadius: 1, bgcolor: 'action.hover', border: 1, borderColor: 'divider', overflow: 'hidden' }}
      >
        {markers.map((marker, index) => {
          const at = parseTimecode(marker.startAt);
          const duration = parseTimeSpan(marker.duration) ?? 0;
          if (at === null) return null;
          const left = Math.min(100, (at / span) * 100);
          const width = Math.max(0.8, Math.min(100 - left, (duration / span) * 100));
          return (
            <Tooltip key={index} title={`Marker ${index + 1}: ${MarkerType.nameOf(marker.type) === 'REPLACEMENT' ? 'replacement' : 'insertion'} at ${marker.startAt} for ${marker.duration}`}>
              <Box
                data-marker-index={index}
                sx={{ position: 'absolute', top: 3, bottom: 3, left: `${left}%`, width: `${width}%`, borderRadius: 0.5, bgcolor: MARKER_COLOURS[marker.type] ?? 'info.main', opacity: 0.85 }}
              />
            </Tooltip>
          );
        })}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 0.25 }}>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          0:00
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          <Box component="span" sx={{ display: 'inline-block', width: 8, height: 8, borderRadius: '2px', bgcolor: 'info.main', mr: 0.5 }} />
          Insertion
          <Box component="span" sx={{ display: 'inline-block', width: 8, height: 8, borderRadius: '2px', bgcolor: 'warning.main', ml: 1.5, mr: 0.5 }} />
          Replacement
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {lengthMs ? formatClock(lengthMs) : 'length unknown'}
        </Typography>
      </Box>
    </Box>
  );
}
