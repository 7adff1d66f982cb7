/** The destinations in one list: target icon, name, target and kind, whether active; Activate, Edit and Delete on each. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import { TargetIcon, targetName } from '#pages/publications/index.ts';
import { ActiveChip } from './activation-dialog.tsx';
import type { AnyDestination, DestinationApi } from './destination-form.ts';

const API_LABEL: Record<DestinationApi, string> = { media: 'Syndication', direct: 'Direct' };

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

export function DestinationList({ destinations, selectedId, activating, onOpen, onActivate, onEdit, onDelete, canConfigure = true }: DestinationListProps) {
  return (
        <Paper variant="outlined">
          <List aria-label="Destinations" disablePadding>
            {destinations.map((d) => (
              <ListItem
                key={d.id}
                divider
                disablePadding
                secondaryAction={
                  canConfigure && (
                  <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                    {!d.active && (
                      <Button size="small" variant="outlined" onClick={() => onActivate(d)} disabled={activating}>
                        Activate
                      </Button>
                    )}
                    <Tooltip title="Edit">
                      <IconButton size="small" aria-label={`Edit ${d.name}`} onClick={() => onEdit(d)}>
                        <EditIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title="Delete">
                      <IconButton size="small" aria-label={`Delete ${d.name}`} onClick={() => onDelete(d)}>
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </Stack>
                  )
                }
              >
                <ListItemButton selected={d.id === selectedId} onClick={() => onOpen(d)} sx={{ '&&': { pr: !canConfigure ? 2 : d.active ? 12 : 24 } }}>
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    <TargetIcon target={d.target} fontSize="medium" />
                  </ListItemIcon>
                  <ListItemText
                    primary={<Typography noWrap title={d.name}>{d.name}</Typography>}
                    secondary={
                      <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                        {targetName(d.target)} · {API_LABEL[d.api]} <ActiveChip active={d.active} />
                      </Box>
                    }
                    slotProps={{ secondary: { component: 'span' } }}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Paper>
  );
}
