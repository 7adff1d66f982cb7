/**
 * The channel timeline: one lane per channel across the visible days, a time axis on top, a line
 * at now, events as blocks (live ones marked), and overlapping events on one channel stacked in
 * the lane and striped as conflicts. The zoom sets how many hours fill the width; the rest is a
 * horizontal scroll away. Lane names stay on the left and the axis on top while scrolling.
 */
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import type { LiveHealth } from '#schema';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import WarningIcon from '@mui/icons-material/WarningAmberRounded';
import { HOUR_MS, layoutLanes, overlaps, within, type Lane, type ScheduleItem } from './schedule-model.ts';
import { EventBlock, type BlockDrag } from './schedule-event.tsx';
import { ZOOM_HOURS, type TimelineZoom } from './schedule-view.ts';
import { indexAt, startPointerDrag } from './drag-gesture.ts';
import { MoveGhost } from './move-ghost.tsx';
import { canReschedule, moved, resized, snap } from './reschedule.ts';
import { onBlockKey, type Reschedule } from './use-reschedule.tsx';
import { timelineStep } from './key-steps.ts';

const LABEL_WIDTH_WIDE = 168;
/** Narrow screens keep more of the width for time. */
const LABEL_WIDTH_NARROW = 112;
const ROW_HEIGHT = 40;
const LANE_PADDING = 6;
const AXIS_HEIGHT = 44;

/** Tick spacings (hours): the finest whose labels do not crowd (MIN_TICK_PX apart) is used. */
const TICK_STEPS = [0.25, 0.5, 1, 2, 3, 6, 12, 24];
const MIN_TICK_PX = 64;

const hourFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
const dayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short' });

export interface ChannelTimelineProps {
  start: Date;
  end: Date;
  zoom: TimelineZoom;
  items: readonly ScheduleItem[];
  /** Every channel of the tenant, in order: idle ones get a lane too. */
  channels: readonly string[];
  conflictIds: ReadonlySet<string>;
  now: Date;
  reschedule: Reschedule;
  /** The live events' encoder health, by event id. */
  health: ReadonlyMap<string, LiveHealth>;
}

