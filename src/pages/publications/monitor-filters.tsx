/** The monitor's filters: state groups with their counts, kind, target, destination, event, content id, and behind "More filters" the creation dates. */
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { DestinationTarget } from '#schema';
import { api } from '#app/api.ts';
import { EventPicker } from '#components/event-picker.tsx';
import { MoreFiltersPanel, useMoreFilters } from '#components/more-filters.tsx';
import { GROUPS, type MonitorFilters } from './monitor-view.ts';
import { GROUP_LABELS, TargetLabel, type StateGroup } from './targets.tsx';

export function isFiltered(view: MonitorFilters): boolean {
  return Boolean(view.kind || view.states.length > 0 || view.target || view.destination || view.event || view.q || view.from || view.to);
}

export interface MonitorFilterBarProps {
  view: MonitorFilters;
  counts: Partial<Record<StateGroup, number>> | undefined;
  set: (changes: Partial<MonitorFilters>) => void;
  onClear: () => void;
}

export function MonitorFilterBar({ view, counts, set, onClear }: MonitorFilterBarProps) {
  const destinations = useQuery(api.mediaDestination.list.queryOptions({}));
  const filtered = isFiltered(view);
  const toggleGroup = (g: StateGroup) => {
    const next = view.states.includes(g) ? view.states.filter((s) => s !== g) : [...view.states, g];
    set({ states: next });
  };
  // On a narrow screen only the kind and the content id stay in view: the rest wait behind "More
  // filters", so the list starts on the first screen of a phone. The creation dates always wait there.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const more = useMoreFilters([narrow && view.target, narrow && view.destination, narrow && view.event, view.from || view.to].filter(Boolean).length);
  const kind = (
    <ToggleButtonGroup size="small" exclusive value={view.kind ?? 'all'} onChange={(_e, v: string | null) => v && set({ kind: v === 'all' ? null : (v as 'live' | 'vod') })} aria-label="Kind">
      <ToggleButton value="all">All</ToggleButton>
      <ToggleButton value="live">Live</ToggleButton>
      <ToggleButton value="vod">VOD</ToggleButton>
    </ToggleButtonGroup>
  );
  const contentId = <TextField size="small" label="Content id" value={view.q} onChange={(e) => set({ q: e.target.value })} sx={{ width: 160 }} />;
  const where = (
    <>
      <TextField select size="small" label="Target" value={view.target ?? ''} onChange={(e) => set({ target: e.target.value || null })} sx={{ minWidth: 150 }}>
        <MenuItem value="">Any target</MenuItem>
        {DestinationTarget.names.map((n) => (
          <MenuItem key={n} value={n}>
            <TargetLabel target={DestinationTarget.values[n]} />
          </MenuItem>
        ))}
      </TextField>
      <TextField select size="small" label="Destination" value={view.destination ?? ''} onChange={(e) => set({ destination: e.target.value || null })} sx={{ minWidth: 180 }}>
        <MenuItem value="">Any destination</MenuItem>
        {(destinations.data ?? []).map((d) => (
          <MenuItem key={d.id} value={d.id}>
            {d.name}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ width: 260, maxWidth: '100%' }}>
        <EventPicker value={view.event} onChange={(id) => set({ event: id })} label="Event" size="small" />
      </Box>
    </>
  );
  const created = (
    <>
      <TextField size="small" type="datetime-local" label="Created from" value={view.from ?? ''} onChange={(e) => set({ from: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
      <TextField size="small" type="datetime-local" label="Created before" value={view.to ?? ''} onChange={(e) => set({ to: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
    </>
  );
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ mb: 1.5, flexWrap: 'wrap', rowGap: 1 }} role="group" aria-label="Filter by state">
        {GROUPS.map((g) => {
          const on = view.states.includes(g);
          const n = counts?.[g];
          return (
            <Chip
              key={g}
              label={`${GROUP_LABELS[g]}${n === undefined ? '' : ` ${n}`}`}
              color={g === 'Failed' && (n ?? 0) > 0 ? 'error' : on ? 'primary' : 'default'}
              variant={on ? 'filled' : 'outlined'}
              onClick={() => toggleGroup(g)}
              aria-pressed={on}
            />
          );
        })}
      </Stack>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        {kind}
        {!narrow && where}
        {contentId}
        {more.button}
        {filtered && (
          <Button size="small" onClick={onClear}>
            Clear filters
          </Button>
        )}
      </Box>
      <Box sx={{ mb: 2 }}>
        <MoreFiltersPanel more={more}>
          {narrow && where}
          {created}
        </MoreFiltersPanel>
      </Box>
    </>
  );
}
