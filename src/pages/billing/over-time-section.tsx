/** The "over time" section of the billing page: its granularity and unit controls, and what it says before it is loaded, while loading, or when there is nothing. */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import BarChartIcon from '@mui/icons-material/BarChart';
import EventBusyIcon from '@mui/icons-material/EventBusyOutlined';
import TableRowsIcon from '@mui/icons-material/TableRowsOutlined';
import { EmptyState } from '#components/empty-state.tsx';
import { HOW } from './billing-figures.ts';
import type { BillingView } from './billing-view.ts';

export interface OverTimeSectionProps {
  view: BillingView;
  onChange: (patch: Partial<BillingView>) => void;
  started: boolean;
  empty: boolean;
  loaded: number;
  expected: number;
  unitText: string;
  children: ReactNode;
}

export function OverTime({ view, onChange, started, empty, loaded, expected, unitText, children }: OverTimeSectionProps) {
  const complete = loaded === expected;
  return (
    <Box component="section" aria-labelledby="billing-over-time" sx={{ mb: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1.5 }}>
        <Typography id="billing-over-time" variant="h2" sx={{ flex: 1, minWidth: 0 }}>
          Over the period, by {unitText}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view.display}
          onChange={(_e, display: BillingView['display'] | null) => display && onChange({ display })}
          aria-label="Show as"
        >
          <ToggleButton value="charts" aria-label="Charts">
            <BarChartIcon fontSize="small" sx={{ mr: 0.5 }} />
            Charts
          </ToggleButton>
          <ToggleButton value="table" aria-label="Table">
            <TableRowsIcon fontSize="small" sx={{ mr: 0.5 }} />
            Table
          </ToggleButton>
        </ToggleButtonGroup>
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        {HOW.buckets}
      </Typography>
      {!started ? (
        <Paper variant="outlined">
          <EmptyState icon={<EventBusyIcon />} title="This period has not started yet" hint="Figures appear here as the period goes by." />
        </Paper>
      ) : empty ? (
        <Paper variant="outlined">
          <EmptyState
            icon={<EventBusyIcon />}
            title="Nothing was used in this period"
            hint="No event was live, no asset was created and nothing was delivered. Choose another period to see its figures."
            action={
              view.period !== 'last-month' ? (
                <Button variant="outlined" size="small" onClick={() => onChange({ period: 'last-month' })}>
                  Show last month
                </Button>
              ) : undefined
            }
          />
        </Paper>
      ) : !complete ? (
        <Paper variant="outlined" sx={{ p: 3 }} role="status">
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
            Loading {loaded} of {expected} {expected === 1 ? unitText : `${unitText}s`}…
          </Typography>
          <LinearProgress variant="determinate" value={expected === 0 ? 100 : (loaded / expected) * 100} aria-label="Loading the figures over time" />
        </Paper>
      ) : (
        children
      )}
    </Box>
  );
}
