/**
 * The editable table of custom properties, for an event and for a chapter point alike (the
 * source says whose). Rows are edited in place: click a cell, or Enter on a row, edit, Enter
 * saves and Escape cancels. Rows keep their places while the operator works (stable-order.ts);
 * new rows go to the end. Select rows to delete several; paste lines from a spreadsheet to add or
 * update many in one call; filter by category or text (both in the URL).
 *
 * Keyboard: Tab enters the table on one row; ↑ ↓ Home End move between rows; Enter or F2 edits;
 * Space selects; Delete deletes (after a confirmation). `a` adds a row, `p` pastes lines, and
 * Ctrl+V on a row opens the paste preview with the clipboard's lines.
 */
import { memo, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { alpha, useTheme, type Theme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import PasteIcon from '@mui/icons-material/ContentPasteOutlined';
import SearchIcon from '@mui/icons-material/Search';
import TuneIcon from '@mui/icons-material/TuneOutlined';
import { useHotkeys } from '#app/hotkeys.tsx';
import { notify } from '#app/notifications.tsx';
import { useDescribeError } from '#app/use-describe-error.ts';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { EmptyState } from '#components/empty-state.tsx';
import { ErrorState } from '#components/error-state.tsx';
import { useUrlParams } from '#components/use-url-params.ts';
import { PasteDialog } from './paste-dialog.tsx';
import { pairKey } from './paste.ts';
import { fieldErrorsOf, singleWriteProblems, type PropertyField } from './property-errors.ts';
import { PropertyEditRow, type PropertyValues } from './property-edit-row.tsx';
import type { PropertyRow, PropertySource } from './property-source.ts';
import { useStableOrder } from './stable-order.ts';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 13 } as const;

export interface PropertyTableProps {
  source: PropertySource;
  /** The heading: "Custom properties". */
  title: string;
  headingLevel?: 'h2' | 'h3';
  description?: ReactNode;
  /** Query-string names of the filters, unique on the page. */
  params: { category: string; search: string };
  /** More toolbar actions, such as copying from another event. */
  extraActions?: ReactNode;
  /** The group of the table's shortcuts in the `?` list; no shortcuts without it. */
  hotkeyGroup?: string;
}

export function PropertyTable(props: PropertyTableProps) {
  // Everything the operator was doing belongs to one owner: start over for another.
  return <PropertyTableBody key={props.source.scope} {...props} />;
}

interface Draft {
  id: string;
  initial: PropertyValues;
  focus: PropertyField;
}

type Confirm = { rows: PropertyRow[] } | null;

export const describeProperty = (p: { category: string; key: string }) => (p.category ? `${p.category} / ${p.key}` : p.key);
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function matches(row: PropertyRow, category: string | null, search: string): boolean {
  if (category !== null && row.category !== category) return false;
  if (!search) return true;
  const needle = search.toLowerCase();
  return row.category.toLowerCase().includes(needle) || row.key.toLowerCase().includes(needle) || row.value.toLowerCase().includes(needle);
}

function PropertyTableBody({ source, title, headingLevel = 'h2', description, params: paramNames, extraActions, hotkeyGroup }: PropertyTableProps) {
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'));
  const headingId = useId();
  const describe = useDescribeError();
  const [params, setParams] = useUrlParams();
  const category = params.get(paramNames.category);
  const search = params.get(paramNames.search) ?? '';
  const filterKey = `${category ?? '\u0000'}|${search}`;

  const data = source.query.data;
  const { items: ordered, append, expect: expectAdded } = useStableOrder(data, source.scope, pairKey);
  const [editing, setEditing] = useState<ReadonlyMap<string, PropertyField>>(new Map());
  const [drafts, setDrafts] = useState<readonly Draft[]>([]);
  const [selection, setSelection] = useState<ReadonlySet<string>>(new Set());
  // Rows edited under the current filter stay in view even when they no longer match it.
  const [pinned, setPinned] = useState<{ filter: string; ids: ReadonlySet<string> }>({ filter: filterKey, ids: new Set() });
  const [recent, setRecent] = useState<ReadonlySet<string>>(new Set());
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | undefined>();
  const [paste, setPaste] = useState<{ text: string } | null>(null);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState<{ id: string } | null>(null);
  const rowRefs = useRef(new Map<string, HTMLTableRowElement>());
  const nextDraft = useRef(1);

  const pinnedIds = useMemo(() => (pinned.filter === filterKey ? pinned.ids : new Set<string>()), [pinned, filterKey]);
  const pin = useCallback((id: string) => setPinned((p) => ({ filter: filterKey, ids: new Set([...(p.filter === filterKey ? p.ids : []), id]) })), [filterKey]);
  const flash = useCallback((ids: readonly string[]) => setRecent(new Set(ids)), []);
  useEffect(() => {
    if (recent.size === 0) return;
    const timer = setTimeout(() => setRecent(new Set()), 2_500);
    return () => clearTimeout(timer);
  }, [recent]);

  const categories = useMemo(() => {
    const counts = new Map<string, number>();
    for (const row of data ?? []) counts.set(row.category, (counts.get(row.category) ?? 0) + 1);
    return [...counts.entries()].sort(([a], [b]) => a.localeCompare(b));
  }, [data]);
  const categoryNames = useMemo(() => categories.map(([c]) => c).filter(Boolean), [categories]);
  const rows = useMemo(() => ordered.filter((r) => matches(r, category, search) || pinnedIds.has(r.id)), [ordered, category, search, pinnedIds]);
  const filtered = category !== null || search !== '';

  // The active row only ever names a row shown.
  const existingIds = useMemo(() => new Set((data ?? []).map((r) => r.id)), [data]);
  const visibleSelected = rows.filter((r) => selection.has(r.id));
  const active = rows.find((r) => r.id === activeId && !editing.has(r.id)) ?? rows.find((r) => !editing.has(r.id));

  useEffect(() => {
    if (!focusRequest) return;
    const row = rowRefs.current.get(focusRequest.id);
    if (row) {
      row.focus();
      setFocusRequest(null);
    }
  }, [focusRequest, rows, editing]);

  const setFilter = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null || (name === paramNames.search && value === '')) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );
  const clearFilters = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(paramNames.category);
        next.delete(paramNames.search);
        return next;
      },
      { replace: true },
    );

  const addDraft = useCallback(() => {
    const id = `draft-${nextDraft.current++}`;
    setDrafts((d) => [...d, { id, initial: { category: category ?? '', key: '', value: '' }, focus: category !== null ? 'key' : 'category' }]);
  }, [category]);
  const startEdit = (row: PropertyRow, focus: PropertyField) => {
    setActiveId(row.id);
    setEditing((m) => new Map(m).set(row.id, focus));
  };
  const stopEdit = (id: string) => {
    setEditing((m) => {
      const next = new Map(m);
      next.delete(id);
      return next;
    });
    setFocusRequest({ id });
  };

  const saveRow = async (row: PropertyRow | undefined, values: PropertyValues, draftId?: string) => {
    try {
      const saved = await source.save({ id: row?.id ?? null, ...values });
      if (draftId) {
        append([saved.id]);
        setDrafts((d) => d.filter((x) => x.id !== draftId));
        const updatedExisting = existingIds.has(saved.id);
        notify(updatedExisting ? `Updated ‘${describeProperty(saved)}’: that category and key existed already.` : `Added ‘${describeProperty(saved)}’.`, {
          severity: 'success',
        });
      } else {
        stopEdit(saved.id);
      }
      pin(saved.id);
      flash([saved.id]);
      setActiveId(saved.id);
      if (draftId) setFocusRequest({ id: saved.id });
      return null;
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields.length > 0) return singleWriteProblems(fields);
      return { fields: {}, row: [`Not saved. ${describe(error).message}`] };
    }
  };

  const runDelete = async (targets: PropertyRow[]) => {
    setDeleting(true);
    setDeleteError(undefined);
    const failed: { row: PropertyRow; message: string }[] = [];
    let removed = 0;
    try {
      // Everything the owner has, by one filtered delete; checked against the service first, so a
      // property someone added meanwhile is not deleted unseen.
      const all = targets.length > 1 && targets.length === (data?.length ?? -1) ? await source.fetchFresh() : null;
      const wanted = idsOf(targets);
      if (all && all.every((p) => wanted.has(p.id))) {
        await source.removeAll();
        removed = targets.length;
      } else {
        for (const row of targets) {
          try {
            await source.remove(row.id);
            removed++;
          } catch (error) {
            failed.push({ row, message: describe(error).message });
          }
        }
      }
    } catch (error) {
      failed.push(...targets.map((row) => ({ row, message: describe(error).message })));
    } finally {
      setDeleting(false);
    }
    setSelection((s) => new Set([...s].filter((id) => failed.some((f) => f.row.id === id))));
    if (failed.length === 0) {
      setConfirm(null);
      notify(targets.length === 1 ? `Deleted ‘${describeProperty(targets[0]!)}’.` : `Deleted ${plural(removed, 'property', 'properties')}.`, { severity: 'success' });
      // Focus moves to the row after the deleted one, so the keyboard user keeps their place.
      const index = rows.findIndex((r) => r.id === targets[0]?.id);
      const gone = idsOf(targets);
      const next = rows.slice(index + 1).find((r) => !gone.has(r.id)) ?? rows.slice(0, index).reverse().find((r) => !gone.has(r.id));
      if (next) {
        setActiveId(next.id);
        setFocusRequest({ id: next.id });
      }
    } else {
      const first = failed[0]!;
      setDeleteError(
        `${removed > 0 ? `Deleted ${removed}; ` : ''}${plural(failed.length, 'property was', 'properties were')} not deleted: ${describeProperty(first.row)}: ${first.message}`,
      );
      setConfirm({ rows: failed.map((f) => f.row) });
    }
  };

  useHotkeys(
    hotkeyGroup
      ? [
          { keys: 'a', description: 'Add a property', group: hotkeyGroup, run: addDraft },
          { keys: 'p', description: 'Paste properties from a spreadsheet', group: hotkeyGroup, run: () => setPaste({ text: '' }) },
        ]
      : [],
  );

  const onRowKeyDown = (e: React.KeyboardEvent<HTMLTableRowElement>, row: PropertyRow, index: number) => {
    const inControl = e.target !== e.currentTarget;
    const move = (to: number) => {
      const target = rows.slice(to).find((r) => !editing.has(r.id));
      if (target) {
        e.preventDefault();
        setActiveId(target.id);
        rowRefs.current.get(target.id)?.focus();
      }
    };
    const moveUp = () => {
      const target = rows.slice(0, index).reverse().find((r) => !editing.has(r.id));
      if (target) {
        e.preventDefault();
        setActiveId(target.id);
        rowRefs.current.get(target.id)?.focus();
      }
    };
    switch (e.key) {
      case 'ArrowDown':
        move(index + 1);
        break;
      case 'ArrowUp':
        moveUp();
        break;
      case 'Home':
        if (!inControl) move(0);
        break;
      case 'End':
        if (!inControl) {
          const last = [...rows].reverse().find((r) => !editing.has(r.id));
          if (last) {
            e.preventDefault();
            setActiveId(last.id);
            rowRefs.current.get(last.id)?.focus();
          }
        }
        break;
      case 'Enter':
      case 'F2':
        if (!inControl) {
          e.preventDefault();
          startEdit(row, 'value');
        }
        break;
      case ' ':
        if (!inControl) {
          e.preventDefault();
          toggle(row.id);
        }
        break;
      case 'Delete':
      case 'Backspace':
        if (!inControl) {
          e.preventDefault();
          setDeleteError(undefined);
          setConfirm({ rows: [row] });
        }
        break;
    }
  };

  const latest = useRef({ onRowKeyDown: (_e: React.KeyboardEvent<HTMLTableRowElement>, _row: PropertyRow, _index: number) => {}, startEdit, toggle: (_id: string) => {}, askDelete: (_row: PropertyRow) => {} });
  useLayoutEffect(() => {
    latest.current = {
      onRowKeyDown,
      startEdit,
      toggle,
      askDelete: (row) => {
        setDeleteError(undefined);
        setConfirm({ rows: [row] });
      },
    };
  });
  // Stable, so the rows (memoised) re-render only when their own data changes: 200 rows stay quick.
  const handlers = useMemo<RowHandlers>(
    () => ({
      onKeyDown: (e, row, index) => latest.current.onRowKeyDown(e, row, index),
      startEdit: (row, field) => latest.current.startEdit(row, field),
      toggle: (id) => latest.current.toggle(id),
      askDelete: (row) => latest.current.askDelete(row),
      focus: (id) => setActiveId(id),
      ref: (id, el) => {
        if (el) rowRefs.current.set(id, el);
        else rowRefs.current.delete(id);
      },
    }),
    [],
  );

  const toggle = (id: string) =>
    setSelection((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allVisibleSelected = rows.length > 0 && visibleSelected.length === rows.length;
  const toggleAll = () => setSelection(allVisibleSelected ? new Set() : new Set(rows.map((r) => r.id)));

  const onPaste = (e: React.ClipboardEvent) => {
    const target = e.target as HTMLElement;
    if (target.closest('input, textarea')) return;
    const text = e.clipboardData.getData('text/plain');
    if (!text.trim()) return;
    e.preventDefault();
    setPaste({ text });
  };

  const heading = (
    <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
      <Typography variant={headingLevel === 'h2' ? 'h2' : 'h3'} component={headingLevel} id={headingId}>
        {title}
      </Typography>
      {data && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-live="polite">
          {filtered ? `${rows.length} of ${plural(data.length, 'property', 'properties')}` : plural(data.length, 'property', 'properties')}
        </Typography>
      )}
    </Box>
  );

  const toolbar = (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 1.5, mb: 1.5 }}>
      <Button variant="contained" startIcon={<AddIcon />} onClick={addDraft} disabled={!data}>
        Add property
      </Button>
      <Button variant="outlined" startIcon={<PasteIcon />} onClick={() => setPaste({ text: '' })} disabled={!data}>
        Paste lines
      </Button>
      {extraActions}
      {/* The filters wrap as one group, to the right, when the toolbar runs out of room. */}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', ml: 'auto', flex: { xs: '1 1 100%', sm: '0 1 auto' } }}>
        <TextField
          select
          size="small"
          label="Category"
          value={category === null ? '\u0000all' : category === '' ? '\u0000none' : category}
          onChange={(e) => setFilter(paramNames.category, e.target.value === '\u0000all' ? null : e.target.value === '\u0000none' ? '' : e.target.value)}
          sx={{ minWidth: 160, maxWidth: { xs: '100%', sm: 240 }, flex: { xs: '1 1 140px', sm: '0 0 auto' } }}
          slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
        >
          <MenuItem value={'\u0000all'}>All categories</MenuItem>
          {categories.map(([name, count]) => (
            <MenuItem key={name || '\u0000none'} value={name || '\u0000none'}>
              <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', fontStyle: name ? undefined : 'italic' }}>
                {name || 'No category'}
              </Box>
              <Box component="span" sx={{ ml: 'auto', pl: 2, color: 'text.secondary' }}>
                {count}
              </Box>
            </MenuItem>
          ))}
          {category !== null && !categories.some(([c]) => c === category) && <MenuItem value={category || '\u0000none'}>{category || 'No category'}</MenuItem>}
        </TextField>
        <TextField
          size="small"
          type="search"
          label="Find"
          value={search}
          onChange={(e) => setFilter(paramNames.search, e.target.value)}
          sx={{ flex: { xs: '1 1 140px', sm: '0 0 200px' } }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
    </Stack>
  );

  const selectionBar = visibleSelected.length > 0 && (
    <Box
      role="region"
      aria-label="Selected properties"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        flexWrap: 'wrap',
        px: 1.5,
        py: 0.75,
        mb: 1,
        borderRadius: 1,
        bgcolor: (t) => alpha(t.palette.primary.main, t.palette.mode === 'dark' ? 0.16 : 0.08),
      }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {visibleSelected.length} selected
      </Typography>
      <Button
        size="small"
        color="error"
        startIcon={<DeleteIcon />}
        onClick={() => {
          setDeleteError(undefined);
          setConfirm({ rows: visibleSelected });
        }}
      >
        Delete selected
      </Button>
      <Button size="small" onClick={() => setSelection(new Set())}>
        Clear selection
      </Button>
    </Box>
  );

  let body: ReactNode;
  if (source.query.error && !data) {
    body = (
      <ErrorState
        title="Could not load the properties"
        message={describe(source.query.error).message}
        actions={
          <Button variant="contained" onClick={() => void source.query.refetch()} disabled={source.query.isFetching}>
            {source.query.isFetching ? 'Retrying…' : 'Retry'}
          </Button>
        }
      />
    );
  } else if (!data) {
    body = (
      <Box aria-busy="true" aria-label="Loading the properties">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} variant="rounded" height={36} sx={{ mb: 1 }} />
        ))}
      </Box>
    );
  } else if (data.length === 0 && drafts.length === 0) {
    body = (
      <EmptyState
        icon={<TuneIcon />}
        title={`No custom properties on ${source.owner}`}
        hint="Properties are category, key and value triples integrators read with the event. Add them one by one, or paste lines copied from a spreadsheet."
        action={
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'center' }}>
            <Button variant="contained" startIcon={<AddIcon />} onClick={addDraft}>
              Add property
            </Button>
            <Button startIcon={<PasteIcon />} onClick={() => setPaste({ text: '' })}>
              Paste lines
            </Button>
          </Stack>
        }
      />
    );
  } else {
    const cols = compact ? 3 : 5;
    body = (
      <Box sx={{ overflowX: 'auto' }} onPaste={onPaste}>
        <Table
          size="small"
          aria-labelledby={headingId}
          sx={(t) => ({ tableLayout: 'fixed', '& td': { verticalAlign: 'top' }, ...rowStyles(t) })}
        >
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox" sx={{ width: 48 }}>
                <Checkbox
                  size="small"
                  checked={allVisibleSelected}
                  indeterminate={visibleSelected.length > 0 && !allVisibleSelected}
                  onChange={toggleAll}
                  disabled={rows.length === 0}
                  slotProps={{ input: { 'aria-label': allVisibleSelected ? 'Clear the selection' : `Select all ${rows.length} shown` } }}
                />
              </TableCell>
              {compact ? (
                <TableCell>Property</TableCell>
              ) : (
                <>
                  <TableCell sx={{ width: '20%' }}>Category</TableCell>
                  <TableCell sx={{ width: '24%' }}>Key</TableCell>
                  <TableCell>Value</TableCell>
                </>
              )}
              <TableCell sx={{ width: 92 }}>
                <Box component="span" sx={visuallyHidden}>
                  Actions
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, index) => {
              const focusField = editing.get(row.id);
              if (focusField) {
                return (
                  <PropertyEditRow
                    key={row.id}
                    row={row}
                    initial={{ category: row.category, key: row.key, value: row.value }}
                    existing={data}
                    categories={categoryNames}
                    focus={focusField}
                    compact={compact}
                    onSave={(values) => saveRow(row, values)}
                    onCancel={() => stopEdit(row.id)}
                  />
                );
              }
              return (
                <DisplayRow
                  key={row.id}
                  row={row}
                  index={index}
                  active={active?.id === row.id}
                  selected={selection.has(row.id)}
                  recent={recent.has(row.id)}
                  compact={compact}
                  handlers={handlers}
                />
              );
            })}
            {drafts.map((draft) => (
              <PropertyEditRow
                key={draft.id}
                initial={draft.initial}
                existing={data}
                categories={categoryNames}
                focus={draft.focus}
                compact={compact}
                onSave={(values) => saveRow(undefined, values, draft.id)}
                onCancel={() => setDrafts((d) => d.filter((x) => x.id !== draft.id))}
              />
            ))}
            {rows.length === 0 && drafts.length === 0 && (
              <TableRow>
                <TableCell colSpan={cols}>
                  <EmptyState
                    title={category !== null ? `No properties in ${category ? `‘${category}’` : 'no category'}${search ? ` match ‘${search}’` : ''}` : `No properties match ‘${search}’`}
                    action={<Button onClick={clearFilters}>Show all properties</Button>}
                  />
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </Box>
    );
  }

  const confirmRows = confirm?.rows ?? [];
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 1.5, sm: 2 } }}>
      {heading}
      {description && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {description}
        </Typography>
      )}
      {toolbar}
      {selectionBar}
      {body}
      {source.query.error && data && (
        <Typography variant="body2" role="status" sx={{ color: 'warning.main', mt: 1 }}>
          Showing the properties as last loaded: the refresh failed. {describe(source.query.error).message}
        </Typography>
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={confirmRows.length === 1 ? `Delete ‘${describeProperty(confirmRows[0]!)}’?` : `Delete ${plural(confirmRows.length, 'property', 'properties')}?`}
        confirmLabel={confirmRows.length === 1 ? 'Delete property' : `Delete ${plural(confirmRows.length, 'property', 'properties')}`}
        destructive
        busy={deleting}
        error={deleteError}
        onConfirm={() => void runDelete(confirmRows)}
        onClose={() => setConfirm(null)}
      >
        {confirmRows.length === 1 ? (
          <p>
            The property and its value{' '}
            {confirmRows[0]!.value ? `‘${confirmRows[0]!.value.length > 60 ? `${confirmRows[0]!.value.slice(0, 60)}…` : confirmRows[0]!.value}’ ` : ''}are removed from{' '}
            {source.owner}. Integrations reading it will no longer find it.
          </p>
        ) : (
          <>
            <p>
              These properties are removed from {source.owner}. Integrations reading them will no longer find them.
            </p>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {confirmRows.slice(0, 5).map((r) => (
                <li key={r.id}>
                  <Box component="code" sx={{ ...mono, overflowWrap: 'anywhere' }}>
                    {describeProperty(r)}
                  </Box>
                </li>
              ))}
              {confirmRows.length > 5 && <li>…and {confirmRows.length - 5} more</li>}
            </Box>
          </>
        )}
      </ConfirmDialog>
      <PasteDialog
        open={paste !== null}
        source={source}
        initialText={paste?.text ?? ''}
        existing={data ?? []}
        onClose={() => setPaste(null)}
        onSaving={(pairs) => expectAdded(pairs.map(pairKey))}
        onSaved={(ids) => {
          append(ids);
          flash(ids);
          for (const id of ids) pin(id);
        }}
      />
    </Paper>
  );
}

