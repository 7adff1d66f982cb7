import type { ElementType, ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * Out of sight, still read by screen readers (a 1 px clipped box). In `sx`, write the sizes in
 * px: MUI reads `width: 1` as 100%.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  p: 0,
  m: '-1px',
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

export interface VisuallyHiddenProps {
  children: ReactNode;
  /** Default `span`: the name of an icon-only column, a heading only screen readers need. */
  component?: ElementType;
  id?: string;
}

/**
 * Text for screen readers only: the header of a column of buttons, a dialog's title that the
 * layout already makes plain.
 *
 * @example
 * <TableCell sx={{ width: 92 }}><VisuallyHidden>Actions</VisuallyHidden></TableCell>
 */
export function VisuallyHidden({ children, component = 'span', id }: VisuallyHiddenProps) {
  return (
    <Box component={component} id={id} sx={visuallyHidden}>
      {children}
    </Box>
  );
}
