/** The grid columns of a section: the name (a link that opens the item), the section's own columns, the id, and the row's actions. */
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import { Tooltip } from '#components/tooltip.tsx';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import { CopyButton } from '#components/copy-button.tsx';
import { TruncatedText } from '#components/truncated-text.tsx';
import type { ServerGridColDef } from '#components/server-data-grid.tsx';
import { VisuallyHidden } from '#components/visually-hidden.tsx';
import type { LookupItem, SectionDef } from './sections.tsx';

export interface LookupColumnsOptions<Item> {
  /** The query string that opens an item in the panel. */
  openLink: (id: string) => string;
  onDelete: (item: Item) => void;
  /** False when the key may not delete (its role): no Delete button. */
  canDelete?: boolean;
  /** A phone: the name opens the item, so the row keeps room for it and shows only Delete. */
  phone?: boolean;
}

export function lookupColumns<Item extends LookupItem>(def: SectionDef<Item>, { openLink, onDelete, phone = false, canDelete = true }: LookupColumnsOptions<Item>): ServerGridColDef<Item>[] {
  return [
    {
      field: 'name',
      headerName: 'Name',
      flex: 2,
      minWidth: 160,
      renderCell: ({ row }) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0, height: '100%' }}>
          {def.adornment?.(row)}
          <Link component={RouterLink} to={openLink(row.id)} underline="hover" sx={{ minWidth: 0, fontWeight: 600, color: 'text.primary' }}>
            <TruncatedText text={row.name} fontWeight={600} />
          </Link>
        </Box>
      ),
    },
    ...def.columns.map(
      (column): ServerGridColDef<Item> => ({
        field: column.key,
        headerName: column.label,
        sortable: Boolean(column.sortValue),
        // On a narrow screen the wide columns go (the panel still shows everything).
        ...(column.wide ? { hideBelow: 'md' as const } : {}),
        ...(typeof column.width === 'number' ? { width: column.width } : { flex: 1, minWidth: 120 }),
        renderCell: ({ row }) => <Box sx={{ display: 'flex', alignItems: 'center', minWidth: 0, height: '100%' }}>{column.render(row)}</Box>,
      }),
    ),
    {
      field: 'id',
      headerName: 'Id',
      width: 160,
      sortable: false,
      hideBelow: 'md',
      renderCell: ({ row }) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, height: '100%' }}>
          <Tooltip title={row.id}>
            <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace', fontSize: 13, color: 'text.secondary' }}>
              {row.id.slice(0, 8)}…
            </Typography>
          </Tooltip>
          <CopyButton text={row.id} what={`the id of ${row.name}`} />
        </Box>
      ),
    },
    {
      field: 'actions',
      headerName: 'Actions',
      renderHeader: () => <VisuallyHidden>Actions</VisuallyHidden>,
      width: phone ? 52 : 96,
      sortable: false,
      disableColumnMenu: true,
      align: 'right',
      renderCell: ({ row }) => (
        <Box sx={{ whiteSpace: 'nowrap' }}>
          {!phone && (
            <Tooltip title="Edit">
              <IconButton size="small" aria-label={`Edit ${row.name}`} component={RouterLink} to={openLink(row.id)}>
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          {canDelete && (
            <Tooltip title="Delete">
              <IconButton size="small" aria-label={`Delete ${row.name}`} onClick={() => onDelete(row)}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Box>
      ),
    },
  ];
}
