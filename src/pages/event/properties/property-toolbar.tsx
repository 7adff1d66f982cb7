/** The property table's toolbar (add, paste, the filters) and the bar of what is selected. */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import PasteIcon from '@mui/icons-material/ContentPasteOutlined';
import type { PropertyFilters } from './use-property-filters.ts';
import { searchAdornment } from '#components/search-adornment.tsx';

interface PropertyToolbarProps {
  ready: boolean;
  /** The key may add and paste (else both are off; the tab says why). */
  writable: boolean;
  filters: PropertyFilters;
  /** Every category with its count of properties, by name. */
  categories: readonly (readonly [string, number])[];
  onAdd: () => void;
  onPaste: () => void;
  extraActions?: ReactNode;
}

// The select's values: the two choices that are not a category name.
const ALL = '\u0000all';
const NONE = '\u0000none';

export function PropertyToolbar({ ready, writable, filters, categories, onAdd, onPaste, extraActions }: PropertyToolbarProps) {
  const { category, search } = filters;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 1.5, mb: 1.5 }}>
      <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd} disabled={!ready || !writable}>
        Add property
      </Button>
      <Button variant="outlined" startIcon={<PasteIcon />} onClick={onPaste} disabled={!ready || !writable}>
        Paste lines
      </Button>
      {extraActions}
      {/* The filters wrap as one group, to the right, when the toolbar runs out of room. */}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', ml: 'auto', flex: { xs: '1 1 100%', sm: '0 1 auto' } }}>
        <TextField
          select
          size="small"
          label="Category"
          value={category === null ? ALL : category === '' ? NONE : category}
          onChange={(e) => filters.setCategory(e.target.value === ALL ? null : e.target.value === NONE ? '' : e.target.value)}
          sx={{ minWidth: 160, maxWidth: { xs: '100%', sm: 240 }, flex: { xs: '1 1 140px', sm: '0 0 auto' } }}
          slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
        >
          <MenuItem value={ALL}>All categories</MenuItem>
          {categories.map(([name, count]) => (
            <MenuItem key={name || NONE} value={name || NONE}>
              <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', fontStyle: name ? undefined : 'italic' }}>
                {name || 'No category'}
              </Box>
              <Box component="span" sx={{ ml: 'auto', pl: 2, color: 'text.secondary' }}>
                {count}
              </Box>
            </MenuItem>
          ))}
          {category !== null && !categories.some(([c]) => c === category) && <MenuItem value={category || NONE}>{category || 'No category'}</MenuItem>}
        </TextField>
        <TextField
          size="small"
          type="search"
          label="Find"
          value={search}
          onChange={(e) => filters.setSearch(e.target.value)}
          sx={{ flex: { xs: '1 1 140px', sm: '0 0 200px' } }}
          slotProps={{
            input: {
              startAdornment: searchAdornment,
            },
          }}
        />
      </Box>
    </Stack>
  );
}

export function SelectionBar({ count, writable, onDelete, onClear }: { count: number; writable: boolean; onDelete: () => void; onClear: () => void }) {
  if (count === 0) return null;
  return (
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
        {count} selected
      </Typography>
      <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={onDelete} disabled={!writable}>
        Delete selected
      </Button>
      <Button size="small" onClick={onClear}>
        Clear selection
      </Button>
    </Box>
  );
}
