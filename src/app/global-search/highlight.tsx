/**
 * What matched, shown in place: the words of a search text marked where they occur in a result.
 *
 * The service matches each word at the start of a word (the last one as a prefix while it is
 * typed; see src/server/areas/search/keywords.ts), case-insensitively, and leaves out words
 * excluded with `-` and the keyword `or`. Highlighting follows the same reading, so what is
 * marked is what made the result match, not any substring that happens to look alike.
 */
import { Fragment, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { alpha, darken } from '@mui/material/styles';

/** The words of a search text worth marking: no syntax (`"`, `or`, `-excluded`), no punctuation-only words. */
export function searchWords(text: string): string[] {
  const words = text
    .replaceAll('"', ' ')
    .split(/\s+/)
    .filter((w) => w !== '' && w.toLowerCase() !== 'or' && !w.startsWith('-') && /[\p{L}\p{N}]/u.test(w))
    // Trailing punctuation is not part of what the service matches (`final,` finds "final").
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((w) => w !== '');
  // Longest first, so `beta` wins over `b` at the same place.
  return [...new Set(words.map((w) => w.toLowerCase()))].sort((a, b) => b.length - a.length);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A regular expression finding any of the words at the start of a word, or null for none. */
export function matcher(words: readonly string[]): RegExp | null {
  if (words.length === 0) return null;
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${words.map(escape).join('|')})`, 'giu');
}

export interface TextPart {
  text: string;
  match: boolean;
}

/** `text` cut into matching and non-matching parts, in order. */
export function splitMatches(text: string, words: readonly string[]): TextPart[] {
  const pattern = matcher(words);
  if (!pattern || text === '') return text === '' ? [] : [{ text, match: false }];
  const parts: TextPart[] = [];
  let last = 0;
  for (const found of text.matchAll(pattern)) {
    const at = found.index;
    if (found[0] === '') continue;
    if (at > last) parts.push({ text: text.slice(last, at), match: false });
    parts.push({ text: found[0], match: true });
    last = at + found[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), match: false });
  return parts;
}

export function hasMatch(text: string | null | undefined, words: readonly string[]): boolean {
  if (!text) return false;
  const pattern = matcher(words);
  return pattern !== null && pattern.test(text);
}

/**
 * A short window of a long text around its first match ("…the needle inside the…"), cut at word
 * boundaries, or null when nothing in it matches.
 */
export function snippet(text: string | null | undefined, words: readonly string[], before = 40, after = 110): string | null {
  if (!text) return null;
  const pattern = matcher(words);
  const flat = text.replace(/\s+/g, ' ').trim();
  const found = pattern?.exec(flat);
  if (!found) return null;
  const at = found.index;
  let start = Math.max(0, at - before);
  let end = Math.min(flat.length, at + after);
  if (start > 0) {
    const space = flat.indexOf(' ', start);
    start = space !== -1 && space < at ? space + 1 : start;
  }
  if (end < flat.length) {
    const space = flat.lastIndexOf(' ', end);
    end = space > at ? space : end;
  }
  return `${start > 0 ? '…' : ''}${flat.slice(start, end)}${end < flat.length ? '…' : ''}`;
}

/**
 * Text with the search words marked (`<mark>`), readable in light and dark mode.
 *
 * @example
 * <Highlight text={event.title} words={searchWords('harb conc')} />
 */
export function Highlight({ text, words }: { text: string; words: readonly string[] }): ReactNode {
  return splitMatches(text, words).map((part, index) =>
    part.match ? (
      <Box
        key={index}
        component="mark"
        sx={(theme) => ({
          // Solid in dark mode: a translucent amber under light text fell to 2.2:1.
          bgcolor: theme.palette.mode === 'dark' ? darken(theme.palette.warning.main, 0.6) : alpha(theme.palette.warning.main, 0.28),
          color: theme.palette.mode === 'dark' ? '#fff' : 'inherit',
          fontWeight: 600,
          borderRadius: '2px',
          px: '1px',
        })}
      >
        {part.text}
      </Box>
    ) : (
      <Fragment key={index}>{part.text}</Fragment>
    ),
  );
}
