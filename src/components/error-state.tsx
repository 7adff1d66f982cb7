import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';

export interface ErrorStateProps {
  title: string;
  /** What went wrong and what to do, in words. */
  message: ReactNode;
  /** Buttons: retry, open settings... */
  actions?: ReactNode;
  /** Technical detail (operation id, status) for a bug report; shown small. */
  detail?: string;
}

/**
 * A failure in place of the content that could not be shown, saying what to do next.
 *
 * @example
 * <ErrorState title="Could not load events" message={text} actions={<Button onClick={retry}>Retry</Button>} />
 */
export function ErrorState({ title, message, actions, detail }: ErrorStateProps) {
  return (
    <Box>
      <Alert severity="error" variant="outlined" sx={{ alignItems: 'flex-start' }}>
        <AlertTitle>{title}</AlertTitle>
        <Box>{message}</Box>
        {detail && (
          <Box component="p" sx={{ m: 0, mt: 1, fontSize: 12, fontFamily: 'monospace', color: 'text.secondary' }}>
            {detail}
          </Box>
        )}
        {actions && (
          <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
            {actions}
          </Stack>
        )}
      </Alert>
    </Box>
  );
}
