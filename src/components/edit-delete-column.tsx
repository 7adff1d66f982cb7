/**
 * The last column of a list whose records are edited in a dialog and deleted after a confirmation:
 * Edit and Delete as icon buttons named for the record ("Edit the archiver flow Catch-up"), with
 * room for a row's own action before them (Activate).
 *
 * @example
 * editDeleteColumn<Archiverflow>({ name: (f) => `the archiver flow ${f.name}`, onEdit: setEditing, onDelete: setDeleting })
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { Tooltip } from './tooltip.tsx';
import type { GridValidRowModel } from '@mui/x-data-grid';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import type { ServerGridColDef } from './server-data-grid.tsx';

export interface EditDeleteColumnOptions<R extends GridValidRowModel> {
  /** The record as the buttons' names say it, after "Edit " and "Delete ". */
  name: (row: R) => string;
  onEdit: (row: R) => void;
  onDelete: (row: R) => void;
  /** A row's own action, before Edit. */
  before?: (row: R) => ReactNode;
  /** Wide enough for `before` too. */
  width?: number;
}

export function editDeleteColumn<R extends GridValidRowModel>({ name, onEdit, onDelete, before, width = 96 }: EditDeleteColumnOptions<R>): ServerGridColDef<R> {
  return {
    field: 'actions',
    headerName: 'Actions',
    width,
    sortable: false,
    disableColumnMenu: true,
    align: 'right',
    headerAlign: 'right',
    renderCell: ({ row }) => (
      // A click on an action is not a click that opens the row.
      <Box onClick={(e) => e.stopPropagation()} sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', height: '100%', gap: 0.5 }}>
        {before?.(row)}
        <Tooltip title="Edit">
          <IconButton size="small" aria-label={`Edit ${name(row)}`} onClick={() => onEdit(row)}>
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title="Delete">
          <IconButton size="small" aria-label={`Delete ${name(row)}`} onClick={() => onDelete(row)}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
    ),
  };
}
