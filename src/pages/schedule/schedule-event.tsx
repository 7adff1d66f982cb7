/**
 * One event on the schedule: a link to the event, tinted with its event type's colour (a strong
 * left edge on a light tint, so text keeps its contrast in both schemes), marked when live, and
 * striped when it conflicts with another event on its channel.
 */
import { memo } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import { alpha, type Theme } from '@mui/material/styles';
import WarningIcon from '@mui/icons-material/WarningAmberRounded';
import { eventStateInfo } from '#components/event-state.ts';
import { VisuallyHidden } from '#components/visually-hidden.tsx';
import type { LiveHealth } from '#schema';
import type { ScheduleItem } from './schedule-model.ts';
import { MOVE_HELP_ID } from './move-help.ts';

const timeFormat = new Map<string, Intl.DateTimeFormat>();
/** "14:30" / "2:30 PM" in the operator's locale. */
export function formatTime(date: Date): string {
  let format = timeFormat.get('t');
  if (!format) {
    format = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
    timeFormat.set('t', format);
  }
  return format.format(date);
}

/** What a screen reader says for an event block: title, times, channel, state, conflict. */
export function describeItem(item: ScheduleItem, conflict: boolean): string {
  return [item.title, describeTimes(item), describeDetails(item, conflict)].join(', ');
}

export function describeTimes(item: ScheduleItem): string {
  return `${formatTime(item.start)} to ${item.openEnded ? 'open end' : formatTime(item.end)}`;
}

/** What a block says beyond its visible title and times: channel, state, type, conflict. */
export function describeDetails(item: ScheduleItem, conflict: boolean): string {
  const parts = [item.channel ? `on ${item.channel}` : 'no channel', eventStateInfo(item.state).label];
  if (item.eventType) parts.push(item.eventType);
  if (conflict) parts.push('conflicts with another event on this channel');
  return parts.join(', ');
}

export const FALLBACK_COLOUR = '#7a8694';

/** What a block that can be rescheduled does with the pointer and the keys (use-reschedule.tsx). */
export interface BlockDrag {
  onMovePointerDown: (event: React.PointerEvent) => void;
  onResizePointerDown: (event: React.PointerEvent) => void;
  onKeyDown: (event: React.KeyboardEvent) => void;
  /** Where the end is dragged from: the bottom (calendar) or the right (timeline). */
  resizeEdge: 'bottom' | 'right';
}

export interface EventBlockProps {
  item: ScheduleItem;
  conflict: boolean;
  /** Positioning from the layout (absolute top/left/width/height). */
  style: React.CSSProperties;
  /** Two lines (title, then time · channel) when there is room; one otherwise. */
  dense?: boolean;
  showChannel?: boolean;
  /** Can be moved and resized (an event not yet started). */
  drag?: BlockDrag;
  /** Being moved: drawn faintly where it was while its ghost shows where it goes. */
  moving?: boolean;
  /** A move being made would overlap it. */
  clash?: boolean;
  /** A live event's encoder health (GET /event/health/live): a dot beside LIVE. */
  health?: LiveHealth;
}

