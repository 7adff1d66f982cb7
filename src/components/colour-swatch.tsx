import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { HexColour } from '#schema';

export interface ColourSwatchProps {
  /** A `#rrggbb` colour; anything else (the interface leaves eventTypeColour's type open) draws no swatch. */
  colour: unknown;
  /** The text beside the swatch, e.g. the event type name. */
  label: string | null | undefined;
  empty?: string;
}

/**
 * A small colour square before a name: event types in lists and pickers. The square has a
 * border so white and black stay visible on both schemes; the name carries the meaning.
 *
 * @example
 * <ColourSwatch colour={event.eventTypeColour} label={event.eventType} />
 */
export function ColourSwatch({ colour, label, empty = '—' }: ColourSwatchProps) {
  const parsed = HexColour.safeParse(colour);
  if (!label) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {empty}
      </Typography>
    );
  }
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
      {parsed.success && (
        <Box
          aria-hidden
          sx={{ width: 12, height: 12, flex: '0 0 auto', borderRadius: '3px', bgcolor: parsed.data, border: 1, borderColor: 'divider' }}
        />
      )}
      <Typography variant="body2" noWrap>
        {label}
      </Typography>
    </Box>
  );
}
