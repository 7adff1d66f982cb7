/**
 * Filters that wait behind a button: "More filters", with a badge counting the active ones while
 * they are hidden, and the panel it opens below the row of filters that holds the button. The
 * panel starts open when one of its filters is on, so a shared link shows what filters the list.
 *
 * @example
 * const more = useMoreFilters([filters.room, filters.tags.length].filter(Boolean).length);
 * <Box sx={{ display: 'flex', gap: 1.5 }}><SearchField … />{more.button}</Box>
 * <MoreFiltersPanel more={more}><NameField label="Room" … /></MoreFiltersPanel>
 */
import { useId, useState, type ReactNode } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import FilterListIcon from '@mui/icons-material/FilterList';

export interface MoreFilters {
  open: boolean;
  panelId: string;
  /** The "More filters" button, for the row of filters it belongs to. */
  button: ReactNode;
}

/** `active`: how many of the panel's filters are on. */
export function useMoreFilters(active: number): MoreFilters {
  const [open, setOpen] = useState(active > 0);
  const panelId = useId();
  const button = (
    <Badge badgeContent={open ? 0 : active} color="primary" overlap="rectangular">
      <Button
        variant={open ? 'contained' : 'outlined'}
        color="inherit"
        startIcon={<FilterListIcon />}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
        sx={{ height: 40, borderColor: 'divider', ...(open ? { bgcolor: 'action.selected', boxShadow: 'none' } : {}) }}
      >
        More filters
      </Button>
    </Badge>
  );
  return { open, panelId, button };
}

/** The panel of `useMoreFilters`; its controls wrap onto as many rows as they need. */
export function MoreFiltersPanel({ more, children }: { more: MoreFilters; children: ReactNode }) {
  return (
    <Collapse in={more.open} unmountOnExit>
      <Box id={more.panelId} role="group" aria-label="More filters" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, pt: 1.5, alignItems: 'center' }}>
        {children}
      </Box>
    </Collapse>
  );
}
