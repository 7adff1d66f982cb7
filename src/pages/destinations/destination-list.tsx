/**
 * The destinations in the one grid: target icon, name, target and kind, whether active; Activate,
 * Edit and Delete on each (for a key that may change configuration). The list operations answer
 * them whole: sorted and paged here, the view in the URL; a row opens the destination beside it.
 */
import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { editDeleteColumn } from '#components/edit-delete-column.tsx';
import { EmptyState } from '#components/empty-state.tsx';
import type { ServerGridColDef } from '#components/server-data-grid.tsx';
import { definePagedView, usePagedView } from '#components/use-paged-view.ts';
import { sortRows } from '#components/whole-list.ts';
import { WholeListGrid } from '#components/whole-list-grid.tsx';
import { TargetIcon, targetName } from '#pages/publications/index.ts';
import { ActiveChip } from './activation-dialog.tsx';
import type { AnyDestination, DestinationApi } from './destination-form.ts';

const API_LABEL: Record<DestinationApi, string> = { media: 'Syndication', direct: 'Direct' };

type DestinationSortField = 'name' | 'active';
const DESTINATIONS_VIEW = definePagedView<DestinationSortField>({ pageSizes: [25, 50, 100], sortFields: ['name', 'active'], defaultSort: { field: 'name', direction: 'asc' } });
const SORT_VALUES = {
  name: (d: AnyDestination) => d.name.toLowerCase(),
  // Those needing activation first when ascending: they are what the operator acts on.
  active: (d: AnyDestination) => (d.active ? 1 : 0),
} satisfies Record<DestinationSortField, (d: AnyDestination) => number | string>;

export interface DestinationListProps {
  destinations: readonly AnyDestination[];
  selectedId: string | null;
  activating: boolean;
  onOpen: (d: AnyDestination) => void;
  onActivate: (d: AnyDestination) => void;
  onEdit: (d: AnyDestination) => void;
  onDelete: (d: AnyDestination) => void;
  /** False for a key that may not change configuration (the page says why): no Activate, Edit or Delete. */
  canConfigure?: boolean;
}

type ColumnOptions = Omit<DestinationListProps, 'destinations' | 'selectedId'> & { phone: boolean };

/**
 * The name (with the target and kind under it), the state, and the actions. On a phone the state
 * goes under the name, and Activate beside it: in the actions column it took the width the state
 * needed ("Needs activation" was cut).
 */
function destinationColumns({ activating, onOpen, onActivate, onEdit, onDelete, canConfigure = true, phone }: ColumnOptions): ServerGridColDef<AnyDestination>[] {
  const activate = (d: AnyDestination) =>
    canConfigure &&
    !d.active && (
      <Button size="small" variant="outlined" onClick={(e) => { e.stopPropagation(); onActivate(d); }} disabled={activating}>
        Activate
      </Button>
    );
  const columns: ServerGridColDef<AnyDestination>[] = [
    {
      field: 'name',
      headerName: 'Destination',
      flex: 1,
      minWidth: 150,
      renderCell: ({ row: d }) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, height: '100%', minWidth: 0, py: 1 }}>
          <TargetIcon target={d.target} fontSize="medium" />
          <Box sx={{ minWidth: 0 }}>
            {/* The row opens on a click anywhere; the name is its control for the keyboard. */}
            <Link component="button" type="button" variant="body2" underline="hover" color="inherit" noWrap title={d.name} onClick={(e) => { e.stopPropagation(); onOpen(d); }} sx={{ display: 'block', maxWidth: '100%', textAlign: 'left' }}>
              {d.name}
            </Link>
            <Typography variant="caption" component="div" noWrap sx={{ color: 'text.secondary' }}>
              {targetName(d.target)} · {API_LABEL[d.api]}
            </Typography>
            {/* On a phone the state column is left out: the state shows here. */}
            {phone && (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.25 }}>
                <ActiveChip active={d.active} />
                {activate(d)}
              </Box>
            )}
          </Box>
        </Box>
      ),
    },
    { field: 'active', headerName: 'State', width: 175, hideBelow: 'sm', renderCell: ({ row: d }) => (
        <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
          <ActiveChip active={d.active} />
        </Box>
      ),
    },
  ];
  if (!canConfigure) return columns;
  // On a phone Activate is under the name (above), so the column holds Edit and Delete alone.
  return [...columns, editDeleteColumn<AnyDestination>({ name: (d) => d.name, onEdit, onDelete, ...(phone ? {} : { before: activate, width: 170 }) })];
}

export function DestinationList({ destinations, selectedId, ...options }: DestinationListProps) {
  const [view, , grid] = usePagedView(DESTINATIONS_VIEW);
  const sorted = useMemo(() => sortRows(destinations, view.sort, SORT_VALUES), [destinations, view.sort]);
  const { activating, onOpen, onActivate, onEdit, onDelete, canConfigure } = options;
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const columns = useMemo(() => destinationColumns({ activating, onOpen, onActivate, onEdit, onDelete, canConfigure, phone }), [activating, onOpen, onActivate, onEdit, onDelete, canConfigure, phone]);
  return (
    <WholeListGrid<AnyDestination, DestinationSortField>
      label="Destinations"
      rows={sorted}
      view={view}
      columns={columns}
      grid={grid}
      empty={<EmptyState title="No destinations on this page" />}
      onRowClick={onOpen}
      highlighted={selectedId ? [selectedId] : []}
      rowHeight="auto"
    />
  );
}
