/**
 * The filters of the events list, each a control that writes the URL: text search (debounced),
 * states grouped by family, the date range with presets, channel, and behind "More filters"
 * room, type, categories, tags, infrastructure and MP4 states, last change, and the three
 * switches. Below it, every active filter as a removable chip, with "Clear all".
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { Mp4State, ProvisionState } from '#schema';
import { MoreFiltersPanel, useMoreFilters } from '#components/more-filters.tsx';
import { activeFilterChips, CLEARED_FILTERS, MP4_STATE_LABELS, PROVISION_STATE_LABELS } from './event-filters.ts';
import type { EventsFilters, Mp4StateName, ProvisionStateName } from './events-view.ts';
import type { FilterLookups } from './use-filter-lookups.ts';
import { DateRangeField, DayField, EnumSelect, NameField, NamesField, SearchField } from './filter-fields.tsx';
import { StateSelect } from './state-select.tsx';

export interface FilterBarProps {
  filters: EventsFilters;
  onChange: (patch: Partial<EventsFilters>, options?: { replace?: boolean }) => void;
  lookups: FilterLookups;
  /** Focused by the `/` shortcut. */
  searchRef?: React.Ref<HTMLInputElement>;
}

export function FilterBar({ filters, onChange, lookups, searchRef }: FilterBarProps) {
  const more = useMoreFilters(
    [
      filters.room,
      filters.eventType,
      filters.categories.length,
      filters.tags.length,
      filters.provisionStates.length,
      filters.mp4States.length,
      filters.modifiedFrom ?? filters.modifiedTo,
      filters.noScheduledEnd,
      filters.containsXflow,
      filters.clipsOnly,
    ].filter(Boolean).length,
  );

  return (
    <Box component="section" aria-label="Filters" sx={{ mb: 1.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
        <SearchField value={filters.search} onCommit={(search) => onChange({ search }, { replace: true })} inputRef={searchRef} />
        <StateSelect value={filters.states} onChange={(states) => onChange({ states })} />
        <DateRangeField filters={filters} onChange={onChange} />
        <NameField label="Channel" value={filters.channel} options={lookups.channels} onChange={(channel) => onChange({ channel })} />
        {more.button}
      </Box>
      <MoreFiltersPanel more={more}>
        <NameField label="Room" value={filters.room} options={lookups.rooms} onChange={(room) => onChange({ room })} />
        <NameField
          label="Event type"
          value={filters.eventType}
          options={lookups.eventTypes.map((t) => t.name)}
          onChange={(eventType) => onChange({ eventType })}
        />
        <NamesField label="Categories" value={filters.categories} options={lookups.categories} onChange={(categories) => onChange({ categories })} />
        <NamesField label="Tags" value={filters.tags} options={lookups.tags} freeSolo onChange={(tags) => onChange({ tags })} />
        <EnumSelect<ProvisionStateName>
          label="Infrastructure"
          names={ProvisionState.names}
          labels={PROVISION_STATE_LABELS}
          value={filters.provisionStates}
          onChange={(provisionStates) => onChange({ provisionStates })}
        />
        <EnumSelect<Mp4StateName> label="MP4" names={Mp4State.names} labels={MP4_STATE_LABELS} value={filters.mp4States} onChange={(mp4States) => onChange({ mp4States })} />
        <DayField label="Changed from" value={filters.modifiedFrom} max={filters.modifiedTo} onChange={(modifiedFrom) => onChange({ modifiedFrom })} />
        <DayField label="Changed until" value={filters.modifiedTo} min={filters.modifiedFrom} onChange={(modifiedTo) => onChange({ modifiedTo })} />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
          <FormControlLabel
            control={<Switch checked={filters.noScheduledEnd} onChange={(_e, noScheduledEnd) => onChange({ noScheduledEnd })} />}
            label="No scheduled end"
          />
          <FormControlLabel
            control={<Switch checked={filters.containsXflow} onChange={(_e, containsXflow) => onChange({ containsXflow })} />}
            label="Has an xflow"
          />
          <FormControlLabel control={<Switch checked={filters.clipsOnly} onChange={(_e, clipsOnly) => onChange({ clipsOnly })} />} label="Clips only" />
        </Box>
      </MoreFiltersPanel>
      <ActiveFilters filters={filters} onChange={onChange} />
    </Box>
  );
}

/** The chips of the active filters; each removes its filter, "Clear all" removes every one. */
export function ActiveFilters({ filters, onChange }: Pick<FilterBarProps, 'filters' | 'onChange'>) {
  const chips = activeFilterChips(filters);
  if (chips.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
        Showing every event.{' '}
        <Button size="small" onClick={() => onChange({ range: 'upcoming' })} sx={{ verticalAlign: 'baseline', p: 0, minWidth: 0 }}>
          Show today onwards
        </Button>
      </Typography>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, alignItems: 'center', mt: 1 }}>
      {/* The list holds only its items; "Clear all" sits beside it (a list may hold nothing else). */}
      <Box role="list" aria-label="Active filters" sx={{ display: 'contents' }}>
        {chips.map((chip) => (
          <Box role="listitem" key={chip.key} sx={{ display: 'flex', minWidth: 0 }}>
            <Chip
              size="small"
              label={chip.label}
              // The whole chip removes its filter (a bigger target than the icon; Enter, Delete and
              // Backspace work on it too), and its name says so.
              onClick={() => onChange(chip.remove)}
              onDelete={() => onChange(chip.remove)}
              aria-label={`${chip.label} — remove this filter`}
              sx={{ maxWidth: { xs: 280, sm: 420 } }}
            />
          </Box>
        ))}
      </Box>
      <Button size="small" onClick={() => onChange(CLEARED_FILTERS)} sx={{ ml: 0.5 }}>
        Clear all
      </Button>
    </Box>
  );
}
