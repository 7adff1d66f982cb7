/**
 * The one way to pick an event: type part of its title (the service's `search`, debounced), see
 * when each is scheduled and its reference. An event already chosen (from the URL) shows its
 * title even before any search. `excludeId` leaves one event out (the one a copy goes to).
 */
import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Event } from '#schema';
import { useDescribeError } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { formatDateTime, parseServiceDate } from './format-time.ts';
import { useDebounced } from './use-debounced.ts';

/** What the picker knows of an event: enough to name it and say when it is. */
export type PickedEvent = Pick<Event, 'id' | 'title' | 'scheduledStart' | 'refId'>;

const titleOf = (e: PickedEvent) => e.title || 'Untitled event';

export interface EventPickerProps {
  value: string | null;
  onChange: (eventId: string | null, event: PickedEvent | null) => void;
  /** An event not to offer (skipEvents): the one a copy goes to. */
  excludeId?: string;
  label?: string;
  placeholder?: string;
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

export function EventPicker({
  value,
  onChange,
  excludeId,
  label = 'Event',
  placeholder = 'Type to search by title',
  error,
  helperText,
  inputRef,
  onBlur,
  size,
  autoFocus,
}: EventPickerProps) {
  const describeError = useDescribeError();
  const [input, setInput] = useState('');
  const search = useDebounced(input.trim(), 250);
  const results = useQuery({
    ...api.event.list.queryOptions({ query: { ...(search ? { search } : {}), ...(excludeId ? { skipEvents: excludeId } : {}), pageSize: 20, order: 'DESC' } }),
    placeholderData: keepPreviousData,
  });
  const selected = useQuery({ ...api.event.get.queryOptions({ params: { id: value ?? '' }, query: {} }), enabled: value !== null, staleTime: 60_000 });
  const options = useMemo(() => {
    const list: PickedEvent[] = results.data?.results ?? [];
    return selected.data && !list.some((o) => o.id === selected.data!.id) ? [selected.data, ...list] : list;
  }, [results.data, selected.data]);
  const current = value ? (options.find((o) => o.id === value) ?? { id: value, title: selected.isPending ? 'Loading…' : `Event ${value.slice(0, 8)}`, scheduledStart: null, refId: null }) : null;

  return (
    <Autocomplete<PickedEvent>
      options={options}
      value={current}
      onChange={(_e, option) => onChange(option?.id ?? null, option)}
      inputValue={input}
      onInputChange={(_e, text, reason) => setInput(reason === 'reset' ? '' : text)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={titleOf}
      // The service searches; every answer it gives is a match.
      filterOptions={(x) => x}
      loading={results.isFetching}
      noOptionsText={results.isError ? describeError(results.error).message : search ? `No event matches “${search}”` : 'No events'}
      size={size}
      onBlur={onBlur}
      renderOption={({ key: _key, ...props }, option) => {
        const start = parseServiceDate(option.scheduledStart);
        return (
          <Box component="li" {...props} key={option.id} sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start !important' }}>
            <Typography variant="body2">{titleOf(option)}</Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {[start ? formatDateTime(start) : 'Not scheduled', option.refId].filter(Boolean).join(' · ')}
            </Typography>
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField {...params} label={label} inputRef={inputRef} autoFocus={autoFocus} error={Boolean(error)} helperText={error ?? helperText} placeholder={placeholder} />
      )}
    />
  );
}