export const EventBlock = memo(function EventBlock({ item, conflict, style, dense = false, showChannel = false, drag, moving = false, clash = false, health }: EventBlockProps) {
  const colour = item.colour ?? FALLBACK_COLOUR;
  const time = `${formatTime(item.start)}${item.openEnded ? ' →' : `–${formatTime(item.end)}`}`;
  return (
    <Box
      component={RouterLink}
      to={`/events/${item.id}`}
      // Named by what it shows (title, times) and then the rest for screen readers, so voice
      // control can click it by its visible words.
      data-event-id={item.id}
      data-schedule-block
      data-conflict={conflict || undefined}
      data-live={item.live || undefined}
      data-movable={drag ? true : undefined}
      data-clash={clash || undefined}
      data-health={item.live ? health?.status : undefined}
      draggable={false}
      onPointerDown={drag?.onMovePointerDown}
      onKeyDown={drag?.onKeyDown}
      aria-describedby={drag ? MOVE_HELP_ID : undefined}
      style={style}
      sx={(theme: Theme) => ({
        userSelect: 'none',
        touchAction: drag ? 'pan-y' : undefined,
        cursor: drag ? 'grab' : undefined,
        opacity: moving ? 0.45 : 1,
        ...(clash && { outline: `2px solid ${theme.palette.warning.main}`, outlineOffset: 1, zIndex: 2 }),
        position: 'absolute',
        boxSizing: 'border-box',
        display: 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
        px: 0.75,
        py: dense ? 0 : 0.25,
        borderRadius: '4px',
        borderLeft: `4px solid ${colour}`,
        bgcolor: alpha(colour, theme.palette.mode === 'dark' ? 0.28 : 0.16),
        backgroundClip: 'padding-box',
        color: 'text.primary',
        textDecoration: 'none',
        fontSize: 12,
        lineHeight: 1.3,
        boxShadow: `inset 0 0 0 1px ${alpha(colour, 0.45)}`,
        ...(conflict && {
          // A warning stripe along the right edge, and a dashed outline: visible without colour.
          backgroundImage: `repeating-linear-gradient(135deg, ${alpha(theme.palette.warning.main, 0.55)} 0 4px, transparent 4px 9px)`,
          backgroundSize: '8px 100%',
          backgroundPosition: 'right top',
          backgroundRepeat: 'no-repeat',
          outline: `1.5px dashed ${theme.palette.warning.main}`,
          outlineOffset: -1.5,
        }),
        ...(item.live && { boxShadow: `inset 0 0 0 2px ${theme.palette.state.live.main}` }),
        '&:hover': { bgcolor: alpha(colour, theme.palette.mode === 'dark' ? 0.4 : 0.26), zIndex: 2 },
        '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 1, zIndex: 3 },
      })}
    >
      <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0, fontWeight: 600 }}>
        {item.live && <LiveMark />}
        {item.live && health && <HealthDot health={health} />}
        {conflict && <WarningIcon aria-hidden sx={{ fontSize: 14, color: 'warning.main', flex: '0 0 auto' }} />}
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {item.title}
        </Box>
      </Box>
      <VisuallyHidden>, </VisuallyHidden>
      {dense ? (
        <VisuallyHidden>{describeTimes(item)}</VisuallyHidden>
      ) : (
        <Box component="span" sx={{ color: 'text.secondary', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {time}
          {showChannel && item.channel ? ` · ${item.channel}` : ''}
        </Box>
      )}
      <VisuallyHidden>, {describeDetails(item, conflict)}</VisuallyHidden>
      {drag && <ResizeHandle edge={drag.resizeEdge} onPointerDown={drag.onResizePointerDown} />}
    </Box>
  );
});

/** The strip along the end of a block that drags its end. */
function ResizeHandle({ edge, onPointerDown }: { edge: 'bottom' | 'right'; onPointerDown: (event: React.PointerEvent) => void }) {
  return (
    <Box
      component="span"
      aria-hidden
      data-resize-handle
      onPointerDown={(event) => {
        // The handle's press is a resize, not a move of the whole block.
        event.stopPropagation();
        onPointerDown(event);
      }}
      sx={{
        position: 'absolute',
        ...(edge === 'bottom' ? { left: 0, right: 0, bottom: 0, height: 6, cursor: 'ns-resize' } : { top: 0, bottom: 0, right: 0, width: 6, cursor: 'ew-resize' }),
        '&:hover': { bgcolor: 'action.focus' },
      }}
    />
  );
}

const HEALTH_WORDS: Record<LiveHealth['status'], string> = { healthy: 'encoder healthy', degraded: 'encoder degraded', down: 'encoder down', offline: 'encoder offline' };

/** A live event's encoder health: a dot (green, amber, red), and its words for screen readers. */
function HealthDot({ health }: { health: LiveHealth }) {
  const colour = health.status === 'healthy' ? 'success.main' : health.status === 'degraded' ? 'warning.main' : 'error.main';
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', flex: '0 0 auto' }} title={HEALTH_WORDS[health.status]}>
      <Box component="span" aria-hidden sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: colour, border: 1, borderColor: 'background.paper' }} />
      <VisuallyHidden>{`, ${HEALTH_WORDS[health.status]}`}</VisuallyHidden>
    </Box>
  );
}

/** "LIVE" on the live colour: the word, so the mark never depends on colour alone. */
export function LiveMark() {
  return (
    <Box
      component="span"
      aria-hidden
      sx={(theme: Theme) => ({
        flex: '0 0 auto',
        px: 0.5,
        borderRadius: '3px',
        fontSize: 10,
        fontWeight: 700,
        letterSpacing: 0.4,
        lineHeight: '15px',
        bgcolor: theme.palette.state.live.main,
        color: theme.palette.state.live.contrastText,
      })}
    >
      LIVE
    </Box>
  );
}
