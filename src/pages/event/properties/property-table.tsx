// Over ~250 lines on purpose: the state the table's parts share (selection, the row being edited, paste, delete, filters) is wired here once; the parts themselves live apart (listed below).
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
 *
 * Its parts: the toolbar (property-toolbar.tsx), the rows (property-grid.tsx, use-row-handlers.ts),
 * deleting (delete-properties.tsx), the filters (use-property-filters.ts), the heading and the
 * states before there are rows (property-states.tsx).
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useHotkeys } from '#app/hotkeys.tsx';
import { notify } from '#app/notifications.tsx';
import { useDescribeError } from '#app/use-describe-error.ts';
import { DeletePropertiesDialog, useDeleteProperties } from './delete-properties.tsx';
import { PasteDialog } from './paste-dialog.tsx';
import { pairKey } from './paste.ts';
import type { PropertyField } from './property-errors.ts';
import type { PropertyValues } from './property-edit-row.tsx';
import { PropertyGrid, type Draft } from './property-grid.tsx';
import type { PropertyRow, PropertySource } from './property-source.ts';
import { NoProperties, PropertiesFailed, PropertiesLoading, PropertyHeading } from './property-states.tsx';
import { PropertyToolbar, SelectionBar } from './property-toolbar.tsx';
import { describeProperty } from './property-words.ts';
import { useStableOrder } from './stable-order.ts';
import { matches, usePropertyFilters } from './use-property-filters.ts';
import { useRowHandlers } from './use-row-handlers.ts';

export { describeProperty };

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

function PropertyTableBody({ source, title, headingLevel = 'h2', description, params: paramNames, extraActions, hotkeyGroup }: PropertyTableProps) {
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'));
  const headingId = useId();
  const describe = useDescribeError();
  const filters = usePropertyFilters(paramNames);
  const { category, search, key: filterKey } = filters;

  const data = source.query.data;
  // A key that may not write reads the table: no adding, pasting, editing or deleting (the tab's RoleNotice says why).
  const writable = source.write.allowed;
  const { items: ordered, append, expect: expectAdded } = useStableOrder(data, source.scope, pairKey);
  const [editing, setEditing] = useState<ReadonlyMap<string, PropertyField>>(new Map());
  const [drafts, setDrafts] = useState<readonly Draft[]>([]);
  const [selection, setSelection] = useState<ReadonlySet<string>>(new Set());
  // Rows edited under the current filter stay in view even when they no longer match it.
  const [pinned, setPinned] = useState<{ filter: string; ids: ReadonlySet<string> }>({ filter: filterKey, ids: new Set() });
  const [recent, setRecent] = useState<ReadonlySet<string>>(new Set());
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

  // The active row only ever names a row shown.
  const existingIds = useMemo(() => new Set((data ?? []).map((r) => r.id)), [data]);
  const visibleSelected = rows.filter((r) => selection.has(r.id));
  const active = rows.find((r) => r.id === activeId && !editing.has(r.id)) ?? rows.find((r) => !editing.has(r.id));

  const addDraft = useCallback(() => {
    if (!writable) return;
    const id = `draft-${nextDraft.current++}`;
    setDrafts((d) => [...d, { id, initial: { category: category ?? '', key: '', value: '' }, focus: category !== null ? 'key' : 'category' }]);
  }, [category, writable]);
  const startEdit = (row: PropertyRow, focus: PropertyField) => {
    setActiveId(row.id);
    if (!writable) return;
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
  const toggle = (id: string) =>
    setSelection((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allVisibleSelected = rows.length > 0 && visibleSelected.length === rows.length;
  const toggleAll = () => setSelection(allVisibleSelected ? new Set() : new Set(rows.map((r) => r.id)));

  const deletion = useDeleteProperties({
    source,
    data,
    onDone: (failedIds, targets) => {
      setSelection((s) => new Set([...s].filter((id) => failedIds.has(id))));
      if (failedIds.size > 0) return;
      // Focus moves to the row after the deleted one, so the keyboard user keeps their place.
      const index = rows.findIndex((r) => r.id === targets[0]?.id);
      const gone = new Set(targets.map((r) => r.id));
      const next = rows.slice(index + 1).find((r) => !gone.has(r.id)) ?? rows.slice(0, index).reverse().find((r) => !gone.has(r.id));
      if (next) {
        setActiveId(next.id);
        setFocusRequest({ id: next.id });
      }
    },
  });
  const askPaste = (text: string) => writable && setPaste({ text });
  const handlers = useRowHandlers({ rows, editing, writable, setActiveId, startEdit, toggle, askDelete: (row) => writable && deletion.ask([row]), rowRefs });

  useEffect(() => {
    if (!focusRequest) return;
    const row = rowRefs.current.get(focusRequest.id);
    if (row) {
      row.focus();
      setFocusRequest(null);
    }
  }, [focusRequest, rows, editing]);

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
      return { error };
    }
  };

  useHotkeys(
    hotkeyGroup && writable
      ? [
          { keys: 'a', description: 'Add a property', group: hotkeyGroup, run: addDraft },
          { keys: 'p', description: 'Paste properties from a spreadsheet', group: hotkeyGroup, run: () => askPaste('') },
        ]
      : [],
  );

  const onPaste = (e: React.ClipboardEvent) => {
    const target = e.target as HTMLElement;
    if (target.closest('input, textarea')) return;
    const text = e.clipboardData.getData('text/plain');
    if (!text.trim()) return;
    e.preventDefault();
    askPaste(text);
  };

  let body: ReactNode;
  if (source.query.error && !data) {
    body = <PropertiesFailed message={describe(source.query.error).message} retrying={source.query.isFetching} onRetry={() => void source.query.refetch()} />;
  } else if (!data) {
    body = <PropertiesLoading />;
  } else if (data.length === 0 && drafts.length === 0) {
    body = <NoProperties owner={source.owner} writable={writable} onAdd={addDraft} onPaste={() => askPaste('')} />;
  } else {
    body = (
      <PropertyGrid
        headingId={headingId}
        rows={rows}
        data={data}
        categoryNames={categoryNames}
        editing={editing}
        drafts={drafts}
        activeId={active?.id}
        selection={selection}
        recent={recent}
        compact={compact}
        filters={filters}
        handlers={handlers}
        onToggleAll={toggleAll}
        onSave={saveRow}
        onStopEdit={stopEdit}
        onDropDraft={(id) => setDrafts((d) => d.filter((x) => x.id !== id))}
        onPaste={onPaste}
      />
    );
  }

  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 1.5, sm: 2 } }}>
      <PropertyHeading id={headingId} title={title} level={headingLevel} total={data?.length} shown={rows.length} filtered={filters.filtered} />
      {description && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {description}
        </Typography>
      )}
      <PropertyToolbar ready={!!data} writable={writable} filters={filters} categories={categories} onAdd={addDraft} onPaste={() => askPaste('')} extraActions={extraActions} />
      <SelectionBar count={visibleSelected.length} writable={writable} onDelete={() => deletion.ask(visibleSelected)} onClear={() => setSelection(new Set())} />
      {body}
      {source.query.error && data && (
        <Typography variant="body2" role="status" sx={{ color: 'warning.main', mt: 1 }}>
          Showing the properties as last loaded: the refresh failed. {describe(source.query.error).message}
        </Typography>
      )}
      <DeletePropertiesDialog deletion={deletion} owner={source.owner} />
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
