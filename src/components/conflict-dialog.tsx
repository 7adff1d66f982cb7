/**
 * The one answer to a save refused because the record changed meanwhile (412, DESIGN.md "Trust"):
 * who saved it last (from the activity trail), then field by field what they changed and what you
 * changed, conflicts first, and two ways on: "Keep mine" (your values over theirs, saved against
 * the new version) or "Take theirs" (their values where you both changed something, yours
 * everywhere else, left in the form to look at). Cancel keeps the form as it is. Used through
 * `useVersionConflict` / `useFormConflict` (use-version-conflict.tsx).
 */
import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { ResourceKind } from '#schema';
import { api } from '#app/api.ts';
import { ActionDialog } from './action-dialog.tsx';
import { formatDateTime, parseServiceDate } from './format-time.ts';
import { showValue, type FieldDifference } from './version-conflict.ts';

export interface ConflictDialogProps {
  /** What was being saved, in words: "the event ‘Cup final’". */
  what: string;
  entity?: ResourceKind;
  id?: string;
  rows: readonly FieldDifference[];
  busy?: boolean;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
  onClose: () => void;
}

function LastSaved({ entity, id }: { entity: ResourceKind; id: string }) {
  const { data } = useQuery({ ...api.activity.list.queryOptions({ query: { entity, id, pageSize: 1 } }), retry: false });
  const last = data?.items[0];
  if (!last) return null;
  const who = last.actor.system ? `the service (${last.actor.system})` : (last.actor.keyLabel ?? 'another key');
  const at = parseServiceDate(last.at);
  return (
    <Typography variant="body2" sx={{ mb: 1 }}>
      Last saved by <strong>{who}</strong>
      {last.actor.role ? ` (${last.actor.role})` : ''}
      {at ? `, ${formatDateTime(at)}` : ''}.
    </Typography>
  );
}

const WHO: Record<FieldDifference['changedBy'], string> = { both: 'Both changed', theirs: 'They changed', yours: 'You changed' };

export function ConflictDialog({ what, entity, id, rows, busy = false, onKeepMine, onTakeTheirs, onClose }: ConflictDialogProps) {
  const tableId = useId();
  // A phone has no room for four columns: each field is a card of its three values.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const conflicts = rows.filter((r) => r.changedBy === 'both');
  const ordered = [...conflicts, ...rows.filter((r) => r.changedBy === 'theirs'), ...rows.filter((r) => r.changedBy === 'yours')];
  return (
    <ActionDialog
      title={`Someone else saved ${what} while you were editing`}
      actionLabel="Keep mine"
      onAction={onKeepMine}
      busy={busy}
      onClose={onClose}
      maxWidth="md"
      long
      describedBy={tableId}
      extraActions={
        <Button onClick={onTakeTheirs} disabled={busy}>
          Take theirs
        </Button>
      }
    >
      {entity && id && <LastSaved entity={entity} id={id} />}
      <Alert severity={conflicts.length > 0 ? 'warning' : 'info'} sx={{ mb: 2 }}>
        {conflicts.length > 0
          ? `${conflicts.length === 1 ? 'One field was' : `${conflicts.length} fields were`} changed by both of you. Keep mine saves your values over theirs; Take theirs puts their values in the form and keeps the rest of your changes, unsaved.`
          : 'None of your changes touches what they changed: Keep mine saves both; Take theirs puts their changes in the form beside yours, unsaved.'}
      </Alert>
      {narrow ? (
        <Stack id={tableId} component="ul" aria-label="What changed" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {ordered.map((row) => (
            <NarrowRow key={row.field} row={row} />
          ))}
        </Stack>
      ) : (
        <Table size="small" id={tableId} aria-label="What changed">
          <TableHead>
            <TableRow>
              <TableCell>Field</TableCell>
              <TableCell>When you opened it</TableCell>
              <TableCell>Theirs (saved)</TableCell>
              <TableCell>Yours (not saved)</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {ordered.map((row) => (
              <TableRow key={row.field} selected={row.changedBy === 'both'}>
                <TableCell component="th" scope="row">
                  <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                    <span>{row.label}</span>
                    <Chip size="small" label={WHO[row.changedBy]} color={row.changedBy === 'both' ? 'warning' : 'default'} variant="outlined" />
                  </Stack>
                </TableCell>
                <Cell value={row.base} />
                <Cell value={row.theirs} strong={row.changedBy !== 'yours'} />
                <Cell value={row.yours} strong={row.changedBy !== 'theirs'} />
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </ActionDialog>
  );
}

function NarrowRow({ row }: { row: FieldDifference }) {
  const line = (label: string, value: unknown, strong: boolean) => (
    <Typography variant="body2" sx={{ overflowWrap: 'anywhere', color: strong ? undefined : 'text.secondary', fontWeight: strong ? 600 : undefined }}>
      <Typography component="span" variant="caption" sx={{ display: 'block', color: 'text.secondary', fontWeight: 400 }}>
        {label}
      </Typography>
      {clip(showValue(value))}
    </Typography>
  );
  return (
    <Stack component="li" spacing={0.75} sx={{ p: 1.5, borderRadius: 1, border: 1, borderColor: row.changedBy === 'both' ? 'warning.main' : 'divider' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle2">{row.label}</Typography>
        <Chip size="small" label={WHO[row.changedBy]} color={row.changedBy === 'both' ? 'warning' : 'default'} variant="outlined" />
      </Stack>
      {line('When you opened it', row.base, false)}
      {line('Theirs (saved)', row.theirs, row.changedBy !== 'yours')}
      {line('Yours (not saved)', row.yours, row.changedBy !== 'theirs')}
    </Stack>
  );
}

const clip = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}…` : text);

function Cell({ value, strong = false }: { value: unknown; strong?: boolean }) {
  const text = showValue(value);
  return (
    <TableCell sx={{ overflowWrap: 'anywhere', maxWidth: 260, fontWeight: strong ? 600 : undefined, color: strong ? undefined : 'text.secondary' }}>
      {clip(text)}
    </TableCell>
  );
}
