import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface PageHeaderProps {
  title: string;
  /** A line under the title: counts, last update. Announced politely when it changes. */
  subtitle?: ReactNode;
  actions?: ReactNode;
}

/**
 * The page's one h1, with a live subtitle and actions on the right (wrapping under on narrow screens).
 *
 * @example
 * <PageHeader title="Events" subtitle="128 events" actions={<RefreshButton />} />
 */
export function PageHeader({ title, subtitle, actions }: PageHeaderProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 2, rowGap: 1, mb: 2 }}>
      <Box sx={{ flex: '1 1 auto', minWidth: 0 }}>
        <Typography variant="h1">{title}</Typography>
        <Typography component="div" variant="body2" aria-live="polite" sx={{ color: 'text.secondary', minHeight: 20 }}>
          {subtitle}
        </Typography>
      </Box>
      {/* Actions keep one line each (a label never breaks in two on a phone). */}
      {actions && <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', '& .MuiButton-root': { whiteSpace: 'nowrap' } }}>{actions}</Box>}
    </Box>
  );
}
