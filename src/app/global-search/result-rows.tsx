/** The parts of the search dialog's list: an option, a group with its heading, and the rows of an event, a chapter point, a configuration item. */
import { Fragment, useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import BookmarkIcon from '@mui/icons-material/BookmarkBorderOutlined';
import EventIcon from '@mui/icons-material/EventOutlined';
import TuneIcon from '@mui/icons-material/TuneOutlined';
import type { Event } from '#schema';
import { eventStateInfo } from '#components/event-state.ts';
import { formatDateTime, parseServiceDate } from '#components/format-time.ts';
import { StateChip } from '#components/state-chip.tsx';
import { Highlight, hasMatch, snippet } from './highlight.tsx';
import type { ChapterPointResult } from './use-search-results.ts';
import type { ConfigResult } from './use-other-results.ts';

export function Kbd({ children }: { children: ReactNode }) {
  return (
    <Box
      component="kbd"
      sx={{
        fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
        fontSize: 11,
        lineHeight: '16px',
        px: 0.6,
        minWidth: 18,
        textAlign: 'center',
        border: 1,
        borderColor: 'divider',
        borderBottomWidth: 2,
        borderRadius: 0.75,
        color: 'text.secondary',
        bgcolor: 'background.paper',
      }}
    >
      {children}
    </Box>
  );
}

interface ResultOptionProps {
  id: string;
  active: boolean;
  label: string;
  onHover: () => void;
  onSelect: () => void;
  children: ReactNode;
}

/** One result: an option of the listbox, chosen with the keyboard (the field keeps the focus) or the pointer. */
export function ResultOption({ id, active, label, onHover, onSelect, children }: ResultOptionProps) {
  return (
    <Box
      id={id}
      role="option"
      aria-selected={active}
      // Named by what it shows (voice control says the visible words); data-label is the short form.
      data-label={label}
      data-active={active || undefined}
      onMouseMove={() => !active && onHover()}
      // Keep the focus in the field, where the keyboard works.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onSelect}
      sx={(theme) => ({
        display: 'flex',
        alignItems: 'flex-start',
        gap: 1.5,
        px: 1.5,
        py: 1,
        mx: 1,
        borderRadius: 1,
        cursor: 'pointer',
        borderLeft: '3px solid transparent',
        '&[data-active]': {
          bgcolor: alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.2 : 0.1),
          borderLeftColor: theme.palette.primary.main,
        },
      })}
    >
      {children}
    </Box>
  );
}

export function Hint({ keys, label }: { keys: string[]; label: string }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      {keys.map((k) => (
        <Kbd key={k}>{k}</Kbd>
      ))}
      {label}
    </Box>
  );
}

export function Group({ label, count, children }: { label: string; count?: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box role="group" aria-labelledby={id} sx={{ pt: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2.5, py: 0.5 }}>
        <Typography id={id} variant="overline" component="div" sx={{ color: 'text.secondary', lineHeight: 1.6, fontWeight: 600 }}>
          {label}
        </Typography>
        {count && (
          <Typography variant="caption" sx={{ color: 'text.secondary' }} aria-hidden>
            {count}
          </Typography>
        )}
      </Box>
      {children}
    </Box>
  );
}

export function eventLabel(event: Event): string {
  const start = when(event.displayStart ?? event.scheduledStart);
  return [event.title, eventStateInfo(event.state).label, start].filter(Boolean).join(', ');
}

function when(value: string | null | undefined): string | null {
  const date = parseServiceDate(value);
  return date ? formatDateTime(date) : null;
}

/** One line that ends in "…" rather than wrapping. */
const oneLine = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;

export function EventResult({ event, words }: { event: Event; words: readonly string[] }) {
  const start = when(event.displayStart ?? event.scheduledStart);
  const ids = [
    event.refId ? { label: 'Ref', value: event.refId } : null,
    event.externalId && hasMatch(event.externalId, words) ? { label: 'Ext', value: event.externalId } : null,
  ].filter((v) => v !== null);
  const fromDescription = snippet(event.description, words, 24);
  return (
    <>
      <EventIcon fontSize="small" aria-hidden sx={{ color: 'text.secondary', mt: 0.25 }} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography
          variant="body2"
          sx={{ fontWeight: 500, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'anywhere' }}
        >
          <Highlight text={event.title} words={words} />
        </Typography>
        <Typography component="div" variant="caption" sx={{ color: 'text.secondary', ...oneLine }}>
          {[start ?? 'Not scheduled', event.channel].filter(Boolean).join(' · ')}
          {ids.map((id) => (
            <Fragment key={id.label}>
              {' · '}
              {id.label} <Highlight text={id.value} words={words} />
            </Fragment>
          ))}
        </Typography>
        {fromDescription && (
          <Typography variant="caption" component="div" sx={{ color: 'text.secondary', ...oneLine }}>
            <Highlight text={fromDescription} words={words} />
          </Typography>
        )}
      </Box>
      <Box sx={{ flex: '0 0 auto', mt: 0.25 }}>
        <StateChip state={event.state} />
      </Box>
    </>
  );
}

export function ChapterPointResultRow({ result, words }: { result: ChapterPointResult; words: readonly string[] }) {
  const { point, event } = result;
  const at = /^\d{2,}:\d{2}:\d{2}/.test(point.startTime) ? point.startTime.replace(/\.\d+$/, '') : when(point.startTime);
  return (
    <>
      <BookmarkIcon fontSize="small" aria-hidden sx={{ color: 'text.secondary', mt: 0.25 }} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {/* A div: the tag's chip is a div, which a paragraph may not hold. */}
        <Typography component="div" variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
          <Highlight text={point.title} words={words} />
          {point.tag && (
            <Chip
              size="small"
              variant="outlined"
              label={<Highlight text={point.tag} words={words} />}
              sx={{ ml: 1, height: 20, fontSize: 11, verticalAlign: 'text-bottom' }}
            />
          )}
        </Typography>
        <Typography component="div" variant="caption" sx={{ color: 'text.secondary', ...oneLine }}>
          {at ? `at ${at} · ` : ''}in {event === undefined ? '…' : event === null ? 'an event that could not be read' : event.title}
          {point.referenceId && (
            <>
              {' · '}Ref <Highlight text={point.referenceId} words={words} />
            </>
          )}
        </Typography>
      </Box>
      {event && (
        <Box sx={{ flex: '0 0 auto', mt: 0.25 }}>
          <StateChip state={event.state} />
        </Box>
      )}
    </>
  );
}


export function ConfigResultRow({ result, words }: { result: ConfigResult; words: readonly string[] }) {
  return (
    <>
      <TuneIcon fontSize="small" aria-hidden sx={{ color: 'text.secondary', mt: 0.25 }} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
          <Highlight text={result.name} words={words} />
        </Typography>
        <Typography component="div" variant="caption" sx={{ color: 'text.secondary', ...oneLine }}>
          {result.kind}
          {result.detail ? ` · ${result.detail}` : ''}
        </Typography>
      </Box>
    </>
  );
}
