/**
 * One property in edit mode, inside the table: category, key and value fields in place of the
 * row's cells. Enter saves (Shift+Enter starts a new line in the value), Escape cancels. The
 * form is react-hook-form on the schema's own item (CustomPropertyItemBody); what the service
 * refuses lands on the field it names, or under the row.
 */
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { Tooltip } from '#components/tooltip.tsx';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { CustomPropertyItemBody } from '#schema';
import { useDescribeError } from '#app/use-describe-error.ts';
import { applyServerErrors } from '#components/form/server-errors.ts';
import { formIssueMessage } from '../form-messages.ts';
import { pairKey } from './paste.ts';
import { singleWriteErrors, type PropertyField } from './property-errors.ts';
import type { PropertyRow } from './property-source.ts';

export interface PropertyValues {
  category: string;
  key: string;
  value: string;
}

const ItemSchema = CustomPropertyItemBody.pick({ category: true, key: true, value: true });
const zod = zodResolver(ItemSchema, {
  error: (issue) => (issue.path?.[0] === 'key' && issue.code === 'too_small' ? 'Give a key' : formIssueMessage(issue)),
});
const resolver = zod as unknown as Resolver<PropertyValues, unknown, PropertyValues>;

export interface PropertyEditRowProps {
  /** The property being edited; undefined for a new one. */
  row?: PropertyRow;
  initial: PropertyValues;
  /** Every property of the owner, to say what a (category, key) pair would do before saving. */
  existing: readonly PropertyRow[];
  categories: readonly string[];
  focus: PropertyField;
  compact: boolean;
  /** Saves; answers the service's problems, or null when saved. */
  /** Answers what failed, or null when saved. */
  onSave: (values: PropertyValues) => Promise<{ error: unknown } | null>;
  onCancel: () => void;
  /** Reports unsaved input, so leaving the page can warn. */
  onDirtyChange?: (dirty: boolean) => void;
}

export function PropertyEditRow({ row, initial, existing, categories, focus, compact, onSave, onCancel, onDirtyChange }: PropertyEditRowProps) {
  const listId = useId();
  const describe = useDescribeError();
  const form = useForm<PropertyValues, unknown, PropertyValues>({ resolver, defaultValues: initial, mode: 'onSubmit' });
  const { register, formState, control } = form;
  const [rowProblems, setRowProblems] = useState<string[]>([]);
  const category = useWatch({ control, name: 'category' });
  const key = useWatch({ control, name: 'key' });
  const dirty = formState.isDirty;
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  useEffect(() => form.setFocus(focus), [form, focus]);

  // What the pair would do: for a new property, update the one that has it; for a renamed one, clash.
  const holder = key.trim() === '' ? undefined : existing.find((p) => p.id !== row?.id && pairKey(p) === pairKey({ category, key: key.trim() }));
  const clash = row && holder ? `‘${holder.category ? `${holder.category} / ` : ''}${holder.key}’ already has this category and key` : undefined;
  // Not while saving: the list can refresh with this very property before the save answers.
  const replaces = !row && holder && !formState.isSubmitting ? `Exists already: saving replaces its value${holder.value ? ` ‘${holder.value.length > 40 ? `${holder.value.slice(0, 40)}…` : holder.value}’` : ''}` : undefined;

  const submit = form.handleSubmit(async (values) => {
    if (clash) {
      form.setError('key', { type: 'pair', message: clash }, { shouldFocus: true });
      return;
    }
    setRowProblems([]);
    const failed = await onSave(values);
    if (!failed) return;
    const result = applyServerErrors(form, failed.error, { map: singleWriteErrors });
    setRowProblems(result.handled ? result.other : [`Not saved. ${describe(failed.error).message}`]);
  });

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onCancel();
    } else if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };

  const errors = formState.errors;
  const busy = formState.isSubmitting;
  const label = row ? (row.category ? `${row.category} / ${row.key}` : row.key) : 'new property';
  const field = (name: PropertyField, text: string, extra: { helper?: string; multiline?: boolean; list?: string } = {}) => {
    const error = errors[name]?.message;
    return (
      <TextField
        {...register(name)}
        size="small"
        fullWidth
        placeholder={text}
        multiline={extra.multiline}
        maxRows={extra.multiline ? 8 : undefined}
        error={Boolean(error)}
        helperText={error ?? extra.helper}
        disabled={busy}
        slotProps={{
          htmlInput: { 'aria-label': text, ...(extra.list ? { list: extra.list } : {}), spellCheck: name === 'value' },
          formHelperText: { sx: { mx: 0 } },
        }}
        sx={name !== 'value' ? { '& input': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 13 } } : undefined}
      />
    );
  };
  const categoryField = (
    <>
      {field('category', 'Category', { list: listId })}
      <datalist id={listId}>
        {categories.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
    </>
  );
  const keyField = field('key', 'Key', { helper: clash ?? replaces });
  const valueField = field('value', 'Value', { multiline: true });
  const actions = (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      <Tooltip title="Save (Enter)">
        <span>
          <IconButton size="small" color="primary" aria-label={`Save ${label}`} onClick={() => void submit()} disabled={busy}>
            {busy ? <CircularProgress size={18} aria-hidden /> : <CheckIcon fontSize="small" />}
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title="Cancel (Esc)">
        <span>
          <IconButton size="small" aria-label={`Cancel editing ${label}`} onClick={onCancel} disabled={busy}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </Stack>
  );

  return (
    <>
      <TableRow
        data-editing="true"
        aria-label={row ? `Editing ${label}` : 'New property'}
        onKeyDown={onKeyDown}
        sx={{ '& > td': { verticalAlign: 'top', borderBottom: rowProblems.length ? 0 : undefined }, bgcolor: 'action.hover' }}
      >
        <TableCell padding="checkbox" />
        {compact ? (
          <TableCell colSpan={2} sx={{ py: 1 }}>
            <Stack spacing={1}>
              {categoryField}
              {keyField}
              {valueField}
              {actions}
            </Stack>
          </TableCell>
        ) : (
          <>
            <TableCell sx={{ py: 1 }}>{categoryField}</TableCell>
            <TableCell sx={{ py: 1 }}>{keyField}</TableCell>
            <TableCell sx={{ py: 1 }}>{valueField}</TableCell>
            <TableCell sx={{ py: 1 }}>{actions}</TableCell>
          </>
        )}
      </TableRow>
      {rowProblems.length > 0 && (
        <TableRow sx={{ bgcolor: 'action.hover' }}>
          <TableCell padding="checkbox" />
          <TableCell colSpan={compact ? 2 : 4} sx={{ pt: 0 }}>
            <Alert severity="error" role="alert">
              {rowProblems.map((p) => (
                <Box key={p}>{p}</Box>
              ))}
            </Alert>
          </TableCell>
        </TableRow>
      )}
    </>
  );
}
