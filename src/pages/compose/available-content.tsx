/**
 * The left pane: events that can go into the playlist, searchable and filtered by date, room,
 * type and state through GET /event/ (the filters live in the URL, prefixed `c`, so the view can
 * be shared and survives a reload). Each event drags into the playlist by its handle, or goes in
 * with its Add button (the keyboard path). Encoder composition adds "+ MP4 URL".
 */
import { memo, useCallback, useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LinkIcon from '@mui/icons-material/LinkRounded';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { EventState } from '#schema';
import { useDescribeError } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { EmptyState } from '#components/empty-state.tsx';
import { useDebounced } from '#components/use-debounced.ts';
import { useUrlParams } from '#components/use-url-params.ts';
import { useEventLookups } from '#pages/event/index.ts';
import { ITEM_TYPES, type CompositionKind } from './playlist-document.ts';
import { AVAILABLE_LIST_SX, AvailableEvent, type AddItems } from './available-event.tsx';
import { Mp4Dialog } from './mp4-url-dialog.tsx';
import { searchAdornment } from '#components/search-adornment.tsx';

/** States of an event with a finished recording: what the service composes from (and plays in an encoder playlist). */
export const PLAYABLE_STATES = ['INSTANT_VOD', 'INSTANT_VOD_BACKUP', 'VOD_PRIVATE', 'VOD_PUBLIC', 'STOPPED'] as const;

const STATE_FILTERS: { value: string; label: string }[] = [
  { value: '', label: 'Recorded (can be composed)' },
  { value: 'any', label: 'Any state' },
  ...EventState.names.map((name) => ({ value: name, label: name.replace(/_/g, ' ').toLowerCase().replace(/^\w/, (c) => c.toUpperCase()) })),
];

const PAGE = 50;

function useFilters() {
  const [params, setParams] = useUrlParams();
  const read = (name: string) => params.get(name) ?? '';
  const set = useCallback(
    (name: string, value: string, options: { flushSync?: boolean } = {}) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(name, value);
          else next.delete(name);
          return next;
        },
        { replace: true, ...options },
      ),
    [setParams],
  );
  return { q: read('cq'), from: read('cfrom'), to: read('cto'), room: read('croom'), type: read('ctype'), state: read('cstate'), set };
}

const localDayStart = (day: string) => (day ? new Date(`${day}T00:00:00`).toISOString() : undefined);
const localDayEnd = (day: string) => (day ? new Date(`${day}T23:59:59.999`).toISOString() : undefined);

export interface AvailableContentProps {
  kind: CompositionKind;
  /** Adds at the end of the playlist (or after the open item). */
  onAdd: AddItems;
  /** The composition being edited: never offered as its own source (it would play itself). */
  excludeId?: string;
}