interface RowHandlers {
  onKeyDown: (e: React.KeyboardEvent<HTMLTableRowElement>, row: PropertyRow, index: number) => void;
  startEdit: (row: PropertyRow, field: PropertyField) => void;
  toggle: (id: string) => void;
  askDelete: (row: PropertyRow) => void;
  focus: (id: string) => void;
  ref: (id: string, el: HTMLTableRowElement | null) => void;
}

interface DisplayRowProps {
  row: PropertyRow;
  index: number;
  active: boolean;
  selected: boolean;
  recent: boolean;
  compact: boolean;
  handlers: RowHandlers;
}

/**
 * A property as shown: one tab stop for the table (the active row); its cells open the editor on
 * a click. Kept light (plain cells styled once by the table, no ripples, no Tooltips): a table of
 * hundreds of properties renders at once.
 */
const DisplayRow = memo(function DisplayRow({ row, index, active, selected, recent, compact, handlers }: DisplayRowProps) {
  const label = describeProperty(row);
  const tab = active ? 0 : -1;
  return (
    <tr
      data-row={row.id}
      ref={(el) => handlers.ref(row.id, el)}
      tabIndex={tab}
      aria-label={label}
      aria-selected={selected}
      className={`MuiTableRow-root MuiTableRow-hover${selected ? ' Mui-selected' : ''}${recent ? ' row-recent' : ''}`}
      onFocus={(e) => {
        if (e.target === e.currentTarget) handlers.focus(row.id);
      }}
      onKeyDown={(e) => handlers.onKeyDown(e, row, index)}
    >
      <td className="cell cell-check">
        <Checkbox size="small" disableRipple checked={selected} onChange={() => handlers.toggle(row.id)} slotProps={{ input: { 'aria-label': `Select ${label}`, tabIndex: tab } }} />
      </td>
      {compact ? (
        <td className="cell cell-edit" onClick={() => handlers.startEdit(row, 'value')}>
          <span className="mono small muted block">{row.category || 'no category'}</span>
          <span className="mono strong block">{row.key}</span>
          <ValueText value={row.value} />
        </td>
      ) : (
        <>
          <td className="cell cell-edit mono" onClick={() => handlers.startEdit(row, 'category')}>
            {row.category || <span className="none">none</span>}
          </td>
          <td className="cell cell-edit mono strong" onClick={() => handlers.startEdit(row, 'key')}>
            {row.key}
          </td>
          <td className="cell cell-edit" onClick={() => handlers.startEdit(row, 'value')}>
            <ValueText value={row.value} />
          </td>
        </>
      )}
      <td className="cell cell-actions">
        <IconButton size="small" disableRipple className="row-action" aria-label={`Edit ${label}`} title="Edit (Enter)" tabIndex={tab} onClick={() => handlers.startEdit(row, 'value')}>
          <EditIcon fontSize="small" />
        </IconButton>
        <IconButton size="small" disableRipple className="row-action" aria-label={`Delete ${label}`} title="Delete (Del)" tabIndex={tab} onClick={() => handlers.askDelete(row)}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      </td>
    </tr>
  );
});

