// Over ~250 lines on purpose: the grid and its memoised display row share the row styles and keyboard handlers; apart, each would import the other's internals.
/**
 * The property table itself: the header with select-all, a row per shown property (or its editor),
 * the new rows being written, and a line when the filters match nothing.
 */
import { memo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { alpha, type Theme } from '@mui/material/styles';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import { EmptyState } from '#components/empty-state.tsx';
import type { PropertyField } from './property-errors.ts';
import { PropertyEditRow, type PropertyValues } from './property-edit-row.tsx';
import type { PropertyRow } from './property-source.ts';
import type { PropertyFilters } from './use-property-filters.ts';
import type { RowHandlers } from './use-row-handlers.ts';
import { describeProperty, mono } from './property-words.ts';

/** A new row being written, not saved yet. */
export interface Draft {
  id: string;
  initial: PropertyValues;
  focus: PropertyField;
}

interface PropertyGridProps {
  headingId: string;
  /** The rows shown (filtered), and every property the owner has. */
  rows: readonly PropertyRow[];
  data: readonly PropertyRow[];
  categoryNames: readonly string[];
  /** Rows being edited, with the field the editor opens on. */
  editing: ReadonlyMap<string, PropertyField>;
  drafts: readonly Draft[];
  activeId: string | undefined;
  selection: ReadonlySet<string>;
  recent: ReadonlySet<string>;
  compact: boolean;
  filters: PropertyFilters;
  handlers: RowHandlers;
  onToggleAll: () => void;
  onSave: (row: PropertyRow | undefined, values: PropertyValues, draftId?: string) => Promise<{ error: unknown } | null>;
  onStopEdit: (id: string) => void;
  onDropDraft: (id: string) => void;
  onPaste: (e: React.ClipboardEvent) => void;
}

export function PropertyGrid(props: PropertyGridProps) {
  const { rows, data, categoryNames, editing, drafts, selection, compact, filters, handlers } = props;
  const { category, search } = filters;
  const selectedShown = rows.filter((r) => selection.has(r.id)).length;
  const allSelected = rows.length > 0 && selectedShown === rows.length;
  return (
    <Box sx={{ overflowX: 'auto' }} onPaste={props.onPaste}>
      <Table size="small" aria-labelledby={props.headingId} sx={(t) => ({ tableLayout: 'fixed', '& td': { verticalAlign: 'top' }, ...rowStyles(t) })}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox" sx={{ width: 48 }}>
              <Checkbox
                size="small"
                checked={allSelected}
                indeterminate={selectedShown > 0 && !allSelected}
                onChange={props.onToggleAll}
                disabled={rows.length === 0}
                slotProps={{ input: { 'aria-label': allSelected ? 'Clear the selection' : `Select all ${rows.length} shown` } }}
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
                  onSave={(values) => props.onSave(row, values)}
                  onCancel={() => props.onStopEdit(row.id)}
                />
              );
            }
            return (
              <DisplayRow
                key={row.id}
                row={row}
                index={index}
                active={props.activeId === row.id}
                selected={selection.has(row.id)}
                recent={props.recent.has(row.id)}
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
              onSave={(values) => props.onSave(undefined, values, draft.id)}
              onCancel={() => props.onDropDraft(draft.id)}
            />
          ))}
          {rows.length === 0 && drafts.length === 0 && (
            <TableRow>
              <TableCell colSpan={compact ? 3 : 5}>
                <EmptyState
                  title={category !== null ? `No properties in ${category ? `‘${category}’` : 'no category'}${search ? ` match ‘${search}’` : ''}` : `No properties match ‘${search}’`}
                  action={<Button onClick={filters.clear}>Show all properties</Button>}
                />
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </Box>
  );
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
        <IconButton size="small" disableRipple className="row-action" aria-label={`Edit ${label}`} title="Edit (Enter)" tabIndex={tab} disabled={!handlers.writable} onClick={() => handlers.startEdit(row, 'value')}>
          <EditIcon fontSize="small" />
        </IconButton>
        <IconButton size="small" disableRipple className="row-action" aria-label={`Delete ${label}`} title="Delete (Del)" tabIndex={tab} disabled={!handlers.writable} onClick={() => handlers.askDelete(row)}>
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
