/** Parts of the Client properties tab: a titled section, the form's skeleton while the template loads, and how many fields a template has. */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import type { PropertyConfiguration } from '#schema';
import { SectionCard } from '../section-card.tsx';

export function Section({ id, ...card }: { id: string; title: string; description?: ReactNode; action?: ReactNode; children: ReactNode }) {
  return <SectionCard labelId={`client-properties-${id}`} {...card} />;
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
