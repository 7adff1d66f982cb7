/**
 * The activity trail (DESIGN.md "Trust"), newest first: who (key label and role, or the service's
 * background work), when, what operation on which record, and each field's before and after.
 * Used by the Activity page (everything, filtered) and the History tabs (one record). Live: the
 * change feed makes every `activity` query stale with each batch (app/live-updates.tsx).
 */
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RESOURCE_KINDS, type ActivityEntry, type ActivityQuery } from '#schema';
import { api } from '#app/api.ts';
import { useDescribeError } from '#app/use-describe-error.ts';
import { EmptyState } from '#components/empty-state.tsx';
import { ErrorState } from '#components/error-state.tsx';
import { formatDateTime, parseServiceDate } from '#components/format-time.ts';
import { showValue } from '#components/version-conflict.ts';

const PAGE_SIZE = 25;

/** "API_KEY (admin)", or "The service (automation)" for background work. */
export function actorName(entry: ActivityEntry): string {
  if (entry.actor.system) return `The service (${entry.actor.system})`;
  const who = entry.actor.keyLabel ?? 'A key without a label';
  return entry.actor.role ? `${who} (${entry.actor.role})` : who;
}

function Change({ field, before, after }: ActivityEntry['changes'][number]) {
  return (
    <Box component="li" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(120px, 200px) 1fr' }, columnGap: 2, py: 0.25 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {field}
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        <Box component="span" sx={{ color: 'text.secondary', textDecoration: 'line-through' }}>
          {clip(showValue(before))}
        </Box>
        {' → '}
        <strong>{clip(showValue(after))}</strong>
      </Typography>
    </Box>
  );
}

const clip = (text: string) => (text.length > 200 ? `${text.slice(0, 200)}…` : text);

/** A record's creation lists every field: the first few say enough until asked for all. */
const FIRST_CHANGES = 6;

function Entry({ entry, showRecord }: { entry: ActivityEntry; showRecord: boolean }) {
  const [all, setAll] = useState(false);
  const shown = all ? entry.changes : entry.changes.slice(0, FIRST_CHANGES);
  const at = parseServiceDate(entry.at);
  const kind = RESOURCE_KINDS[entry.entity]?.label ?? entry.entity;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5 }} aria-label={`${entry.operation} by ${actorName(entry)}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Typography variant="subtitle2">{actorName(entry)}</Typography>
        <Chip size="small" variant="outlined" label={entry.operation} />
        {showRecord && (
          <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {kind} {entry.entityId ?? ''}
          </Typography>
        )}
        <Typography variant="body2" component="time" dateTime={entry.at} sx={{ color: 'text.secondary', ml: 'auto !important' }}>
          {at ? formatDateTime(at) : entry.at}
        </Typography>
      </Stack>
      {entry.changes.length > 0 ? (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }} aria-label="Fields changed">
          {shown.map((c) => (
            <Change key={c.field} {...c} />
          ))}
          {shown.length < entry.changes.length && (
            <li>
              <Button size="small" onClick={() => setAll(true)}>
                Show all {entry.changes.length} fields
              </Button>
            </li>
          )}
        </Box>
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          No field changed.
        </Typography>
      )}
    </Paper>
  );
}

export function ActivityList({ query, label, showRecord = true }: { query: Omit<ActivityQuery, 'pageNumber' | 'pageSize'>; label: string; showRecord?: boolean }) {
  const describeError = useDescribeError();
  const [page, setPage] = useState(1);
  const result = useQuery({ ...api.activity.list.queryOptions({ query: { ...query, pageSize: PAGE_SIZE, pageNumber: page } }), placeholderData: keepPreviousData });
  if (result.isPending) return <Typography sx={{ color: 'text.secondary' }}>Loading the activity…</Typography>;
  if (result.isError) {
    return (
      <ErrorState
        title="Could not load the activity"
        message={describeError(result.error).message}
        actions={<Button onClick={() => void result.refetch()}>Retry</Button>}
      />
    );
  }
  const { items, totalCount } = result.data;
  if (items.length === 0) return <EmptyState title="No activity yet" hint="Every change saved from now on is listed here: who, when and what." />;
  const pages = Math.ceil(totalCount / PAGE_SIZE);
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-live="polite">
        {totalCount === 1 ? 'One change' : `${totalCount.toLocaleString()} changes`}, newest first
      </Typography>
      <Stack component="ol" spacing={1} aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {items.map((entry) => (
          <Entry key={entry.id} entry={entry} showRecord={showRecord} />
        ))}
      </Stack>
      {pages > 1 && <Pagination count={pages} page={page} onChange={(_, next) => setPage(next)} sx={{ alignSelf: 'center' }} />}
    </Stack>
  );
}
