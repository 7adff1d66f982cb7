/**
 * Bulk paste: lines copied from a spreadsheet (or typed, comma-separated) become properties in
 * one all-or-nothing call. Before saving, a preview says what each line does: adds a property,
 * updates the value of the (category, key) pair that exists, changes nothing, or is replaced by a
 * later line with the same pair. Lines that cannot be read are listed to fix first.
 */
import { useId, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ActionDialog } from '#components/action-dialog.tsx';
import { notify } from '#app/notifications.tsx';
import { useDescribeError } from '#app/use-describe-error.ts';
import { countActions, linesToSave, parsePastedProperties, planPaste, type PastePlanRow } from './paste.ts';
import { bulkWriteProblems, fieldErrorsOf, type RowProblems } from './property-errors.ts';
import type { PropertyRow, PropertySource } from './property-source.ts';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 13 } as const;

export interface PasteDialogProps {
  open: boolean;
  source: PropertySource;
  /** Text pasted onto the table, to start with. */
  initialText: string;
  existing: readonly PropertyRow[];
  onClose: () => void;
  /** The pairs about to be written, in pasted order (the refresh after the write may arrive before its answer). */
  onSaving?: (pairs: readonly { category: string; key: string }[]) => void;
  /** The ids written, in pasted order. */
  onSaved: (ids: string[]) => void;
}

function ActionChip({ row }: { row: PastePlanRow }) {
  switch (row.action) {
    case 'add':
      return <Chip size="small" color="success" variant="outlined" label="New" />;
    case 'update':
      return <Chip size="small" color="info" variant="outlined" label="Updates" />;
    case 'unchanged':
      return <Chip size="small" variant="outlined" label="No change" />;
    case 'replaced':
      return <Chip size="small" color="warning" variant="outlined" label={`Skipped: line ${row.replacedBy} sets this pair`} />;
  }
}

function Clamp({ text, strike }: { text: string; strike?: boolean }) {
  return (
    <Box
      component={strike ? 'del' : 'span'}
      aria-label={strike ? `was ${text}` : undefined}
      title={text.length > 80 ? text : undefined}
      sx={{
        display: '-webkit-box',
        WebkitLineClamp: 2,
        WebkitBoxOrient: 'vertical',
        overflow: 'hidden',
        overflowWrap: 'anywhere',
        textDecoration: strike ? 'line-through' : undefined,
        color: strike ? 'text.secondary' : undefined,
      }}
    >
      {text === '' ? <em>empty</em> : text}
    </Box>
  );
}

export function PasteDialog(props: PasteDialogProps) {
  // Mounted only while open, so each opening starts from the pasted text.
  return props.open ? <PasteDialogBody {...props} /> : null;
}

