/**
 * The filters of the events list, each a control that writes the URL: text search (debounced),
 * states grouped by family, the date range with presets, channel, and behind "More filters"
 * room, type, categories, tags, infrastructure and MP4 states, last change, and the three
 * switches. Below it, every active filter as a removable chip, with "Clear all".
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import FilterListIcon from '@mui/icons-material/FilterList';
import SearchIcon from '@mui/icons-material/Search';
import { Mp4State, ProvisionState, type EventStateName } from '#schema';
import { eventStateInfo } from '#components/event-state.ts';
import {
  activeFilterChips,
  CLEARED_FILTERS,
  MP4_STATE_LABELS,
  PROVISION_STATE_LABELS,
  STATE_FAMILIES,
} from './event-filters.ts';
import { DATE_PRESET_LABELS, DATE_PRESETS, dayOf, type DateRange, type EventsFilters, type Mp4StateName, type ProvisionStateName } from './events-view.ts';
import type { FilterLookups } from './use-filter-lookups.ts';

/** Long enough to type a word, short enough to feel immediate. */
export const SEARCH_DEBOUNCE_MS = 350;

export interface FilterBarProps {
  filters: EventsFilters;
  onChange: (patch: Partial<EventsFilters>, options?: { replace?: boolean }) => void;
  lookups: FilterLookups;
  /** Focused by the `/` shortcut. */
  searchRef?: React.Ref<HTMLInputElement>;
}

/** Two fields a row on a phone, their natural width from a tablet up. */
const fieldSx = { minWidth: { xs: 0, sm: 180 }, flex: { xs: '1 1 calc(50% - 6px)', sm: '0 1 auto' } } as const;