export const AvailableContent = memo(function AvailableContent({ kind, onAdd, excludeId }: AvailableContentProps) {
  const describeError = useDescribeError();
  const filters = useFilters();
  const lookups = useEventLookups();
  const [search, setSearch] = useState(filters.q);
  const [limit, setLimit] = useState(PAGE);
  const [mp4Open, setMp4Open] = useState(false);

  // The URL follows typing after a pause, so every keystroke is not a request. Only a newly
  // settled text writes it: a URL changed elsewhere (Clear filters) is not written back.
  const settled = useDebounced(search.trim(), 300);
  const { q, set } = filters;
  useEffect(() => {
    if (settled !== q) set('cq', settled, { flushSync: false });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  const eventState = filters.state === 'any' ? undefined : filters.state || PLAYABLE_STATES.join(',');
  const query = useQuery({
    ...api.event.list.queryOptions({
      query: {
      search: filters.q || undefined,
      from: localDayStart(filters.from),
      to: localDayEnd(filters.to),
      room: filters.room || undefined,
      eventType: filters.type || undefined,
      eventState,
      pageSize: limit,
      order: 'DESC',
      orderColumn: 'DisplayLiveStart',
      },
    }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
  const answered = query.data?.results ?? [];
  const events = excludeId ? answered.filter((e) => e.id !== excludeId) : answered;
  const total = Math.max(0, (query.data?.totalCount ?? 0) - (answered.length - events.length));
  const anyFilter = Boolean(filters.q || filters.from || filters.to || filters.room || filters.type || filters.state);

  return (
    <Box component="section" aria-labelledby="available-title" sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography id="available-title" variant="h2" sx={{ fontSize: '1rem', fontWeight: 600, flex: 1 }}>
          Available content
        </Typography>
        {kind === 'encoder' && (
          <Button size="small" variant="outlined" startIcon={<LinkIcon />} onClick={() => setMp4Open(true)}>
            MP4 URL
          </Button>
        )}
      </Box>
      <TextField
        size="small"
        type="search"
        label="Search events"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        slotProps={{
          htmlInput: { 'data-compose-search': true },
          input: { startAdornment: searchAdornment},
        }}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1, mt: 1 }}>
        <TextField size="small" type="date" label="From" value={filters.from} onChange={(e) => filters.set('cfrom', e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField size="small" type="date" label="To" value={filters.to} onChange={(e) => filters.set('cto', e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
        <NameFilter label="Room" any="Any room" names={lookups.rooms.options} value={filters.room} onChange={(v) => filters.set('croom', v)} />
        <NameFilter label="Type" any="Any type" names={lookups.eventTypes.options} value={filters.type} onChange={(v) => filters.set('ctype', v)} />
        <TextField size="small" select label="State" value={filters.state} onChange={(e) => filters.set('cstate', e.target.value)} sx={{ gridColumn: '1 / -1' }}>
          {STATE_FILTERS.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Typography variant="caption" aria-live="polite" sx={{ color: 'text.secondary', mt: 1, minHeight: 20 }}>
        {query.isPending ? 'Loading events…' : query.error ? '' : `${total} ${total === 1 ? 'event' : 'events'}${anyFilter ? ' match' : ''} · drag into the playlist or press Add`}
      </Typography>
      <Box sx={{ height: 4 }}>{query.isFetching && !query.isPending && <LinearProgress aria-hidden />}</Box>
      <Box sx={{ flex: 1, minHeight: 120, overflowY: 'auto', mx: -1, px: 1 }}>
        {query.error && !query.data ? (
          <Box role="alert" sx={{ p: 2 }}>
            <Typography variant="body2" sx={{ mb: 1 }}>
              Could not load events. {describeError(query.error).message}
            </Typography>
            <Button size="small" variant="outlined" onClick={() => void query.refetch()}>
              Retry
            </Button>
          </Box>
        ) : !query.isPending && events.length === 0 ? (
          <EmptyState
            icon={<SearchOffIcon />}
            title="No events match"
            hint={filters.state ? 'Try another state or clear the filters.' : 'Only recorded events are listed (they are what compositions play); choose “Any state” to see the others.'}
            action={
              anyFilter ? (
                <Button
                  size="small"
                  onClick={() => {
                    setSearch('');
                    for (const name of ['cq', 'cfrom', 'cto', 'croom', 'ctype', 'cstate']) filters.set(name, '');
                  }}
                >
                  Clear filters
                </Button>
              ) : undefined
            }
          />
        ) : (
          <Box component="ul" aria-label="Available events" sx={AVAILABLE_LIST_SX}>
            {events.map((event) => (
              <AvailableEvent key={event.id} event={event} onAdd={onAdd} />
            ))}
          </Box>
        )}
        {events.length < total && (
          <Box sx={{ textAlign: 'center', py: 1 }}>
            <Button size="small" onClick={() => setLimit((n) => n + PAGE)} disabled={query.isFetching}>
              Show {Math.min(PAGE, total - events.length)} more
            </Button>
          </Box>
        )}
      </Box>
      <Mp4Dialog open={mp4Open} onClose={() => setMp4Open(false)} onAdd={(url) => onAdd([{ type: ITEM_TYPES.DIRECT_FULL_MP4, value: url, properties: {}, markers: null }], url)} />
    </Box>
  );
});

/** A lookup filter of GET /event/, which filters rooms and types by name. */
function NameFilter({ label, any, names, value, onChange }: { label: string; any: string; names: readonly { value: string; label: string }[]; value: string; onChange: (name: string) => void }) {
  return (
    <TextField size="small" select label={label} value={value} onChange={(e) => onChange(e.target.value)}>
      <MenuItem value="">{any}</MenuItem>
      {names.map((o) => (
        <MenuItem key={o.value} value={o.label}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
