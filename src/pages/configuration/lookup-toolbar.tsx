/** Above a section's list: the search (`/`; Escape clears it), how many items there are or match, Refresh and Add. */
import type { Ref } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { Tooltip } from '#components/tooltip.tsx';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ClearIcon from '@mui/icons-material/Clear';
import RefreshIcon from '@mui/icons-material/Refresh';
import { searchAdornment } from '#components/search-adornment.tsx';

export interface LookupToolbarProps {
  /** "event types" */
  plural: string;
  /** "event type" */
  singular: string;
  search: string;
  onSearch: (search: string) => void;
  searchRef: Ref<HTMLInputElement>;
  /** "2 event types", "1 of 2 match", "Loading…". */
  count: string;
  refreshing: boolean;
  onRefresh: () => void;
  onAdd: () => void;
  /** False when the key may not add (its role): the button is disabled. */
  canAdd?: boolean;
}

export function LookupToolbar({ plural, singular, search, onSearch, searchRef, count, refreshing, onRefresh, onAdd, canAdd = true }: LookupToolbarProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 2 }}>
      <TextField
        inputRef={searchRef}
        size="small"
        label={`Search ${plural}`}
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && search) {
            event.stopPropagation();
            onSearch('');
          }
        }}
        sx={{ flex: '1 1 240px', maxWidth: { sm: 360 } }}
        slotProps={{
          input: {
            startAdornment: searchAdornment,
            endAdornment: search ? (
              <InputAdornment position="end">
                <IconButton size="small" aria-label="Clear the search" onClick={() => onSearch('')} edge="end">
                  <ClearIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ) : undefined,
          },
        }}
      />
      <Typography variant="body2" aria-live="polite" sx={{ color: 'text.secondary', flex: '1 1 auto' }}>
        {count}
      </Typography>
      <Tooltip title="Refresh (r)">
        <span>
          <IconButton aria-label={`Refresh the ${plural}`} onClick={onRefresh} disabled={refreshing}>
            <RefreshIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd} disabled={!canAdd} aria-keyshortcuts={canAdd ? 'n' : undefined}>
        Add {singular}
      </Button>
    </Box>
  );
}
