/** The schedule's toolbar: the view (day, week, month, timeline), the period and its title, the timeline's zoom, and the conflicts. */
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { Tooltip } from '#components/tooltip.tsx';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import WarningIcon from '@mui/icons-material/WarningAmberRounded';
import { TIMELINE_ZOOMS, type CalendarView, type ScheduleView, type TimelineZoom } from './schedule-view.ts';

const ZOOM_LABELS: Record<TimelineZoom, string> = { '3h': '3 h', '6h': '6 h', '12h': '12 h', '1d': '1 day', '3d': '3 days', '7d': '7 days' };

export interface ScheduleToolbarProps {
  view: ScheduleView;
  setView: (patch: Partial<ScheduleView>) => void;
  setCalendar: (view: CalendarView) => void;
  go: (direction: 1 | -1) => void;
  isToday: boolean;
  title: string;
  conflicts: number;
  loaded: boolean;
  onOpenConflicts: () => void;
}

export function ScheduleToolbar({ view, setView, setCalendar, go, isToday, title, conflicts, loaded, onOpenConflicts }: ScheduleToolbarProps) {
  return (
        <Box role="toolbar" aria-label="Schedule view" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1.5 }}>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={view.mode === 'timeline' ? 'timeline' : view.view}
            onChange={(_e, next: CalendarView | 'timeline' | null) => {
              if (next === 'timeline') setView({ mode: 'timeline' });
              else if (next) setCalendar(next);
            }}
            aria-label="View"
          >
            <ToggleButton value="day">Day</ToggleButton>
            <ToggleButton value="week">Week</ToggleButton>
            <ToggleButton value="month">Month</ToggleButton>
            <ToggleButton value="timeline">Channel timeline</ToggleButton>
          </ToggleButtonGroup>

          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <Tooltip title="Previous ([)">
              <IconButton size="small" aria-label="Previous period" onClick={() => go(-1)}>
                <ChevronLeftIcon />
              </IconButton>
            </Tooltip>
            <Button size="small" variant="outlined" color="inherit" onClick={() => setView({ date: null })} disabled={isToday && view.mode === 'calendar' && view.view === 'day'} sx={{ borderColor: 'divider' }}>
              Today
            </Button>
            <Tooltip title="Next (])">
              <IconButton size="small" aria-label="Next period" onClick={() => go(1)}>
                <ChevronRightIcon />
              </IconButton>
            </Tooltip>
            <Typography component="h2" variant="h3" aria-live="polite" sx={{ ml: 1, whiteSpace: 'nowrap' }}>
              {title}
            </Typography>
          </Box>

          <Box sx={{ flex: 1 }} />

          {view.mode === 'timeline' && (
            <ToggleButtonGroup size="small" exclusive value={view.zoom} onChange={(_e, zoom: TimelineZoom | null) => zoom && setView({ zoom })} aria-label="Zoom: hours across the screen">
              {TIMELINE_ZOOMS.map((zoom) => (
                <ToggleButton key={zoom} value={zoom} sx={{ px: 1 }}>
                  {ZOOM_LABELS[zoom]}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          )}

          <Badge badgeContent={conflicts} color="warning" max={999}>
            <Button
              size="small"
              variant={conflicts ? 'outlined' : 'text'}
              color={conflicts ? 'warning' : 'inherit'}
              startIcon={<WarningIcon />}
              onClick={onOpenConflicts}
              disabled={!loaded}
              aria-label={`Conflicts: ${conflicts}`}
            >
              Conflicts
            </Button>
          </Badge>
        </Box>
  );
}
