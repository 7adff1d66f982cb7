import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface EmptyStateProps {
  title: string;
  /** What the user can do about it. */
  hint?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  /** The title's element: `h1` when the empty state is the whole page. */
  titleAs?: 'h1' | 'h2' | 'p';
}

/**
 * "Nothing here yet", said in words with a hint of what to do; for lists, grids and panels.
 *
 * @example
 * <EmptyState title="No events yet" hint="Events created through the API appear here." />
 */
export function EmptyState({ title, hint, icon, action, titleAs = 'p' }: EmptyStateProps) {
  return (
    <Box
      role="status"
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 1, p: 4, height: '100%', textAlign: 'center' }}
    >
      {icon && <Box sx={{ color: 'text.secondary', '& svg': { fontSize: 40 } }}>{icon}</Box>}
      <Typography variant="h3" component={titleAs}>
        {title}
      </Typography>
      {hint && (
        <Typography variant="body2" sx={{ color: 'text.secondary', maxWidth: 480 }}>
          {hint}
        </Typography>
      )}
      {action && <Box sx={{ mt: 1 }}>{action}</Box>}
    </Box>
  );
}
