/**
 * The listbox of the search dialog: the recent searches (empty field), or the results grouped by
 * kind in the order of `items` (commands, events, chapter points, configuration) and the last
 * entry, "See all N in the Events list".
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import HistoryIcon from '@mui/icons-material/History';
import { ChapterPointResultRow, ConfigResultRow, eventLabel, EventResult, Group, ResultOption } from './result-rows.tsx';
import { seeAllLabel, type Item } from './search-items.ts';

export interface ResultListProps {
  id: string;
  /** The search's text; empty: the items are recent searches. */
  text: string;
  /** The heading of the recent searches (names the list when the field is empty). */
  recentId: string;
  items: readonly Item[];
  words: readonly string[];
  totals: { events: number; points: number; config: number };
  activeIndex: number;
  optionId: (index: number) => string;
  onHover: (index: number) => void;
  onSelect: (item: Item) => void;
}

type Kind = Item['kind'];

export function ResultList({ id, text, recentId, items, words, totals, activeIndex, optionId, onHover, onSelect }: ResultListProps) {
  const searching = text.trim() !== '';
  const indexed = items.map((item, index) => ({ item, index }));
  const ofKind = <K extends Kind>(kind: K) => indexed.filter((entry): entry is { item: Extract<Item, { kind: K }>; index: number } => entry.item.kind === kind);

  const option = (index: number, item: Item, content: ReactNode, label: string) => (
    <ResultOption key={optionId(index)} id={optionId(index)} active={index === activeIndex} label={label} onHover={() => onHover(index)} onSelect={() => onSelect(item)}>
      {content}
    </ResultOption>
  );
  const commands = ofKind('command');
  const events = ofKind('event');
  const points = ofKind('point');
  const config = ofKind('config');
  const all = ofKind('all')[0];

  return (
    <Box id={id} role="listbox" aria-label={searching ? 'Search results' : undefined} aria-labelledby={searching ? undefined : recentId}>
      {ofKind('recent').map(({ item, index }) =>
        option(
          index,
          item,
          <>
            <HistoryIcon fontSize="small" aria-hidden sx={{ color: 'text.secondary', mt: 0.25 }} />
            <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
              {item.text}
            </Typography>
          </>,
          item.text,
        ),
      )}
      {commands.length > 0 && (
        <Group label="Commands">
          {commands.map(({ item, index }) =>
            option(
              index,
              item,
              <>
                <ArrowForwardIcon fontSize="small" aria-hidden sx={{ color: 'text.secondary', mt: 0.25 }} />
                <Typography variant="body2" sx={{ flex: 1, minWidth: 0, fontWeight: 500 }}>
                  {item.command.label}
                </Typography>
              </>,
              item.command.label,
            ),
          )}
        </Group>
      )}
      {events.length > 0 && (
        <Group label="Events" count={`${events.length} of ${totals.events.toLocaleString()}, by start time`}>
          {events.map(({ item, index }) => option(index, item, <EventResult event={item.event} words={words} />, eventLabel(item.event)))}
        </Group>
      )}
      {points.length > 0 && (
        <Group label="Chapter points" count={`${points.length} of ${totals.points.toLocaleString()}`}>
          {points.map(({ item, index }) =>
            option(
              index,
              item,
              <ChapterPointResultRow result={item.result} words={words} />,
              `${item.result.point.title}${item.result.event ? `, in ${item.result.event.title}` : ''}, chapter point`,
            ),
          )}
        </Group>
      )}
      {config.length > 0 && (
        <Group label="Configuration" count={totals.config > config.length ? `${config.length} of ${totals.config}` : undefined}>
          {config.map(({ item, index }) => option(index, item, <ConfigResultRow result={item.result} words={words} />, `${item.result.name}, ${item.result.kind.toLowerCase()}`))}
        </Group>
      )}
      {all &&
        option(
          all.index,
          all.item,
          <>
            <ArrowForwardIcon fontSize="small" aria-hidden sx={{ color: 'primary.main', mt: 0.25 }} />
            <Typography variant="body2" sx={{ color: 'primary.main', fontWeight: 600, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
              {seeAllLabel(all.item.count, text)}
            </Typography>
          </>,
          seeAllLabel(all.item.count, text),
        )}
    </Box>
  );
}
