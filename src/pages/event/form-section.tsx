import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Control } from 'react-hook-form';
import { SectionCard } from './section-card.tsx';
import type { EventFormOutput, EventFormValues, FormSectionId } from './event-form-values.ts';

export type EventFormControl = Control<EventFormValues, unknown, EventFormOutput>;

/** Spans both columns of a section's grid. */
export const fullWidth = { gridColumn: '1 / -1' } as const;

/** One group of the event form: a titled card with a two-column grid of fields (one column on phones). */
export function FormSection({ id, title, description, children }: { id: FormSectionId; title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <SectionCard id={`section-${id}`} labelId={`section-${id}-title`} title={title} description={description}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, columnGap: 2, rowGap: 2.5, mt: 0.5 }}>{children}</Box>
    </SectionCard>
  );
}

/** A small heading inside a section's grid, over a pair of fields. */
export function FieldGroupHeading({ children }: { children: ReactNode }) {
  return (
    <Typography variant="overline" component="h3" sx={{ ...fullWidth, color: 'text.secondary', lineHeight: 1.5, mb: -1, '&:not(:first-of-type)': { mt: 1 } }}>
      {children}
    </Typography>
  );
}