function PasteDialogBody({ source, initialText, existing, onClose, onSaving, onSaved }: PasteDialogProps) {
  const titleId = useId();
  const describe = useDescribeError();
  const [text, setText] = useState(initialText);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; byLine: Map<number, RowProblems> } | null>(null);
  const parsed = useMemo(() => parsePastedProperties(text), [text]);
  const plan = useMemo(() => planPaste(parsed.lines, existing), [parsed, existing]);
  const toSave = linesToSave(plan);
  const counts = countActions(plan);
  const blocked = parsed.problems.length > 0;

  const save = async () => {
    setBusy(true);
    setFailure(null);
    try {
      onSaving?.(toSave);
      const saved = await source.saveMany(toSave.map((r) => ({ category: r.category, key: r.key, value: r.value })));
      const parts = [counts.add && `${counts.add} added`, counts.update && `${counts.update} updated`].filter(Boolean);
      notify(`Saved ${saved.length} ${saved.length === 1 ? 'property' : 'properties'}: ${parts.join(', ')}.`, { severity: 'success' });
      onSaved(saved.map((p) => p.id));
      onClose();
    } catch (error) {
      const byItem = bulkWriteProblems(fieldErrorsOf(error));
      const byLine = new Map<number, RowProblems>();
      for (const [index, problems] of byItem) {
        const line = toSave[index]?.line;
        if (line !== undefined) byLine.set(line, problems);
      }
      const message = byLine.size > 0 ? 'The service refused the lines marked below; nothing was saved.' : `Nothing was saved. ${describe(error).message}`;
      setFailure({ message, byLine });
    } finally {
      setBusy(false);
    }
  };

  const summary = [
    counts.add && `${counts.add} new`,
    counts.update && `${counts.update} ${counts.update === 1 ? 'update' : 'updates'}`,
    counts.unchanged && `${counts.unchanged} unchanged`,
    counts.replaced && `${counts.replaced} skipped (same pair later)`,
  ].filter(Boolean);

  return (
    <ActionDialog
      title="Paste properties"
      actionLabel={toSave.length === 0 ? 'Nothing to save' : `Save ${toSave.length} ${toSave.length === 1 ? 'property' : 'properties'}`}
      onAction={() => void save()}
      disabled={blocked || toSave.length === 0}
      busy={busy}
      error={failure?.message}
      onClose={onClose}
      maxWidth="md"
      long
    >
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        One property per line: category, key and value, separated by tabs (as a spreadsheet copies them) or commas. A first line
        “category, key, value” is skipped. A pair {source.owner} has already gets the new value.
      </Typography>
      <TextField
        label="Lines to paste"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setFailure(null);
        }}
        multiline
        minRows={4}
        maxRows={10}
        fullWidth
        autoFocus
        placeholder={'rights, holder, Northwind Sports\nrights, territory, EU'}
        slotProps={{ htmlInput: { spellCheck: false, style: mono } }}
        disabled={busy}
      />
      {parsed.problems.length > 0 && (
        <Alert severity="error" sx={{ mt: 2 }}>
          <AlertTitle>
            {parsed.problems.length === 1 ? 'One line cannot be read' : `${parsed.problems.length} lines cannot be read`}: fix or remove{' '}
            {parsed.problems.length === 1 ? 'it' : 'them'} to save
          </AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {parsed.problems.slice(0, 10).map((p) => (
              <li key={p.line}>
                Line {p.line} <Box component="code" sx={{ ...mono, overflowWrap: 'anywhere' }}>{p.text.length > 60 ? `${p.text.slice(0, 60)}…` : p.text}</Box>: {p.message}
              </li>
            ))}
            {parsed.problems.length > 10 && <li>…and {parsed.problems.length - 10} more</li>}
          </Box>
        </Alert>
      )}
      {plan.length > 0 && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle2" component="h3" id={`${titleId}-preview`}>
            Preview: {summary.join(', ')}
            {parsed.headerSkipped ? ' (header line skipped)' : ''}
          </Typography>
          <Box sx={{ maxHeight: 320, overflow: 'auto', mt: 1, border: 1, borderColor: 'divider', borderRadius: 1 }}>
            <Table size="small" stickyHeader aria-labelledby={`${titleId}-preview`} sx={{ tableLayout: 'fixed', minWidth: 560 }}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ width: 56 }}>Line</TableCell>
                  <TableCell sx={{ width: '18%' }}>Category</TableCell>
                  <TableCell sx={{ width: '22%' }}>Key</TableCell>
                  <TableCell>Value</TableCell>
                  <TableCell sx={{ width: 170 }}>What happens</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {plan.map((row) => {
                  const problems = failure?.byLine.get(row.line);
                  return (
                    <TableRow key={row.line} data-action={row.action} sx={{ '& td': { verticalAlign: 'top' } }}>
                      <TableCell sx={{ color: 'text.secondary' }}>{row.line}</TableCell>
                      <TableCell sx={{ ...mono, overflowWrap: 'anywhere' }}>{row.category || <em>none</em>}</TableCell>
                      <TableCell sx={{ ...mono, overflowWrap: 'anywhere' }}>
                        {row.key}
                        {problems?.fields.key && (
                          <Typography variant="caption" role="alert" sx={{ display: 'block', color: 'error.main' }}>
                            {problems.fields.key}
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell>
                        {row.action === 'update' && row.existing && <Clamp text={row.existing.value} strike />}
                        <Clamp text={row.value} />
                        {problems && [problems.fields.category, problems.fields.value, ...problems.row].filter(Boolean).map((m) => (
                          <Typography key={m} variant="caption" role="alert" sx={{ display: 'block', color: 'error.main' }}>
                            {m}
                          </Typography>
                        ))}
                      </TableCell>
                      <TableCell>
                        <ActionChip row={row} />
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </Box>
        </Box>
      )}
    </ActionDialog>
  );
}