export function FilterBar({ filters, onChange, lookups, searchRef }: FilterBarProps) {
  const moreActive =
    filters.room !== null ||
    filters.eventType !== null ||
    filters.categories.length > 0 ||
    filters.tags.length > 0 ||
    filters.provisionStates.length > 0 ||
    filters.mp4States.length > 0 ||
    filters.modifiedFrom !== null ||
    filters.modifiedTo !== null ||
    filters.noScheduledEnd ||
    filters.containsXflow ||
    filters.clipsOnly;
  const moreCount = [
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
  ].filter(Boolean).length;
  const [moreOpen, setMoreOpen] = useState(moreActive);
  const morePanelId = useId();

  return (
    <Box component="section" aria-label="Filters" sx={{ mb: 1.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
        <SearchField value={filters.search} onCommit={(search) => onChange({ search }, { replace: true })} inputRef={searchRef} />
        <StateSelect value={filters.states} onChange={(states) => onChange({ states })} />
        <DateRangeField filters={filters} onChange={onChange} />
        <NameField label="Channel" value={filters.channel} options={lookups.channels} onChange={(channel) => onChange({ channel })} />
        <Badge badgeContent={moreOpen ? 0 : moreCount} color="primary" overlap="rectangular">
          <Button
            variant={moreOpen ? 'contained' : 'outlined'}
            color="inherit"
            startIcon={<FilterListIcon />}
            aria-expanded={moreOpen}
            aria-controls={morePanelId}
            onClick={() => setMoreOpen((open) => !open)}
            sx={{ height: 40, borderColor: 'divider', ...(moreOpen ? { bgcolor: 'action.selected', boxShadow: 'none' } : {}) }}
          >
            More filters
          </Button>
        </Badge>
      </Box>
      <Collapse in={moreOpen} unmountOnExit>
        <Box id={morePanelId} role="group" aria-label="More filters" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, pt: 1.5, alignItems: 'center' }}>
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
        </Box>
      </Collapse>
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

/**
 * Text search that waits for a pause in typing before it changes the URL (replacing the history
 * entry, so Back does not step through every letter). A change of the URL from elsewhere ("Clear
 * all", Back) shows in the box.
 */
function SearchField({ value, onCommit, inputRef }: { value: string; onCommit: (value: string) => void; inputRef?: React.Ref<HTMLInputElement> }) {
  const [text, setText] = useState(value);
  const [committed, setCommitted] = useState(value);
  if (value !== committed) {
    setCommitted(value);
    setText(value);
  }
  const latest = useRef(onCommit);
  useEffect(() => {
    latest.current = onCommit;
  });
  useEffect(() => {
    if (text.trim() === committed) return;
    const timer = setTimeout(() => latest.current(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, committed]);

  return (
    <TextField
      size="small"
      type="search"
      label="Search"
      placeholder="Title, description, reference…"
      value={text}
      inputRef={inputRef}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') latest.current(text.trim());
      }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
      sx={{ flex: { xs: '1 1 100%', sm: '1 1 260px' }, minWidth: { sm: 220 }, maxWidth: { md: 380 } }}
    />
  );
}

function ToneDot({ tone }: { tone: keyof Theme['palette']['state'] }) {
  return <Box aria-hidden sx={(theme: Theme) => ({ width: 10, height: 10, borderRadius: '50%', bgcolor: theme.palette.state[tone].main, flex: '0 0 auto' })} />;
}

/**
 * A family's heading in the state list. Select makes every child an option (role, click); a
 * heading is not one, so it drops what Select adds and stays a plain label.
 */
function FamilyHeading({ children }: { children: ReactNode } & Record<string, unknown>) {
  return (
    <ListSubheader role="presentation" sx={{ lineHeight: '32px', display: 'flex', alignItems: 'center', gap: 1, bgcolor: 'background.paper' }}>
      {children}
    </ListSubheader>
  );
}

/** States, grouped by family; the "All …" row under a heading selects or clears the whole family. */
function StateSelect({ value, onChange }: { value: EventStateName[]; onChange: (states: EventStateName[]) => void }) {
  const labelId = useId();
  const toggleFamily = (states: EventStateName[]) => {
    const all = states.every((s) => value.includes(s));
    onChange(all ? value.filter((s) => !states.includes(s)) : [...value, ...states.filter((s) => !value.includes(s))]);
  };
  const items: ReactNode[] = [];
  for (const family of STATE_FAMILIES) {
    const all = family.states.every((s) => value.includes(s));
    items.push(
      <FamilyHeading key={`family-${family.tone}`}>
        <ToneDot tone={family.tone} />
        {family.label}
      </FamilyHeading>,
    );
    if (family.states.length > 1) {
      items.push(
        <MenuItem key={`all-${family.tone}`} dense data-family={family.tone} onClick={() => toggleFamily(family.states)} sx={{ pl: 3 }}>
          <Checkbox size="small" checked={all} indeterminate={!all && family.states.some((s) => value.includes(s))} sx={{ p: 0.5, mr: 1 }} />
          <ListItemText primary={`All ${family.label.toLowerCase()}`} slotProps={{ primary: { variant: 'body2', sx: { fontStyle: 'italic' } } }} />
        </MenuItem>,
      );
    }
    for (const state of family.states) {
      items.push(
        <MenuItem key={state} value={state} dense sx={{ pl: 3 }}>
          <Checkbox size="small" checked={value.includes(state)} sx={{ p: 0.5, mr: 1 }} />
          <ListItemText primary={eventStateInfo(state).label} slotProps={{ primary: { variant: 'body2' } }} />
        </MenuItem>,
      );
    }
  }
  return (
    <FormControl size="small" sx={fieldSx}>
      <InputLabel id={labelId} shrink>
        State
      </InputLabel>
      <Select<EventStateName[]>
        multiple
        notched
        labelId={labelId}
        label="State"
        value={value}
        onChange={(event) => {
          // The "All …" rows have no value; the Select reports them as undefined entries.
          const next = (event.target.value as (EventStateName | undefined)[]).filter((s): s is EventStateName => typeof s === 'string');
          if (next.length !== value.length || next.some((s) => !value.includes(s))) onChange(next);
        }}
        renderValue={(selected) =>
          selected.length === 0 ? 'Any state' : selected.length === 1 ? eventStateInfo(selected[0]!).label : `${selected.length} states`
        }
        displayEmpty
        MenuProps={{ slotProps: { paper: { sx: { maxHeight: 440 } } } }}
      >
        {items}
      </Select>
    </FormControl>
  );
}

function EnumSelect<N extends string>({
  label,
  names,
  labels,
  value,
  onChange,
}: {
  label: string;
  names: readonly N[];
  labels: Record<N, string>;
  value: N[];
  onChange: (value: N[]) => void;
}) {
  const labelId = useId();
  return (
    <FormControl size="small" sx={fieldSx}>
      <InputLabel id={labelId} shrink>
        {label}
      </InputLabel>
      <Select<N[]>
        multiple
        notched
        labelId={labelId}
        label={label}
        value={value}
        displayEmpty
        onChange={(event) => onChange(event.target.value as N[])}
        renderValue={(selected) => (selected.length === 0 ? 'Any' : selected.map((s) => labels[s]).join(', '))}
      >
        {names.map((name) => (
          <MenuItem key={name} value={name} dense>
            <Checkbox size="small" checked={value.includes(name)} sx={{ p: 0.5, mr: 1 }} />
            <ListItemText primary={labels[name]} slotProps={{ primary: { variant: 'body2' } }} />
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

/** The date range: a preset, or "Custom days…" with a first and a last day. */
function DateRangeField({ filters, onChange }: Pick<FilterBarProps, 'filters' | 'onChange'>) {
  const labelId = useId();
  const custom = filters.range === 'custom';
  return (
    <Box sx={{ display: 'contents' }}>
      <FormControl size="small" sx={{ minWidth: { xs: 0, sm: 170 }, flex: { xs: '1 1 calc(50% - 6px)', sm: '0 0 auto' } }}>
        <InputLabel id={labelId}>Starts</InputLabel>
        <Select<DateRange>
          labelId={labelId}
          label="Starts"
          value={filters.range}
          onChange={(event) => {
            const range = event.target.value as DateRange;
            // "Custom" starts from today, so the two day fields appear with a sensible value.
            onChange(range === 'custom' ? { range, from: filters.from ?? dayOf(new Date()), to: filters.to } : { range });
          }}
        >
          {DATE_PRESETS.map((preset) => (
            <MenuItem key={preset} value={preset}>
              {DATE_PRESET_LABELS[preset]}
            </MenuItem>
          ))}
          <MenuItem value="custom">Custom days…</MenuItem>
        </Select>
      </FormControl>
      {custom && (
        <>
          <DayField label="From" value={filters.from} max={filters.to} onChange={(from) => onChange({ range: 'custom', from, to: filters.to })} />
          <DayField label="Until" value={filters.to} min={filters.from} onChange={(to) => onChange({ range: 'custom', from: filters.from, to })} />
        </>
      )}
    </Box>
  );
}

function DayField({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  value: string | null;
  min?: string | null;
  max?: string | null;
  onChange: (day: string | null) => void;
}) {
  return (
    <TextField
      size="small"
      type="date"
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value || null)}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: min ?? undefined, max: max ?? undefined } }}
      sx={{ width: { sm: 165 }, flex: { xs: '1 1 calc(50% - 6px)', sm: '0 0 auto' } }}
    />
  );
}

/** One name from a list (channel, room, type); typing filters the list. */
function NameField({ label, value, options, onChange }: { label: string; value: string | null; options: string[]; onChange: (value: string | null) => void }) {
  return (
    <Autocomplete
      size="small"
      options={options}
      value={value}
      onChange={(_event, next) => onChange(next)}
      // A name the list does not hold (a stale link, a lookup that failed) still shows and filters.
      isOptionEqualToValue={(option, current) => option.toLowerCase() === current.toLowerCase()}
      renderInput={(params) => (
        <TextField {...params} label={label} placeholder="Any" slotProps={{ ...params.slotProps, inputLabel: { ...params.slotProps.inputLabel, shrink: true } }} />
      )}
      sx={{ ...fieldSx, width: { sm: 200 } }}
    />
  );
}

/** Several names (categories, tags); tags may be typed freely. */
function NamesField({
  label,
  value,
  options,
  freeSolo = false,
  onChange,
}: {
  label: string;
  value: string[];
  options: string[];
  freeSolo?: boolean;
  onChange: (value: string[]) => void;
}) {
  return (
    <Autocomplete<string, true, false, boolean>
      multiple
      size="small"
      freeSolo={freeSolo}
      options={options}
      value={value}
      limitTags={1}
      disableCloseOnSelect
      onChange={(_event, next) => onChange([...new Set(next.map((v) => v.trim()).filter(Boolean))])}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder={value.length ? undefined : 'Any'}
          slotProps={{ ...params.slotProps, inputLabel: { ...params.slotProps.inputLabel, shrink: true } }}
        />
      )}
      sx={{ ...fieldSx, width: { sm: 240 } }}
    />
  );
}
