/**
 * Global search: a dialog over events and chapter points, configuration items (channels, rooms,
 * categories, infrastructure profiles, webhooks) and commands ("Go to Schedule", "New event"),
 * opened from anywhere with `/` or Ctrl/⌘+K, or with the search button in the app bar. Results
 * are grouped by kind; events are in time order.
 *
 * It searches as the operator types (GET /search/ and GET /search/chapterpoints/, the last word
 * matching as a prefix), groups the results (Events, Chapter points) with what matched marked,
 * and is a combobox: the focus stays in the field while ↑/↓ move through the results, Enter
 * opens one (an event page; a chapter point opens its event on the Chapter points tab), Esc
 * closes. With an empty field it offers the recent searches kept in this browser. The last
 * entry, "See all N in the Events list", opens the Events list filtered on the same text.
 */
import { Fragment, useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import LinearProgress from '@mui/material/LinearProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { alpha, type Theme } from '@mui/material/styles';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import BookmarkIcon from '@mui/icons-material/BookmarkBorderOutlined';
import CloseIcon from '@mui/icons-material/Close';
import EventIcon from '@mui/icons-material/EventOutlined';
import HistoryIcon from '@mui/icons-material/History';
import SearchIcon from '@mui/icons-material/Search';
import SearchOffIcon from '@mui/icons-material/SearchOffOutlined';
import TuneIcon from '@mui/icons-material/TuneOutlined';
import type { Event } from '#schema';
import { useDescribeError } from '#app/use-describe-error.ts';
import { EmptyState } from '#components/empty-state.tsx';
import { ErrorState } from '#components/error-state.tsx';
import { VisuallyHidden, visuallyHidden } from '#components/visually-hidden.tsx';
import { eventStateInfo } from '#components/event-state.ts';
import { formatDateTime, parseServiceDate } from '#components/format-time.ts';
import { StateChip } from '#components/state-chip.tsx';
import { Highlight, hasMatch, searchWords, snippet } from './global-search/highlight.tsx';
import { useRecentSearches } from './global-search/recent-searches.ts';
import { useSearchResults, type ChapterPointResult } from './global-search/use-search-results.ts';
import { matchCommands, useConfigResults, type Command, type ConfigResult } from './global-search/use-other-results.ts';
import { useHotkeys } from './hotkeys.tsx';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
/** How the second shortcut is written for this keyboard. */
export const MOD_K = isMac ? '⌘K' : 'Ctrl+K';

/** The Events list filtered on a text, over every date (the list's default shows today onwards only). */
export function eventsListHref(text: string): string {
  return `/events?${new URLSearchParams({ search: text.trim().replace(/\s+/g, ' '), range: 'all' }).toString()}`;
}

type Item =
  | { kind: 'recent'; text: string }
  | { kind: 'event'; event: Event }
  | { kind: 'point'; result: ChapterPointResult }
  | { kind: 'config'; result: ConfigResult }
  | { kind: 'command'; command: Command }
  | { kind: 'all'; count: number | null };

/** Events in time order (by their start; unscheduled last), so a series reads as a schedule. */
export function byStart(events: readonly Event[]): Event[] {
  const start = (e: Event) => parseServiceDate(e.displayStart ?? e.scheduledStart)?.getTime() ?? Number.POSITIVE_INFINITY;
  return [...events].sort((a, b) => start(a) - start(b));
}

/**
 * The search button for the app bar and the dialog it opens, with the shortcuts that open it.
 * Render it once, in the shell.
 */
export function GlobalSearch() {
  const [open, setOpen] = useState(false);
  const show = useCallback(() => setOpen(true), []);
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'), { noSsr: true });

  useHotkeys([
    { keys: '/', description: 'Search events and chapter points', group: 'Global', run: show },
    // Listed here; the listener below runs it, also from inside a field (the registry ignores modifier keys).
    { keys: MOD_K, description: 'Search events and chapter points, also while typing in a field', group: 'Global', run: show },
  ]);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.shiftKey || !(event.ctrlKey || event.metaKey)) return;
      if (event.key.toLowerCase() !== 'k') return;
      event.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <>
      {wide ? (
        <ButtonBase
          onClick={show}
          aria-label="Search"
          aria-haspopup="dialog"
          aria-keyshortcuts={`/ ${isMac ? 'Meta+K' : 'Control+K'}`}
          sx={(theme) => ({
            gap: 1,
            px: 1.25,
            height: 36,
            width: { sm: 200, md: 280 },
            justifyContent: 'flex-start',
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
            color: 'text.secondary',
            bgcolor: alpha(theme.palette.text.primary, 0.04),
            '&:hover': { bgcolor: alpha(theme.palette.text.primary, 0.08), borderColor: 'text.secondary' },
            '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
          })}
        >
          <SearchIcon fontSize="small" aria-hidden />
          <Typography component="span" variant="body2" sx={{ flex: 1, textAlign: 'left' }}>
            Search
          </Typography>
          <Box aria-hidden sx={{ display: 'flex' }}>
            <Kbd>/</Kbd>
          </Box>
        </ButtonBase>
      ) : (
        <Tooltip title={`Search (/ or ${MOD_K})`}>
          <IconButton color="inherit" aria-label="Search" aria-haspopup="dialog" onClick={show}>
            <SearchIcon />
          </IconButton>
        </Tooltip>
      )}
      <GlobalSearchDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}

