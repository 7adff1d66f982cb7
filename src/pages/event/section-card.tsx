/** One titled section of an event tab: an outlined card with a heading (naming the section), a line saying what it holds, an optional action beside them, then its content. */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

export interface SectionCardProps {
  /** The heading's id, which names the section. */
  labelId: string;
  /** The section's own id (a target to scroll to). */
  id?: string;
  title: string;
  description?: ReactNode;
  /** Beside the heading, at the end (a picker, a button). */
  action?: ReactNode;
  children: ReactNode;
}

export function SectionCard({ labelId, id, title, description, action, children }: SectionCardProps) {
  return (
    <Paper component="section" id={id} variant="outlined" aria-labelledby={labelId} sx={{ p: { xs: 2, sm: 3 }, scrollMarginTop: 16 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Box sx={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Typography variant="h2" id={labelId}>
            {title}
          </Typography>
          {description && (
            <Typography component="div" variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
              {description}
            </Typography>
          )}
        </Box>
        {action}
      </Box>
      {children}
    </Paper>
  );
}
