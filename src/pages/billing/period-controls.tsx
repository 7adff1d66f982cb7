/** The billing period: presets, or a first and a last day (each checked as typed, committed on blur or Enter). */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { BillingResolution } from '#schema';
import { HOW } from './billing-figures.ts';
import { PERIOD_LABELS, PERIOD_PRESETS, periodDays, RESOLUTIONS, type BillingView, type Period, type PeriodPreset } from './billing-view.ts';

export interface PeriodControlsProps {
  view: BillingView;
  onChange: (patch: Partial<BillingView>) => void;
  period: Period | null;
  error: { field: 'from' | 'to'; message: string } | null;
}

export function PeriodControls({ view, onChange, period, error }: PeriodControlsProps) {
  const choosePeriod = (next: PeriodPreset | null) => {
    if (!next || next === view.period) return;
    // Custom starts from the period on screen, so the operator adjusts rather than starts over.
    if (next === 'custom' && period) onChange({ period: 'custom', ...periodDays(period) });
    else onChange({ period: next });
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2, display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2 }}>
      <Box>
        <Typography id="billing-period-label" variant="caption" component="div" sx={{ color: 'text.secondary', mb: 0.5 }}>
          Period
        </Typography>
        <ToggleButtonGroup size="small" exclusive value={view.period} onChange={(_e, v: PeriodPreset | null) => choosePeriod(v)} aria-labelledby="billing-period-label">
          {PERIOD_PRESETS.map((p) => (
            <ToggleButton key={p} value={p} sx={{ px: 1.5 }}>
              {PERIOD_LABELS[p]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      {view.period === 'custom' && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, pt: { xs: 0, sm: 2.25 }, flex: { xs: '1 1 100%', sm: '0 1 auto' }, minWidth: 0 }}>
          <DayField label="First day" value={view.from} error={error?.field === 'from' ? error.message : null} onCommit={(from) => onChange({ from })} />
          <DayField label="Last day" value={view.to} error={error?.field === 'to' ? error.message : null} onCommit={(to) => onChange({ to })} />
        </Box>
      )}
      <Box>
        <Typography id="billing-resolution-label" variant="caption" component="div" sx={{ color: 'text.secondary', mb: 0.5 }}>
          Resolution
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view.resolution}
          onChange={(_e, resolution: BillingResolution | null) => resolution && onChange({ resolution })}
          aria-labelledby="billing-resolution-label"
        >
          {RESOLUTIONS.map((r) => (
            <ToggleButton key={r} value={r} sx={{ px: 1.5 }}>
              {r}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', flex: '1 1 280px', alignSelf: 'center' }}>
        {HOW.period}
      </Typography>
    </Paper>
  );
}

/**
 * A UTC day. The browser's date field reports a value only once a whole valid day is typed or
 * picked; that value goes to the URL. A field left empty says what it needs.
 */
function DayField({ label, value, error, onCommit }: { label: string; value: string | null; error: string | null; onCommit: (day: string | null) => void }) {
  const [text, setText] = useState(value ?? '');
  // A change of the URL from elsewhere (Back, a preset) shows in the field.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(value ?? '');
  }
  return (
    <TextField
      type="date"
      size="small"
      label={`${label} (UTC)`}
      value={text}
      error={error !== null}
      helperText={error ?? ' '}
      onChange={(event) => {
        setText(event.target.value);
        onCommit(event.target.value === '' ? null : event.target.value);
      }}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ width: { xs: 'auto', sm: 180 }, flex: { xs: '1 1 150px', sm: '0 0 auto' }, minWidth: 0 }}
    />
  );
}
