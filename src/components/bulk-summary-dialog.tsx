/** The end of a bulk action: what succeeded and what did not, item by item, with the service's reason for each failure. */
import Alert from '@mui/material/Alert';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import CheckIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorIcon from '@mui/icons-material/ErrorOutlined';
import { ActionDialog } from './action-dialog.tsx';
import { countOf, type BulkOutcome } from './bulk.ts';

export interface BulkResult {
  /** The summary: "3 publications retried; 1 failed." */
  title: string;
  outcomes: readonly BulkOutcome[];
  /** What an item is called ("event", "publication"), for "One event was not changed". */
  noun: string;
  plural?: string;
}

export function BulkSummaryDialog({ result, onClose }: { result: BulkResult; onClose: () => void }) {
  const failed = result.outcomes.filter((o) => !o.ok);
  const succeeded = result.outcomes.filter((o) => o.ok);
  const untitled = `Untitled ${result.noun}`;
  return (
    <ActionDialog title={result.title} onClose={onClose} focus="cancel">
      {failed.length > 0 && (
        <>
          <Alert severity="error" variant="outlined" sx={{ mb: 1 }}>
            {failed.length === 1 ? `One ${result.noun} was` : `${countOf(failed.length, result.noun, result.plural)} were`} not changed. The service’s reasons:
          </Alert>
          <List dense aria-label="Failed">
            {failed.map((o) => (
              <ListItem key={o.item.id} alignItems="flex-start" disableGutters>
                <ListItemIcon sx={{ minWidth: 32, mt: 0.5 }}>
                  <ErrorIcon color="error" fontSize="small" aria-label="Failed" />
                </ListItemIcon>
                <ListItemText primary={o.item.title || untitled} secondary={o.reason} slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }} />
              </ListItem>
            ))}
          </List>
        </>
      )}
      {failed.length > 0 && succeeded.length > 0 && <Divider sx={{ my: 1 }} />}
      {succeeded.length > 0 && (
        <List dense aria-label="Succeeded">
          {succeeded.map((o) => (
            <ListItem key={o.item.id} disableGutters>
              <ListItemIcon sx={{ minWidth: 32 }}>
                <CheckIcon color="success" fontSize="small" aria-label="Done" />
              </ListItemIcon>
              <ListItemText primary={o.item.title || untitled} secondary={o.detail} />
            </ListItem>
          ))}
        </List>
      )}
    </ActionDialog>
  );
}
