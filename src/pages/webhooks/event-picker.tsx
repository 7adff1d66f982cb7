/**
 * Picks an event by typing part of its title (the service's `search`), showing when each is
 * scheduled. An event already chosen (from the URL) shows its title even before any search.
 */
import { useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Event } from '#schema';
import { api } from '#app/api.ts';
import { formatDateTime, parseServiceDate } from '#components/format-time.ts';

interface Option {
  id: string;
  title: string;
  scheduledStart: string | null;
  refId: string | null;
}

const toOption = (e: Pick<Event, 'id' | 'title' | 'scheduledStart' | 'refId'>): Option => ({ id: e.id, title: e.title || 'Untitled event', scheduledStart: e.scheduledStart, refId: e.refId });

export interface EventPickerProps {
  value: string | null;
  onChange: (eventId: string | null) => void;
  label?: string;
  error?: string | undefined;
  helperText?: string;
  inputRef?: React.Ref<HTMLInputElement>;
  onBlur?: () => void;
  size?: 'small' | 'medium';
  autoFocus?: boolean;
}

export function useEventTitle(eventId: string | null) {
  const query = useQuery({ ...api.event.get.queryOptions({ params: { id: eventId ?? '' }, query: {} }), enabled: eventId !== null, staleTime: 60_000 });
  return query.data ? query.data.title || 'Untitled event' : undefined;
}

export function EventPicker({ value, onChange, label = 'Event', error, helperText, inputRef, onBlur, size, autoFocus }: EventPickerProps) {
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input.trim()), 250);
    return () => clearTimeout(timer);
  }, [input]);
  const results = useQuery({
    ...api.event.list.queryOptions({ query: { ...(search ? { search } : {}), pageSize: 20 } }),
    placeholderData: keepPreviousData,
  });
  const selected = useQuery({ ...api.event.get.queryOptions({ params: { id: value ?? '' }, query: {} }), enabled: value !== null, staleTime: 60_000 });
  const options = useMemo(() => {
    const list = (results.data?.results ?? []).map(toOption);
    if (selected.data && !list.some((o) => o.id === selected.data!.id)) list.unshift(toOption(selected.data));
    return list;
  }, [results.data, selected.data]);
  const current = value ? (options.find((o) => o.id === value) ?? { id: value, title: selected.isPending ? 'Loading…' : `Event ${value.slice(0, 8)}`, scheduledStart: null, refId: null }) : null;

  return (
    <Autocomplete<Option>
      options={options}
      value={current}
      onChange={(_e, option) => onChange(option?.id ?? null)}
      inputValue={input}
      onInputChange={(_e, text, reason) => setInput(reason === 'reset' ? '' : text)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => o.title}
      // The service searches; every answer it gives is a match.
      filterOptions={(x) => x}
      loading={results.isFetching}
      noOptionsText={search ? `No event matches “${search}”` : 'No events'}
      size={size}
      onBlur={onBlur}
      renderOption={({ key, ...props }, option) => {
        const start = parseServiceDate(option.scheduledStart);
        return (
          <Box component="li" key={key} {...props} sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start !important' }}>
            <Typography variant="body2">{option.title}</Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {[start ? formatDateTime(start) : 'Not scheduled', option.refId].filter(Boolean).join(' · ')}
            </Typography>
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField {...params} label={label} inputRef={inputRef} autoFocus={autoFocus} error={Boolean(error)} helperText={error ?? helperText} placeholder="Type to search by title" />
      )}
    />
  );
}