function Kbd({ children }: { children: ReactNode }) {
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

export function GlobalSearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      sx={{
        '& .MuiDialog-container': { alignItems: 'flex-start' },
        '& .MuiDialog-paper': fullScreen ? {} : { mt: '8vh', maxHeight: '80vh', maxWidth: 720, overflow: 'hidden' },
      }}
    >
      <SearchPanel titleId={titleId} onClose={onClose} />
    </Dialog>
  );
}

function SearchPanel({ titleId, onClose }: { titleId: string; onClose: () => void }) {
  const describeError = useDescribeError();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const idBase = useId();
  const listboxId = `${idBase}-results`;
  const optionId = (index: number) => `${idBase}-option-${index}`;

  const results = useSearchResults(text);
  const events = useMemo(() => byStart(results.events), [results.events]);
  const commands = useMemo(() => (text.trim() === '' ? [] : matchCommands(text)), [text]);
  const config = useConfigResults(results.keywords, true);
  const { recent, remember, clear } = useRecentSearches();
  const recentId = useId();
  const words = useMemo(() => searchWords(results.keywords), [results.keywords]);
  const searching = text.trim() !== '';

  const items = useMemo<Item[]>(() => {
    if (!searching) return recent.map((r) => ({ kind: 'recent' as const, text: r }));
    // Grouped by kind, in the order they are drawn: commands, events, chapter points, configuration.
    const list: Item[] = [
      ...commands.map((command) => ({ kind: 'command' as const, command })),
      ...events.map((event) => ({ kind: 'event' as const, event })),
      ...results.points.map((result) => ({ kind: 'point' as const, result })),
      ...config.results.map((result) => ({ kind: 'config' as const, result })),
    ];
    if (list.length > 0 || results.listCount) list.push({ kind: 'all', count: results.listCount });
    return list;
  }, [searching, recent, commands, events, results.points, config.results, results.listCount]);

  // New results: back to the first one. The same results, updated: stay where the operator is.
  const signature = items
    .map((i) =>
      i.kind === 'event' ? i.event.id : i.kind === 'point' ? i.result.point.id : i.kind === 'recent' ? i.text : i.kind === 'config' ? i.result.href : i.kind === 'command' ? i.command.id : 'all',
    )
    .join();
  const [seen, setSeen] = useState(signature);
  if (seen !== signature) {
    setSeen(signature);
    setActive(0);
  }
  const activeIndex = Math.min(active, items.length - 1);

  useEffect(() => {
    if (activeIndex < 0) return;
    document.getElementById(optionId(activeIndex))?.scrollIntoView?.({ block: 'nearest' });
    // optionId is derived from idBase, which never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [activeIndex]);

  const activate = (item: Item | undefined) => {
    if (!item) return;
    if (item.kind === 'recent') {
      // The field keeps the focus (options do not take it), so typing goes on from here.
      setText(item.text);
      return;
    }
    remember(text);
    onClose();
    if (item.kind === 'event') void navigate(`/events/${item.event.id}`);
    else if (item.kind === 'config') void navigate(item.result.href);
    else if (item.kind === 'command') void navigate(item.command.href);
    else if (item.kind === 'point') void navigate(`/events/${item.result.point.eventId}?tab=chapters`);
    else void navigate(eventsListHref(text));
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (items.length === 0) return;
    const move = (to: number) => {
      event.preventDefault();
      setActive((to + items.length) % items.length);
    };
    if (event.key === 'ArrowDown') move(activeIndex + 1);
    else if (event.key === 'ArrowUp') move(activeIndex - 1);
    else if (event.key === 'PageDown') move(Math.min(activeIndex + 5, items.length - 1));
    else if (event.key === 'PageUp') move(Math.max(activeIndex - 5, 0));
    else if (event.key === 'Enter') {
      event.preventDefault();
      activate(items[activeIndex]);
    }
  };
  const describe = (error: unknown) => describeError(error);
  const eventsFailed = Boolean(results.eventsError) && results.events.length === 0;
  const nothing = results.settled && !results.eventsError && !results.pointsError && results.eventTotal === 0 && results.pointTotal === 0 && commands.length === 0 && config.total === 0;
  const counts = searching && results.settled ? summary(results.eventTotal, results.pointTotal) : '';

  const option = (i: number, item: Item, content: ReactNode, label: string) => (
    <ResultOption
      key={optionId(i)}
      id={optionId(i)}
      active={i === activeIndex}
      label={label}
      onHover={() => setActive(i)}
      onSelect={() => activate(item)}
    >
      {content}
    </ResultOption>
  );
  const eventsOffset = commands.length;
  const pointsOffset = eventsOffset + events.length;
  const configOffset = pointsOffset + results.points.length;
  const allIndex = items.length - 1;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}>
      <VisuallyHidden component="h2" id={titleId}>
        Search events and chapter points
      </VisuallyHidden>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <SearchIcon aria-hidden sx={{ color: 'text.secondary' }} />
        <InputBase
          inputRef={inputRef}
          autoFocus
          fullWidth
          value={text}
          placeholder="Titles, references, chapter points…"
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          sx={{ fontSize: 18, py: 0.5 }}
          slotProps={{
            input: {
              role: 'combobox',
              'aria-label': 'Search events and chapter points',
              'aria-expanded': items.length > 0,
              'aria-controls': listboxId,
              'aria-autocomplete': 'list',
              'aria-activedescendant': activeIndex >= 0 ? optionId(activeIndex) : undefined,
              autoComplete: 'off',
              spellCheck: false,
              enterKeyHint: 'go',
            },
          }}
        />
        {text !== '' && (
          <Tooltip title="Clear the search">
            <IconButton
              size="small"
              aria-label="Clear the search"
              onClick={() => {
                setText('');
                inputRef.current?.focus();
              }}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        <Button size="small" onClick={onClose} sx={{ minWidth: 0, color: 'text.secondary' }}>
          Esc<VisuallyHidden>: close the search</VisuallyHidden>
        </Button>
      </Box>
      <Box sx={{ height: 2, flex: '0 0 auto' }}>{results.fetching && <LinearProgress aria-label="Searching" sx={{ height: 2 }} />}</Box>
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {counts}
      </Box>

      {/* ↑/↓ in the field move through the results; the scrolling area is also a tab stop, so a
          keyboard can scroll what a long answer holds below the fold. */}
      <Box role="region" aria-label="Results" tabIndex={0} sx={{ overflowY: 'auto', flex: '1 1 auto', minHeight: 0, pb: 1, outlineOffset: -2 }}>
        {!searching && recent.length === 0 && (
          <Box sx={{ px: 3, py: 3 }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Type part of a title, a description, or a reference or external id. Chapter points are found by title, tag and
              reference. The word being typed matches from its start: <b>harbour conc</b> finds “Harbour concert”.
            </Typography>
          </Box>
        )}

        {!searching && recent.length > 0 && (
          <Box sx={{ display: 'flex', alignItems: 'center', px: 2.5, pt: 1, pb: 0.5 }}>
            <Typography id={recentId} variant="overline" component="h3" sx={{ color: 'text.secondary', lineHeight: 1.6, fontWeight: 600, flex: 1 }}>
              Recent searches
            </Typography>
            <Button size="small" onClick={clear} aria-label="Clear the recent searches" sx={{ py: 0 }}>
              Clear
            </Button>
          </Box>
        )}
        <Box
          id={listboxId}
          role="listbox"
          aria-label={searching ? 'Search results' : undefined}
          aria-labelledby={searching ? undefined : recentId}
        >
          {!searching &&
            recent.map((r, i) =>
              option(
                i,
                { kind: 'recent', text: r },
                <>
                  <HistoryIcon fontSize="small" aria-hidden sx={{ color: 'text.secondary', mt: 0.25 }} />
                  <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                    {r}
                  </Typography>
                </>,
                r,
              ),
            )}

          {searching && commands.length > 0 && (
            <Group label="Commands">
              {commands.map((command, i) =>
                option(
                  i,
                  { kind: 'command', command },
                  <>
                    <ArrowForwardIcon fontSize="small" aria-hidden sx={{ color: 'text.secondary', mt: 0.25 }} />
                    <Typography variant="body2" sx={{ flex: 1, minWidth: 0, fontWeight: 500 }}>
                      {command.label}
                    </Typography>
                  </>,
                  command.label,
                ),
              )}
            </Group>
          )}
          {searching && events.length > 0 && (
            <Group label="Events" count={`${events.length} of ${results.eventTotal.toLocaleString()}, by start time`}>
              {events.map((event, i) => option(eventsOffset + i, { kind: 'event', event }, <EventResult event={event} words={words} />, eventLabel(event)))}
            </Group>
          )}
          {searching && results.points.length > 0 && (
            <Group label="Chapter points" count={`${results.points.length} of ${results.pointTotal.toLocaleString()}`}>
              {results.points.map((result, i) =>
                option(
                  pointsOffset + i,
                  { kind: 'point', result },
                  <ChapterPointResultRow result={result} words={words} />,
                  `${result.point.title}${result.event ? `, in ${result.event.title}` : ''}, chapter point`,
                ),
              )}
            </Group>
          )}
          {searching && config.results.length > 0 && (
            <Group label="Configuration" count={config.total > config.results.length ? `${config.results.length} of ${config.total}` : undefined}>
              {config.results.map((result, i) =>
                option(
                  configOffset + i,
                  { kind: 'config', result },
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
                  </>,
                  `${result.name}, ${result.kind.toLowerCase()}`,
                ),
              )}
            </Group>
          )}
          {searching &&
            items.at(-1)?.kind === 'all' &&
            option(
              allIndex,
              { kind: 'all', count: results.listCount },
              <>
                <ArrowForwardIcon fontSize="small" aria-hidden sx={{ color: 'primary.main', mt: 0.25 }} />
                <Typography variant="body2" sx={{ color: 'primary.main', fontWeight: 600, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                  {seeAllLabel(results.listCount, text)}
                </Typography>
              </>,
              seeAllLabel(results.listCount, text),
            )}
        </Box>

        {searching && eventsFailed && (
          <Box sx={{ px: 2, pt: 2 }}>
            <ErrorState
              title="Search failed"
              message={describe(results.eventsError).message}
              detail={describe(results.eventsError).detail}
              actions={
                <Button variant="outlined" color="inherit" size="small" onClick={results.retry}>
                  Try again
                </Button>
              }
            />
          </Box>
        )}
        {searching && !eventsFailed && results.pointsError !== null && results.pointsError !== undefined && (
          <Typography variant="body2" sx={{ color: 'error.main', px: 3, pt: 1 }}>
            Chapter points could not be searched: {describe(results.pointsError).message}
          </Typography>
        )}
        {searching && nothing && (
          <EmptyState
            icon={<SearchOffIcon />}
            title={`Nothing matches “${text.trim()}”`}
            hint={
              <>
                No event title, description, reference or external id, and no chapter point title, tag or reference starts with these
                words. Check the spelling, try fewer words, or search the Events list, which also finds text inside words.
              </>
            }
            action={
              <Button size="small" onClick={() => activate({ kind: 'all', count: null })}>
                Search the Events list
              </Button>
            }
          />
        )}
      </Box>

      <Box
        aria-hidden
        sx={{
          display: { xs: 'none', sm: 'flex' },
          gap: 2,
          px: 2,
          py: 0.75,
          borderTop: 1,
          borderColor: 'divider',
          color: 'text.secondary',
          fontSize: 12,
          alignItems: 'center',
        }}
      >
        <Hint keys={['↑', '↓']} label="move" />
        <Hint keys={['↵']} label="open" />
        <Hint keys={['Esc']} label="close" />
      </Box>
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
function ResultOption({ id, active, label, onHover, onSelect, children }: ResultOptionProps) {
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

function Hint({ keys, label }: { keys: string[]; label: string }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      {keys.map((k) => (
        <Kbd key={k}>{k}</Kbd>
      ))}
      {label}
    </Box>
  );
}

function summary(events: number, points: number): string {
  const n = (count: number, one: string, many: string) => `${count.toLocaleString()} ${count === 1 ? one : many}`;
  return `${n(events, 'event', 'events')} and ${n(points, 'chapter point', 'chapter points')} found`;
}

function seeAllLabel(count: number | null, text: string): string {
  const quoted = `“${text.trim().replace(/\s+/g, ' ')}”`;
  if (count === null || count === 0) return `Search the Events list for ${quoted}`;
  if (count === 1) return 'See it in the Events list';
  return `See all ${count.toLocaleString()} in the Events list`;
}

function Group({ label, count, children }: { label: string; count?: string; children: ReactNode }) {
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

function eventLabel(event: Event): string {
  const start = when(event.displayStart ?? event.scheduledStart);
  return [event.title, eventStateInfo(event.state).label, start].filter(Boolean).join(', ');
}

function when(value: string | null | undefined): string | null {
  const date = parseServiceDate(value);
  return date ? formatDateTime(date) : null;
}

/** One line that ends in "…" rather than wrapping. */
const oneLine = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;

function EventResult({ event, words }: { event: Event; words: readonly string[] }) {
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

function ChapterPointResultRow({ result, words }: { result: ChapterPointResult; words: readonly string[] }) {
  const { point, event } = result;
  const at = /^\d{2,}:\d{2}:\d{2}/.test(point.startTime) ? point.startTime.replace(/\.\d+$/, '') : when(point.startTime);
  return (
    <>
      <BookmarkIcon fontSize="small" aria-hidden sx={{ color: 'text.secondary', mt: 0.25 }} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
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

