import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { Tooltip } from '#components/tooltip.tsx';
import Typography from '@mui/material/Typography';
import type { Event } from '#schema';
import { PresenceNote } from '#app/presence.tsx';
import { BackLink } from '#components/back-link.tsx';
import { StateChip } from '#components/state-chip.tsx';
import { formatDateTime, formatDateTimeLong, formatRelative, parseServiceDate } from '#components/format-time.ts';
import { useNow } from '#components/use-now.ts';

/** "Events" above the title: the way back to the list. */
export function BackToEvents() {
  return <BackLink to="/events" label="Events" />;
}

function When({ value, now, empty = '—' }: { value: string | null; now: Date; empty?: string }) {
  const date = parseServiceDate(value);
  if (!date) return <>{empty}</>;
  return (
    <Tooltip title={`${formatDateTimeLong(date)} (${formatRelative(date, now)})`} describeChild>
      <time dateTime={date.toISOString()}>{formatDateTime(date, now)}</time>
    </Tooltip>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" sx={{ color: 'text.secondary', display: 'block', lineHeight: 1.4 }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500 }}>
        {children}
      </Typography>
    </Box>
  );
}

export interface EventHeaderProps {
  event: Event;
  /** The live controls and the menu, right of the title (under it on narrow screens). */
  actions: ReactNode;
}

/** The event's title, its state, and the times that matter now. */
export function EventHeader({ event, actions }: EventHeaderProps) {
  const now = useNow();
  const started = event.actualLiveStart;
  return (
    <Box component="header" sx={{ mb: 2 }}>
      <BackToEvents />
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 420px', minWidth: 0 }}>
          <Typography variant="h1" sx={{ overflowWrap: 'anywhere', fontSize: { xs: '1.2rem', sm: '1.5rem' } }}>
            {event.title || 'Untitled event'}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1, flexWrap: 'wrap' }} aria-live="polite">
            <StateChip state={event.state} size="medium" />
            {event.eventType && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {event.eventType}
              </Typography>
            )}
            <PresenceNote entity="event" id={event.id} />
          </Box>
        </Box>
        {/* The live controls wrap among themselves; the menu stays beside them. */}
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, flex: { xs: '1 1 100%', sm: '0 1 auto' }, justifyContent: { xs: 'space-between', sm: 'flex-end' } }}>
          {actions}
        </Box>
      </Box>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: 1.5, m: 0, mt: 2 }}
      >
        <Fact label="Channel">{event.channel ?? 'No channel'}</Fact>
        <Fact label="Scheduled start">
          <When value={event.scheduledStart} now={now} empty="Not scheduled" />
        </Fact>
        <Fact label="Scheduled end">
          <When value={event.scheduledEnd} now={now} empty="Open-ended" />
        </Fact>
        {started && (
          <Fact label={event.actualLiveEnd ? 'Was on air from' : 'On air since'}>
            <When value={started} now={now} />
          </Fact>
        )}
        {event.actualLiveEnd && (
          <Fact label="Went off air">
            <When value={event.actualLiveEnd} now={now} />
          </Fact>
        )}
        {event.room && <Fact label="Room">{event.room}</Fact>}
      </Box>
    </Box>
  );
}