export function ChannelTimeline({ start, end, zoom, items, channels, conflictIds, now, reschedule, health }: ChannelTimelineProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const labelWidth = narrow ? LABEL_WIDTH_NARROW : LABEL_WIDTH_WIDE;
  const [viewport, setViewport] = useState(1000);
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () => setViewport(Math.max(200, element.clientWidth - labelWidth));
    measure();
    // Older engines (and jsdom) have no ResizeObserver: the width measured once then holds.
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [labelWidth]);

  const pxPerHour = viewport / ZOOM_HOURS[zoom];
  const hours = (end.getTime() - start.getTime()) / HOUR_MS;
  const trackWidth = Math.round(hours * pxPerHour);
  const x = (date: Date) => ((date.getTime() - start.getTime()) / HOUR_MS) * pxPerHour;
  const lanes = useMemo(() => layoutLanes(within(items, start, end), channels), [items, start, end, channels]);
  const nowInRange = now >= start && now < end;

  // Open on now (a little before it) when it is in view, else at the start; again on zoom.
  const startTime = start.getTime();
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const left = nowInRange ? x(now) - viewport * 0.2 : 0;
    element.scrollLeft = Math.max(0, left);
    // Only when the range or the zoom changes, not on every tick of now.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [startTime, zoom, viewport]);

  /** Pointer and keys on a block that can move: across is time, up and down is the channel. */
  const dragFor = (item: ScheduleItem): BlockDrag | undefined => {
    if (!canReschedule(item)) return undefined;
    const begin = (kind: 'move' | 'resize') => (press: React.PointerEvent) => {
      const region = (press.currentTarget as HTMLElement).closest('[data-schedule-region]');
      const rows = [...(region?.querySelectorAll<HTMLElement>('[data-lane]') ?? [])].map((element, index) => {
        const rect = element.getBoundingClientRect();
        return { start: rect.top, end: rect.bottom, channel: lanes[index]?.channel ?? null };
      });
      startPointerDrag(press, {
        onStart: () => reschedule.place(item, kind, item),
        onMove: ({ clientY, dx }) => {
          const delta = snap((dx / pxPerHour) * HOUR_MS);
          if (kind === 'resize') return reschedule.place(item, kind, resized(item, delta));
          const lane = rows[indexAt(rows, clientY)];
          reschedule.place(item, kind, moved(item, delta, lane ? lane.channel : item.channel));
        },
        onEnd: (dropped) => (dropped ? reschedule.drop() : reschedule.cancel()),
      });
    };
    const step = timelineStep(lanes);
    return { onMovePointerDown: begin('move'), onResizePointerDown: begin('resize'), onKeyDown: (event) => onBlockKey(reschedule, item, event, step), resizeEdge: 'right' };
  };
  const preview = reschedule.preview;
  const clashIds = new Set(preview?.clashes.map((c) => c.id));
  const sameLane = (lane: Lane, channel: string | null) => (lane.channel ?? '').toLowerCase() === (channel ?? '').toLowerCase();

  const tick = TICK_STEPS.find((hours) => hours * pxPerHour >= MIN_TICK_PX) ?? 24;
  const ticks = Array.from({ length: Math.floor(hours / tick) + 1 }, (_, i) => new Date(start.getTime() + i * tick * HOUR_MS)).filter((d) => d < end);
  const dayStarts = ticks.filter((d) => d.getHours() === 0 && d.getMinutes() === 0);

  return (
    <Box
      ref={scroller}
      role="region"
      aria-label="Channel timeline"
      data-schedule-region
      tabIndex={0}
      sx={{ flex: 1, minHeight: 0, overflow: 'auto', position: 'relative', '&:focus-visible': { outline: (t: Theme) => `2px solid ${t.palette.primary.main}` } }}
    >
      <Box sx={{ width: labelWidth + trackWidth, position: 'relative' }}>
        {/* Axis: day names and hour ticks, sticky on top. */}
        <Box sx={{ display: 'flex', position: 'sticky', top: 0, zIndex: 5, height: AXIS_HEIGHT, bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
          <Box sx={{ width: labelWidth, flex: '0 0 auto', position: 'sticky', left: 0, zIndex: 6, bgcolor: 'background.paper', borderRight: 1, borderColor: 'divider', display: 'flex', alignItems: 'flex-end', px: 1.5, pb: 0.5 }}>
            <Typography variant="caption" sx={{ fontWeight: 600, color: 'text.secondary' }}>
              Channel
            </Typography>
          </Box>
          <Box aria-hidden sx={{ position: 'relative', width: trackWidth, flex: '0 0 auto' }}>
            {dayStarts.map((d) => (
              <Typography key={`day-${d.getTime()}`} component="span" variant="caption" sx={{ position: 'absolute', left: x(d) + 4, top: 2, fontWeight: 700, whiteSpace: 'nowrap' }}>
                {dayFormat.format(d)}
              </Typography>
            ))}
            {ticks.map((d) => (
              <Box key={d.getTime()} sx={{ position: 'absolute', left: x(d), bottom: 0, height: d.getHours() === 0 && d.getMinutes() === 0 ? AXIS_HEIGHT : 12, borderLeft: 1, borderColor: 'divider' }}>
                <Typography component="span" variant="caption" sx={{ position: 'absolute', left: 4, bottom: 0, fontSize: 11, color: 'text.secondary', whiteSpace: 'nowrap' }}>
                  {hourFormat.format(d)}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>

        {lanes.length === 0 && (
          <Typography variant="body2" sx={{ p: 3, color: 'text.secondary', position: 'sticky', left: 0 }}>
            No channels and no events in these days.
          </Typography>
        )}

        {lanes.map((lane) => {
          const height = lane.rows * ROW_HEIGHT + LANE_PADDING * 2;
          const laneConflicts = lane.placed.filter((p) => conflictIds.has(p.item.id)).length;
          const name = lane.channel ?? 'No channel';
          return (
            <Box key={name} role="group" aria-label={`${name}: ${lane.placed.length} ${lane.placed.length === 1 ? 'event' : 'events'}${laneConflicts ? ', with conflicts' : ''}`} data-lane={name} sx={{ display: 'flex', borderBottom: 1, borderColor: 'divider' }}>
              <Box
                sx={{
                  width: labelWidth,
                  flex: '0 0 auto',
                  position: 'sticky',
                  left: 0,
                  zIndex: 4,
                  bgcolor: 'background.paper',
                  borderRight: 1,
                  borderColor: 'divider',
                  px: 1.5,
                  display: 'flex',
                  alignItems: 'center',
                  gap: 0.5,
                  minHeight: height,
                }}
              >
                <Typography variant="body2" sx={{ fontWeight: 600, fontStyle: lane.channel ? undefined : 'italic', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={name}>
                  {name}
                </Typography>
                {laneConflicts > 0 && <WarningIcon aria-hidden sx={{ fontSize: 16, color: 'warning.main', flex: '0 0 auto' }} />}
              </Box>
              <Box
                role="list"
                sx={(theme: Theme) => ({
                  position: 'relative',
                  width: trackWidth,
                  flex: '0 0 auto',
                  height,
                  backgroundImage: `repeating-linear-gradient(to right, ${theme.palette.divider} 0 1px, transparent 1px ${tick * pxPerHour}px)`,
                })}
              >
                {lane.placed.map(({ item, row }) => {
                  const left = Math.max(0, x(item.start));
                  const right = Math.min(trackWidth, x(item.end));
                  return (
                    <Box key={item.id} role="listitem" sx={{ display: 'contents' }}>
                      <EventBlock
                        item={item}
                        conflict={conflictIds.has(item.id)}
                        dense={right - left < 90}
                        drag={dragFor(item)}
                        moving={preview?.item.id === item.id}
                        clash={clashIds.has(item.id)}
                        health={health.get(item.id)}
                        style={{ left: left + 1, width: Math.max(right - left - 2, 6), top: LANE_PADDING + row * ROW_HEIGHT + 2, height: ROW_HEIGHT - 4 }}
                      />
                    </Box>
                  );
                })}
                {preview && sameLane(lane, preview.placement.channel) && overlaps(preview.placement, { start, end }) && (
                  <MoveGhost
                    preview={preview}
                    style={{
                      left: Math.max(0, x(preview.placement.start)) + 1,
                      width: Math.max(Math.min(trackWidth, x(preview.placement.end)) - Math.max(0, x(preview.placement.start)) - 2, 24),
                      top: LANE_PADDING + 2,
                      height: ROW_HEIGHT - 4,
                    }}
                  />
                )}
              </Box>
            </Box>
          );
        })}

        {nowInRange && (
          <Box
            aria-hidden
            data-now-line
            sx={(theme: Theme) => ({
              position: 'absolute',
              top: AXIS_HEIGHT - 6,
              bottom: 0,
              left: labelWidth + x(now),
              width: 2,
              bgcolor: theme.palette.state.live.main,
              zIndex: 3,
              pointerEvents: 'none',
              '&::before': { content: '""', position: 'absolute', top: -2, left: -4, width: 10, height: 10, borderRadius: '50%', bgcolor: theme.palette.state.live.main },
            })}
          />
        )}
      </Box>
    </Box>
  );
}