/** Styles of the shown rows, once for the whole table (see DisplayRow). */
function rowStyles(t: Theme) {
  return {
    '& tr[data-row]': { cursor: 'default', transition: 'background-color 1s' },
    '& tr[data-row]:hover': { bgcolor: 'action.hover' },
    '& tr[data-row].Mui-selected': { bgcolor: alpha(t.palette.primary.main, t.palette.action.selectedOpacity) },
    '& tr[data-row].row-recent': { bgcolor: alpha(t.palette.success.main, t.palette.mode === 'dark' ? 0.2 : 0.12) },
    '& tr[data-row]:focus-visible': { outline: `2px solid ${t.palette.primary.main}`, outlineOffset: -2 },
    '& td.cell': {
      ...t.typography.body2,
      borderBottom: `1px solid ${t.palette.divider}`,
      padding: '6px 16px',
      verticalAlign: 'top',
      overflowWrap: 'anywhere',
      color: t.palette.text.primary,
    },
    '& td.cell-check': { padding: '0 0 0 4px', width: 48 },
    '& td.cell-edit': { cursor: 'text' },
    '& td.cell-actions': { padding: '2px 8px', whiteSpace: 'nowrap', textAlign: 'right' },
    '& .mono': mono,
    '& .small': { fontSize: 12 },
    '& .muted': { color: t.palette.text.secondary },
    '& .strong': { fontWeight: 600 },
    '& .block': { display: 'block' },
    '& .none, & .value-empty': { color: t.palette.text.disabled, fontStyle: 'italic', fontFamily: t.typography.fontFamily },
    '& .value': { display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden', whiteSpace: 'pre-line' },
    '& .row-action.Mui-focusVisible': { outline: `2px solid ${t.palette.primary.main}` },
    '& .MuiCheckbox-root.Mui-focusVisible': { outline: `2px solid ${t.palette.primary.main}`, outlineOffset: -6 },
    [t.breakpoints.down('sm')]: { '& td.cell': { padding: '6px 8px' } },
  };
}

function idsOf(rows: readonly PropertyRow[]): Set<string> {
  return new Set(rows.map((r) => r.id));
}

/** A value: up to three lines, the rest on hover (and in full when edited). */
function ValueText({ value }: { value: string }) {
  if (value === '') return <span className="value-empty">empty</span>;
  return (
    <span className="value" title={value.length > 120 ? value : undefined}>
      {value}
    </span>
  );
}

const visuallyHidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;
