import type { ReactElement } from 'react';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import { Tooltip } from './tooltip.tsx';
import Box from '@mui/material/Box';
import PauseIcon from '@mui/icons-material/Pause';
import ErrorIcon from '@mui/icons-material/ErrorOutlined';
import type { Theme } from '@mui/material/styles';
import { eventStateInfo, type StateCue } from './event-state.ts';

export interface StateChipProps {
  /** The event's `state` (number) or `stateString` (name). */
  state: number | string;
  size?: 'small' | 'medium';
}

/**
 * An event state as a chip coloured by its family: live red "on air", starting/stopping amber
 * with a spinner, upcoming blue, VOD green, instant VOD teal, errors in the error colour.
 * Filled = visible to the audience, outlined = private, waiting or at rest. The label names
 * the state in words, so colour is never the only cue.
 *
 * @example
 * <StateChip state={event.state} />
 * <StateChip state="LIVE_PUBLISHED" size="medium" />
 */
export function StateChip({ state, size = 'small' }: StateChipProps) {
  const info = eventStateInfo(state);
  const tone = info.tone;
  return (
    <Tooltip title={info.description} describeChild>
      <Chip
        size={size}
        label={info.label}
        icon={cueIcon(info.cue)}
        data-state={info.name ?? 'UNKNOWN'}
        data-tone={tone}
        variant={info.variant}
        sx={(theme: Theme) => {
          const colors = theme.palette.state[tone];
          return info.variant === 'filled'
            ? { bgcolor: colors.main, color: colors.contrastText, '& .MuiChip-icon': { color: colors.contrastText } }
            : {
                bgcolor: 'transparent',
                color: colors.text,
                borderColor: colors.text,
                '& .MuiChip-icon': { color: colors.text },
              };
        }}
      />
    </Tooltip>
  );
}

function cueIcon(cue: StateCue): ReactElement | undefined {
  switch (cue) {
    case 'on-air':
      return <OnAirDot />;
    case 'progress':
      return <CircularProgress size={12} thickness={6} color="inherit" aria-hidden sx={{ ml: '6px !important' }} />;
    case 'paused':
      return <PauseIcon aria-hidden />;
    case 'error':
      return <ErrorIcon aria-hidden />;
    default:
      return undefined;
  }
}

/** A pulsing "on air" dot; still when the user prefers reduced motion. */
function OnAirDot({ className }: { className?: string }) {
  return (
    <Box
      component="span"
      aria-hidden
      className={className}
      sx={{
        width: 8,
        height: 8,
        borderRadius: '50%',
        bgcolor: 'currentColor',
        ml: '8px !important',
        mr: '-2px !important',
        '@keyframes on-air-pulse': { '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.35 } },
        animation: 'on-air-pulse 1.6s ease-in-out infinite',
        '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
      }}
    />
  );
}
