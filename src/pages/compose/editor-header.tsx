/** The playlist editor's header (title, kind, state, the save bar with undo and redo) and the list of what stopped a save. */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import { Tooltip } from '#components/tooltip.tsx';
import Typography from '@mui/material/Typography';
import UndoIcon from '@mui/icons-material/UndoRounded';
import RedoIcon from '@mui/icons-material/RedoRounded';
import SaveIcon from '@mui/icons-material/SaveOutlined';
import CheckIcon from '@mui/icons-material/CheckCircleOutlineRounded';
import EditIcon from '@mui/icons-material/EditOutlined';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import type { Event } from '#schema';
import { BackLink } from '#components/back-link.tsx';
import { StateChip } from '#components/state-chip.tsx';
import { canRedo, canUndo, isDirty, redoLabel, undoLabel, type CompositionKind, type EditorAction, type EditorState } from './playlist-document.ts';
import { KIND_FIXED, KIND_LABEL } from './playlist-settings.tsx';
import type { Problem } from './use-compose-save.ts';
import { PresenceNote } from '#app/presence.tsx';

interface EditorHeaderProps {
  kind: CompositionKind;
  title: string;
  event: Event | null;
  state: EditorState;
  saving: boolean;
  dispatch: (action: EditorAction) => void;
  onSave: () => void;
  /** Why this key cannot save (its role), when it cannot. */
  cannotSave?: string | undefined;
}

export function EditorHeader({ kind, title, event, state, saving, dispatch, onSave, cannotSave }: EditorHeaderProps) {
  const isNew = event === null;
  const dirty = isDirty(state) || isNew;
  const status = saving ? 'Saving…' : isNew ? (state.past.length ? 'New composition — not saved yet' : 'New composition — add items, then save') : isDirty(state) ? 'Unsaved changes' : 'All changes saved';
  return (
    <Box component="header" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1.5, mb: 1.5 }}>
      <Box sx={{ flex: '1 1 320px', minWidth: 0 }}>
        <BackLink to="/compose" label="Playlists" />
        <Typography variant="h1" sx={{ fontSize: { xs: '1.2rem', sm: '1.5rem' }, overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
          <Tooltip title={KIND_FIXED}>
            <Chip size="small" variant="outlined" icon={<InfoIcon />} label={KIND_LABEL[kind]} tabIndex={0} aria-label={`${KIND_LABEL[kind]}. ${KIND_FIXED}`} />
          </Tooltip>
          {event && <StateChip state={event.state} />}
          {state.doc.settings.looped && <Chip size="small" label="Looped" />}
          {event && <PresenceNote entity="compose" id={event.id} />}
        </Box>
      </Box>
      <Paper variant="outlined" role="region" aria-label="Save" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, p: 0.5, pl: 1.5, flexWrap: 'wrap', maxWidth: '100%' }}>
        <Box role="status" data-testid="save-status" sx={{ display: 'flex', alignItems: 'center', gap: 0.75, mr: 1, fontSize: 14, fontWeight: dirty ? 600 : 400, color: dirty ? 'warning.main' : 'text.secondary' }}>
          {saving ? <CircularProgress size={14} aria-hidden /> : dirty ? <EditIcon sx={{ fontSize: 16 }} aria-hidden /> : <CheckIcon sx={{ fontSize: 16, color: 'success.main' }} aria-hidden />}
          {status}
        </Box>
        <Tooltip title={canUndo(state) ? `Undo ${undoLabel(state)} (Ctrl+Z)` : 'Nothing to undo'}>
          <span>
            <IconButton aria-label={canUndo(state) ? `Undo ${undoLabel(state)}` : 'Undo'} disabled={!canUndo(state)} onClick={() => dispatch({ type: 'undo' })}>
              <UndoIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={canRedo(state) ? `Redo ${redoLabel(state)} (Ctrl+Shift+Z)` : 'Nothing to redo'}>
          <span>
            <IconButton aria-label={canRedo(state) ? `Redo ${redoLabel(state)}` : 'Redo'} disabled={!canRedo(state)} onClick={() => dispatch({ type: 'redo' })}>
              <RedoIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Button
          variant="contained"
          onClick={onSave}
          disabled={saving || (!dirty && !isNew) || cannotSave !== undefined}
          startIcon={saving ? <CircularProgress size={16} color="inherit" aria-hidden /> : <SaveIcon />}
          aria-keyshortcuts="Control+S"
        >
          {isNew ? 'Create' : 'Save'}
        </Button>
      </Paper>
      {cannotSave && (
        <Typography variant="body2" role="note" sx={{ color: 'text.secondary', flexBasis: '100%' }}>
          {cannotSave}
        </Typography>
      )}
    </Box>
  );
}

/** What stopped a save, each line a way to the item or the setting it concerns. */
export function SaveProblem({ problem, onClose, onItem, onSettings }: { problem: Problem; onClose: () => void; onItem: (key: string) => void; onSettings: () => void }) {
  return (
    <Alert severity="error" onClose={onClose} sx={{ mb: 1.5 }} data-testid="save-problem">
      <AlertTitle>{problem.title}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2, maxHeight: 160, overflowY: 'auto' }}>
        {problem.lines.slice(0, 50).map((line, index) => (
          <li key={index}>
            {line.itemKey || line.settings ? (
              <Link
                component="button"
                type="button"
                color="inherit"
                sx={{ textAlign: 'left', verticalAlign: 'baseline' }}
                onClick={() => {
                  if (line.itemKey) onItem(line.itemKey);
                  else onSettings();
                }}
              >
                {line.text}
              </Link>
            ) : (
              line.text
            )}
          </li>
        ))}
      </Box>
    </Alert>
  );
}
