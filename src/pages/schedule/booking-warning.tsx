/**
 * "The channel is already booked then": shown in a form that sets an event's channel and times
 * (the event form, the encoder composition's settings), with the Conflicts view's rule (the same
 * channel, overlapping times), naming each other event with a link to it and to the schedule.
 * It asks the service for the channel's events around those times (GET /event/ by channel, from
 * LOOKBACK_MS before, as the schedule does) once the fields have been still for a moment.
 */
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import type { SxProps, Theme } from '@mui/material/styles';
import type { Event } from '#schema';
import { api } from '#app/api.ts';
import { parseServiceDate } from '#components/format-time.ts';
import { useDebounced } from '#components/use-debounced.ts';
import { dayOf } from '#pages/events/index.ts';
import { DEFAULT_DURATION_MS, toScheduleItems, type ScheduleItem } from './schedule-model.ts';
import { clashesAt } from './reschedule.ts';
import { describePlacement } from './placement-words.ts';
import { LOOKBACK_MS } from './use-schedule-events.ts';

export interface BookingWarningProps {
  /** The channel's name (GET /event/ filters by it); null: no channel, nothing to clash with. */
  channel: string | null | undefined;
  /** ISO date-times as the form holds them. */
  start: string | null | undefined;
  end: string | null | undefined;
  /** The event being edited, which does not clash with itself. */
  eventId?: string | null;
  sx?: SxProps<Theme>;
}

/** The events of `events` that an event on `channel` from `start` to `end` would overlap (an open end counts as an hour, as on the schedule). */
export function bookingClashes(events: readonly Event[], channel: string, start: Date, end: Date | undefined, eventId: string | null, now: Date): ScheduleItem[] {
  const placement = { start, end: end && end > start ? end : new Date(start.getTime() + DEFAULT_DURATION_MS), channel };
  return clashesAt(toScheduleItems(events, now).items, eventId ?? '', placement);
}

export function BookingWarning({ channel, start, end, eventId = null, sx }: BookingWarningProps) {
  // A text, so a parent's re-render with the same values does not restart the wait.
  const settled = useDebounced(JSON.stringify([channel ?? null, start ?? null, end ?? null]), 400);
  const wanted = useMemo(() => {
    const [c, s, e] = JSON.parse(settled) as (string | null)[];
    return { channel: c ?? null, start: s ?? null, end: e ?? null };
  }, [settled]);
  const from = parseServiceDate(wanted.start);
  const until = parseServiceDate(wanted.end);
  const query = {
    channel: wanted.channel ?? '',
    from: new Date((from?.getTime() ?? 0) - LOOKBACK_MS).toISOString(),
    to: new Date(until && from && until > from ? until.getTime() : (from?.getTime() ?? 0) + DEFAULT_DURATION_MS).toISOString(),
    pageSize: 1000,
  };
  const events = useQuery({ ...api.event.list.queryOptions({ query }), enabled: Boolean(wanted.channel && from), staleTime: 30_000, retry: false });
  const clashes = useMemo(
    () => (events.data && wanted.channel && from ? bookingClashes(events.data.results, wanted.channel, from, until, eventId, new Date()) : []),
    // The dates are derived from `wanted`, which is what changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [events.data, wanted, eventId],
  );
  if (clashes.length === 0 || !wanted.channel) return null;
  return (
    <Alert severity="warning" role="status" data-booking-warning sx={sx}>
      <AlertTitle>{wanted.channel} is already booked then</AlertTitle>
      A channel streams one event at a time. Overlapping:
      <ul style={{ margin: '4px 0 0', paddingLeft: 20 }}>
        {clashes.slice(0, 5).map((clash) => (
          <li key={clash.id}>
            <Link component={RouterLink} to={`/events/${clash.id}`}>
              {clash.title}
            </Link>
            , {describePlacement(clash)} ·{' '}
            <Link component={RouterLink} to={`/schedule?view=day&date=${dayOf(clash.start)}&event=${clash.id}`}>
              on the schedule
            </Link>
          </li>
        ))}
      </ul>
      {clashes.length > 5 && `and ${clashes.length - 5} more.`}
    </Alert>
  );
}
