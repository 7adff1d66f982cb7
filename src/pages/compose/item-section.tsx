/** The item details' titled sections, and how typed timecodes are checked and stored. */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/AddRounded';
import { isIsoDateTime, normalizeTimecode, parseTimecode } from './timecode.ts';

export const checkTimecode = (text: string) =>
  text.trim() === '' || parseTimecode(text) !== null || isIsoDateTime(text) ? undefined : 'Use hh:mm:ss.fff (or mm:ss, or seconds).';

/** What a typed trim point or marker start is stored as: the service's form when it reads, the text as typed otherwise (validation then says so). */
export function timecodeValue(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return normalizeTimecode(trimmed) ?? trimmed;
}

/** A titled part of the details; `add` puts an "Add …" button beside the title. */
export function Section({ title, children, add }: { title: string; children: ReactNode; add?: { label: string; onClick: () => void } }) {
  return (
    <Box component="section" aria-label={title} sx={{ mt: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle2" component="h3" sx={{ flex: 1 }}>
          {title}
        </Typography>
        {add && (
          <Button size="small" startIcon={<AddIcon />} onClick={add.onClick}>
            {add.label}
          </Button>
        )}
      </Box>
      {children}
    </Box>
  );
}
