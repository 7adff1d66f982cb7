/**
 * Keywords as a PostgreSQL text-search query (`tsquery`), the way a search box behaves while
 * someone types: every word must match, and the last word matches as a prefix unless the text
 * ends with a space (`beta ma` finds "Beta Match"). Besides that, the web-search syntax of
 * PostgreSQL's `websearch_to_tsquery` works: `"exact phrase"`, `or`, and `-excluded`.
 *
 * Words are split by PostgreSQL's own parser with the 'simple' configuration, the same that
 * builds the documents (events.search_vector), so ids such as `REF-01` or `ext-a0` and accented
 * words split identically on both sides. No stemming: `match` does not find "matches" unless
 * typed as a prefix.
 */
import { sql, type SQL } from 'drizzle-orm';

/** What a keyword text asks for. */
export type KeywordQuery =
  /** No keywords: no text condition at all. */
  | { kind: 'all' }
  /** Keywords without a single letter or digit (`%%`, `--`): nothing can match. */
  | { kind: 'none' }
  /** A tsquery expression to match with `@@` and rank with `ts_rank_cd`. */
  | { kind: 'match'; tsquery: SQL };

const WORDISH = /[\p{L}\p{N}]/u;

/**
 * The lexemes of one word, each as a prefix, joined with AND: `ext-a` -> `'a':* & 'ext':* &
 * 'ext-a':*`. Lexemes are taken from to_tsvector and quoted for the tsquery input syntax
 * (quotes and backslashes doubled), so no text of the caller is ever parsed as query syntax.
 */
function prefixQuery(word: string): SQL {
  return sql`(select coalesce(string_agg('''' || replace(replace(lexeme, '\\', '\\\\'), '''', '''''') || ''':*', ' & '), '')::tsquery
    from unnest(to_tsvector('simple', ${word})))`;
}

const websearch = (text: string): SQL => sql`websearch_to_tsquery('simple', ${text})`;

export function keywordQuery(keywords: string | undefined): KeywordQuery {
  const text = keywords ?? '';
  if (text.trim() === '') return { kind: 'all' };
  if (!WORDISH.test(text)) return { kind: 'none' };

  const words = text.trim().split(/\s+/);
  const last = words.at(-1)!;
  const head = words.slice(0, -1);
  const quotesBalanced = (text.match(/"/g)?.length ?? 0) % 2 === 0;
  // The last word is still being typed unless the text ends with a space; a quoted phrase, an
  // exclusion (`-word`) or a bare `or` are syntax, which websearch_to_tsquery reads as a whole.
  const typing =
    !/\s$/.test(text) && quotesBalanced && !last.includes('"') && !last.startsWith('-') && last.toLowerCase() !== 'or' && WORDISH.test(last);
  if (!typing) return { kind: 'match', tsquery: websearch(text) };

  const prefix = prefixQuery(last);
  if (head.length === 0) return { kind: 'match', tsquery: prefix };
  // `a or be` while typing: the alternative is the word being typed.
  if (head.length > 1 && head.at(-1)!.toLowerCase() === 'or') {
    return { kind: 'match', tsquery: sql`(${websearch(head.slice(0, -1).join(' '))} || ${prefix})` };
  }
  return { kind: 'match', tsquery: sql`(${websearch(head.join(' '))} && ${prefix})` };
}
