/** The fields of the events filter bar: the debounced search, a select of names, the date range and a day, one name or several from a list. */
import { useEffect, useId, useRef, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import TextField from '@mui/material/TextField';
import { DATE_PRESET_LABELS, DATE_PRESETS, dayOf, type DateRange } from './events-view.ts';
import type { FilterBarProps } from './filter-bar.tsx';
import { searchAdornment } from '#components/search-adornment.tsx';
import { anchorInTransition } from '#components/anchor-in-transition.ts';

/** Long enough to type a word, short enough to feel immediate. */
export const SEARCH_DEBOUNCE_MS = 350;

/** Two fields a row on a phone, their natural width from a tablet up. */
export const fieldSx = { minWidth: { xs: 0, sm: 180 }, flex: { xs: '1 1 calc(50% - 6px)', sm: '0 1 auto' } } as const;

/**
 * Text search that waits for a pause in typing before it changes the URL (replacing the history
 * entry, so Back does not step through every letter). A change of the URL from elsewhere ("Clear
 * all", Back) shows in the box.
 */
export function SearchField({ value, onCommit, inputRef }: { value: string; onCommit: (value: string) => void; inputRef?: React.Ref<HTMLInputElement> }) {
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
          startAdornment: searchAdornment,
        },
      }}
      sx={{ flex: { xs: '1 1 100%', sm: '1 1 260px' }, minWidth: { sm: 220 }, maxWidth: { md: 380 } }}
    />
  );
}

export function EnumSelect<N extends string>({
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
export function DateRangeField({ filters, onChange }: Pick<FilterBarProps, 'filters' | 'onChange'>) {
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

export function DayField({
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
export function NameField({ label, value, options, onChange }: { label: string; value: string | null; options: string[]; onChange: (value: string | null) => void }) {
  return (
    <Autocomplete
      size="small"
      options={options}
      value={value}
      onChange={(_event, next) => onChange(next)}
      // A name the list does not hold (a stale link, a lookup that failed) still shows and filters.
      isOptionEqualToValue={(option, current) => option.toLowerCase() === current.toLowerCase()}
      renderInput={(params) => (
        <TextField {...params} label={label} placeholder="Any" slotProps={{ ...anchorInTransition(params.slotProps), inputLabel: { ...params.slotProps.inputLabel, shrink: true } }} />
      )}
      sx={{ ...fieldSx, width: { sm: 200 } }}
    />
  );
}

/** Several names (categories, tags); tags may be typed freely. */
export function NamesField({
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
          slotProps={{ ...anchorInTransition(params.slotProps), inputLabel: { ...params.slotProps.inputLabel, shrink: true } }}
        />
      )}
      sx={{ ...fieldSx, width: { sm: 240 } }}
    />
  );
}
