/** The property table's heading with its count, and what it shows before it has rows: loading, failed, none yet. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import PasteIcon from '@mui/icons-material/ContentPasteOutlined';
import TuneIcon from '@mui/icons-material/TuneOutlined';
import { EmptyState } from '#components/empty-state.tsx';
import { ErrorState } from '#components/error-state.tsx';
import { plural } from './property-words.ts';

interface HeadingProps {
  id: string;
  title: string;
  level: 'h2' | 'h3';
  /** Every property the owner has, and how many the filters show (`undefined`: not loaded). */
  total: number | undefined;
  shown: number;
  filtered: boolean;
}

export function PropertyHeading({ id, title, level, total, shown, filtered }: HeadingProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
      <Typography variant={level === 'h2' ? 'h2' : 'h3'} component={level} id={id}>
        {title}
      </Typography>
      {total !== undefined && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-live="polite">
          {filtered ? `${shown} of ${plural(total, 'property', 'properties')}` : plural(total, 'property', 'properties')}
        </Typography>
      )}
    </Box>
  );
}

export function PropertiesLoading() {
  return (
    <Box aria-busy="true" aria-label="Loading the properties">
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} variant="rounded" height={36} sx={{ mb: 1 }} />
      ))}
    </Box>
  );
}

export function PropertiesFailed({ message, retrying, onRetry }: { message: string; retrying: boolean; onRetry: () => void }) {
  return (
    <ErrorState
      title="Could not load the properties"
      message={message}
      actions={
        <Button variant="contained" onClick={onRetry} disabled={retrying}>
          {retrying ? 'Retrying…' : 'Retry'}
        </Button>
      }
    />
  );
}

export function NoProperties({ owner, writable, onAdd, onPaste }: { owner: string; writable: boolean; onAdd: () => void; onPaste: () => void }) {
  return (
    <EmptyState
      icon={<TuneIcon />}
      title={`No custom properties on ${owner}`}
      hint="Properties are category, key and value triples integrators read with the event. Add them one by one, or paste lines copied from a spreadsheet."
      action={
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'center' }}>
          <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd} disabled={!writable}>
            Add property
          </Button>
          <Button startIcon={<PasteIcon />} onClick={onPaste} disabled={!writable}>
            Paste lines
          </Button>
        </Stack>
      }
    />
  );
}
