/** The list of the schedule's conflicts (events overlapping on one channel), opened from the toolbar. */
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import WarningIcon from '@mui/icons-material/WarningAmberRounded';
import type { ConflictGroup } from './schedule-model.ts';
import { formatTime } from './schedule-event.tsx';

const conflictDayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short' });

export function ConflictsPanel({ open, conflicts, onClose }: { open: boolean; conflicts: readonly ConflictGroup[]; onClose: () => void }) {
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      // Above the app bar, as a dialog is.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 440 }, p: 2 }, role: 'dialog', 'aria-labelledby': 'conflicts-title' } as object }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <Typography id="conflicts-title" variant="h2" sx={{ flex: 1 }}>
          Conflicts
        </Typography>
        <IconButton aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        Events booked on the same channel at the same time, in the period shown. A channel streams one event at a time: move the events of each group
        apart, or give some of them another channel.
      </Typography>
      {conflicts.length === 0 ? (
        <Typography variant="body2">No conflicts in this period.</Typography>
      ) : (
        <List dense aria-label="Conflicting events" disablePadding>
          {conflicts.map((group) => (
            <ListItem key={group.items.map((i) => i.id).join('/')} disableGutters sx={{ display: 'block', borderBottom: 1, borderColor: 'divider', py: 1 }}>
              <Typography variant="caption" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'warning.main', fontWeight: 700 }}>
                <WarningIcon aria-hidden sx={{ fontSize: 16 }} />
                {group.channel} · {conflictDayFormat.format(group.start)} {formatTime(group.start)}–{formatTime(group.end)}
                {group.items.length > 2 ? ` · ${group.items.length} events` : ''}
              </Typography>
              {group.items.map((item) => (
                <Link key={item.id} component={RouterLink} to={`/events/${item.id}`} variant="body2" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                  {item.title} ({formatTime(item.start)}–{item.openEnded ? 'open end' : formatTime(item.end)})
                </Link>
              ))}
            </ListItem>
          ))}
        </List>
      )}
    </Drawer>
  );
}
