/**
 * The search dialog's content: the field (a combobox whose options are the results), a progress
 * line, the results region (hint, recent searches, the grouped results, errors, "nothing matches")
 * and the key hints.
 */
import { useId, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import LinearProgress from '@mui/material/LinearProgress';
import { Tooltip } from '#components/tooltip.tsx';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import SearchOffIcon from '@mui/icons-material/SearchOffOutlined';
import { useDescribeError } from '#app/use-describe-error.ts';
import { EmptyState } from '#components/empty-state.tsx';
import { ErrorState } from '#components/error-state.tsx';
import { VisuallyHidden, visuallyHidden } from '#components/visually-hidden.tsx';
import { searchWords } from './highlight.tsx';
import { useRecentSearches } from './recent-searches.ts';
import { ResultList } from './result-list.tsx';
import { Hint } from './result-rows.tsx';
import { byStart, summary, type Item } from './search-items.ts';
import { useActiveResult } from './use-active-result.ts';
import { matchCommands, useConfigResults } from './use-other-results.ts';
import { useSearchResults } from './use-search-results.ts';

export function SearchPanel({ titleId, onClose }: { titleId: string; onClose: () => void }) {
  const describeError = useDescribeError();
  const [text, setText] = useState('');
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

  const { activeIndex, setActive, activate, onKeyDown } = useActiveResult({ items, text, setText, remember, onClose, optionId });
  const describe = (error: unknown) => describeError(error);
  const eventsFailed = Boolean(results.eventsError) && results.events.length === 0;
  const nothing = results.settled && !results.eventsError && !results.pointsError && results.eventTotal === 0 && results.pointTotal === 0 && commands.length === 0 && config.total === 0;
  const counts = searching && results.settled ? summary(results.eventTotal, results.pointTotal) : '';

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
        <ResultList
          id={listboxId}
          text={text}
          recentId={recentId}
          items={items}
          words={words}
          totals={{ events: results.eventTotal, points: results.pointTotal, config: config.total }}
          activeIndex={activeIndex}
          optionId={optionId}
          onHover={setActive}
          onSelect={activate}
        />

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
