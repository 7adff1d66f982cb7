/** Above the gallery: filters by name, type, state (and event, on the Assets page), how many assets show, and Delete selected. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { EventPicker } from '#components/event-picker.tsx';
import { assetStateLabel, assetTypeLabel, STATE_FILTERS, TYPE_FILTERS } from './use-assets.ts';
import type { GalleryFilters } from './use-assets.ts';

export interface GalleryToolbarProps {
  filters: GalleryFilters;
  setFilters: (patch: Partial<GalleryFilters>) => void;
  /** The name field's text (the list follows it after a pause). */
  nameInput: string;
  setNameInput: (name: string) => void;
  /** Set: one event's gallery, no event filter. */
  eventId?: string;
  /** "12 assets", "100+ assets"; empty while loading. */
  count: string;
  selectedCount: number;
  onDeleteSelected: () => void;
  /** False for a key that may not delete assets (the gallery says why). */
  mayDelete: boolean;
}

const toggleList = (list: string[], value: string) => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);

export function GalleryToolbar({ filters, setFilters, nameInput, setNameInput, eventId, count, selectedCount, onDeleteSelected, mayDelete }: GalleryToolbarProps) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}>
      <TextField
        size="small"
        label="Name"
        value={nameInput}
        onChange={(e) => setNameInput(e.target.value)}
        sx={{ width: { xs: '100%', sm: 220 } }}
        slotProps={{ htmlInput: { 'aria-label': 'Filter by name' } }}
      />
      <TextField
        select
        size="small"
        label="Type"
        value={filters.types}
        sx={{ minWidth: 150 }}
        slotProps={{ select: { multiple: true, displayEmpty: true, renderValue: (v) => ((v as string[]).length ? (v as string[]).map(assetTypeLabel).join(', ') : 'All') }, inputLabel: { shrink: true } }}
        onChange={() => undefined}
      >
        {TYPE_FILTERS.map((type) => (
          <MenuItem key={type} value={type} onClick={() => setFilters({ types: toggleList(filters.types, type) })}>
            <Checkbox size="small" checked={filters.types.includes(type)} sx={{ p: 0.5, mr: 1 }} />
            {assetTypeLabel(type)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="State"
        value={filters.states}
        sx={{ minWidth: 150 }}
        slotProps={{ select: { multiple: true, displayEmpty: true, renderValue: (v) => ((v as string[]).length ? (v as string[]).map(assetStateLabel).join(', ') : 'All') }, inputLabel: { shrink: true } }}
        onChange={() => undefined}
      >
        {STATE_FILTERS.map((state) => (
          <MenuItem key={state} value={state} onClick={() => setFilters({ states: toggleList(filters.states, state) })}>
            <Checkbox size="small" checked={filters.states.includes(state)} sx={{ p: 0.5, mr: 1 }} />
            {assetStateLabel(state)}
          </MenuItem>
        ))}
      </TextField>
      {!eventId && (
        <Box sx={{ width: { xs: '100%', sm: 320 } }}>
          <EventPicker value={filters.eventId} onChange={(id) => setFilters({ eventId: id })} label="Event" />
        </Box>
      )}
      <Box sx={{ flex: 1 }} />
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {count}
      </Typography>
      <Button
        variant="outlined"
        color="error"
        startIcon={<DeleteIcon />}
        disabled={selectedCount === 0 || !mayDelete}
        onClick={onDeleteSelected}
      >
        Delete selected{selectedCount > 0 ? ` (${selectedCount})` : ''}
      </Button>
    </Box>
  );
}
