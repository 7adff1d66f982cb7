/**
 * The save bar of the event page's forms (General, Client properties, Audio): sticky at the bottom
 * of the view, it says whether there is anything to save, lists what stops a save (each line about
 * a field takes the operator to it), and holds Discard or Cancel and the save button.
 */
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';

export interface SaveProblem<F extends string = string> {
  title: string;
  /** One per problem; those naming a field take the operator to it. */
  lines: { text: string; field?: F | undefined }[];
}

export interface SaveBarProps<F extends string = string> {
  /** The region's name: "Save", "Save audio inputs". */
  label: string;
  /** The bar closes a card (a Paper padded 2, then 3 from sm) rather than the page. */
  inCard?: boolean;
  status: ReactNode;
  /** Something is waiting to be saved: the status stands out and the bar lifts. */
  pending: boolean;
  /** The status is a problem to fix first. */
  error?: boolean;
  problem: SaveProblem<F> | null;
  onDismissProblem: () => void;
  onFocusField?: (field: F) => void;
  /** Discard or Cancel. */
  secondary?: ReactNode;
  submitLabel: string;
  submitDisabled: boolean;
  busy: boolean;
  /** On a phone the bar takes room from the form: show it only when there is something to save or say. */
  hideWhenIdleOnPhone?: boolean;
}

export function SaveBar<F extends string = string>({
  label,
  inCard = false,
  status,
  pending,
  error = false,
  problem,
  onDismissProblem,
  onFocusField,
  secondary,
  submitLabel,
  submitDisabled,
  busy,
  hideWhenIdleOnPhone = false,
}: SaveBarProps<F>) {
  const idle = !pending && !problem && !busy;
  return (
    <Box
      role="region"
      aria-label={label}
      sx={{
        position: 'sticky',
        // The page's own padding, so the bar sits on the window's edge.
        bottom: { xs: -12, sm: -16, md: -24 },
        zIndex: 2,
        mt: 2,
        ...(inCard
          ? { mx: { xs: -2, sm: -3 }, mb: { xs: -2, sm: -3 }, px: { xs: 2, sm: 3 }, borderRadius: '0 0 4px 4px' }
          : { mx: { xs: -1.5, sm: -2, md: -3 }, px: { xs: 1.5, sm: 2, md: 3 } }),
        py: 1.5,
        bgcolor: 'background.paper',
        borderTop: 1,
        borderColor: 'divider',
        boxShadow: pending ? '0 -4px 12px rgba(0, 0, 0, 0.08)' : 'none',
        display: hideWhenIdleOnPhone ? { xs: idle ? 'none' : 'block', sm: 'block' } : undefined,
      }}
    >
      {problem && (
        <Alert severity="error" onClose={onDismissProblem} sx={{ mb: 1.5 }}>
          <AlertTitle>{problem.title}</AlertTitle>
          {problem.lines.map(({ text, field }) => (
            <Box key={text}>
              {field !== undefined && onFocusField ? (
                <Link component="button" type="button" color="inherit" onClick={() => onFocusField(field)} sx={{ textAlign: 'left', verticalAlign: 'baseline' }}>
                  {text}
                </Link>
              ) : (
                text
              )}
            </Box>
          ))}
        </Alert>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography
          role="status"
          variant="body2"
          sx={{ flex: '1 1 10rem', minWidth: 0, fontWeight: pending ? 600 : 400, color: error ? 'error.main' : pending ? 'text.primary' : 'text.secondary' }}
        >
          {status}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, ml: 'auto' }}>
          {secondary}
          <Button
            type="submit"
            variant="contained"
            disabled={submitDisabled || busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            {submitLabel}
          </Button>
        </Box>
      </Box>
    </Box>
  );
}

/** "Discard changes" ("Discard" on a phone). */
export function DiscardButton({ onClick, disabled }: { onClick: () => void; disabled: boolean }) {
  return (
    <Button onClick={onClick} disabled={disabled}>
      Discard
      <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
        &nbsp;changes
      </Box>
    </Button>
  );
}
