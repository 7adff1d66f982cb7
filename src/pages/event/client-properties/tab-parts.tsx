/** Parts of the Client properties tab: a titled section, the form's skeleton while the template loads, and how many fields a template has. */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { PropertyConfiguration } from '#schema';

export function Section({ id, title, description, action, children }: { id: string; title: string; description?: ReactNode; action?: ReactNode; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={`client-properties-${id}`} sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Box sx={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Typography variant="h2" id={`client-properties-${id}`}>
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

export function FormSkeleton() {
  return (
    <Box aria-busy="true" aria-label="Loading the client properties" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} variant="rounded" height={56} />
      ))}
    </Box>
  );
}

export const countFields = (template: PropertyConfiguration): number | undefined => {
  try {
    const parsed = JSON.parse(template.configurationJson) as { configuration?: unknown };
    return Array.isArray(parsed.configuration) ? parsed.configuration.length : undefined;
  } catch {
    return undefined;
  }
};
