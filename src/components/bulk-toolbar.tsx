/**
 * The bar above a list while rows are selected (the events list, the publication monitor, a
 * webhook's delivery log): how many are selected, the list's bulk actions, and Clear selection;
 * and the progress of a run, shown in its confirmation.
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

export function BulkToolbar({ count, onClearSelection, children }: { count: number; onClearSelection: () => void; children: ReactNode }) {
  if (count === 0) return null;
  return (
    <Paper
      variant="outlined"
      role="toolbar"
      aria-label="Bulk actions"
      sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, px: 1.5, py: 0.75, mb: 1, bgcolor: 'action.selected', borderColor: 'primary.main' }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600, mr: 1 }} aria-live="polite">
        {count} selected
      </Typography>
      {children}
      <Box sx={{ flex: 1 }} />
      <Button size="small" onClick={onClearSelection}>
        Clear selection
      </Button>
    </Paper>
  );
}

/** "3 of 8 done…" under a bar, while a bulk run goes. */
export function BulkProgress({ done, total }: { done: number; total: number }) {
  return (
    <Box sx={{ mt: 2 }} role="status">
      <LinearProgress variant="determinate" value={(done / Math.max(1, total)) * 100} aria-label="Progress" />
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {done} of {total} done…
      </Typography>
    </Box>
  );
}
