import { describe, expect, it } from 'vitest';
import { addRecentSearch, MAX_RECENT_SEARCHES, readRecentSearches, RECENT_SEARCHES_KEY } from './recent-searches.ts';
import { hasMatch, searchWords, snippet, splitMatches } from './highlight.tsx';
import { eventsListHref } from './search-items.ts';

describe('what a search text marks', () => {
  it('takes the words, not the syntax: quotes, or, exclusions and lone punctuation go', () => {
    expect(searchWords('"beta final" or gam -news %% ')).toEqual(['final', 'beta', 'gam']);
    expect(searchWords('REF-0')).toEqual(['ref-0']);
    expect(searchWords('final,')).toEqual(['final']);
  });

  it('marks words where a word starts, in any case, accents included', () => {
    const words = searchWords('harb ÉCHA');
    expect(splitMatches('Harbour échappée, not sharbour', words)).toEqual([
      { text: 'Harb', match: true },
      { text: 'our ', match: false },
      { text: 'écha', match: true },
      { text: 'ppée, not sharbour', match: false },
    ]);
    expect(hasMatch('The sharbour', words)).toBe(false);
    expect(hasMatch(null, words)).toBe(false);
    expect(splitMatches('Nothing', [])).toEqual([{ text: 'Nothing', match: false }]);
  });

  it('cuts a long text around its first match, at word boundaries', () => {
    const text = `${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(3)}The needle is here, and the text goes on ${'and on '.repeat(30)}`;
    const cut = snippet(text, searchWords('needle'), 20, 40)!;
    expect(cut.startsWith('…')).toBe(true);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut).toContain('The needle is here');
    expect(cut.length).toBeLessThan(70);
    expect(snippet('Short needle', searchWords('needle'))).toBe('Short needle');
    expect(snippet('Nothing here', searchWords('needle'))).toBeNull();
  });
});

describe('recent searches', () => {
  it('keeps the newest few, once each whatever the case, and reads only what it wrote', () => {
    let list: string[] = [];
    for (const text of ['a', 'b', 'c', 'd', 'e', 'f', 'g', ' B  ', '']) list = addRecentSearch(list, text);
    expect(list).toEqual(['B', 'g', 'f', 'e', 'd', 'c']);
    expect(list).toHaveLength(MAX_RECENT_SEARCHES);
    const storage = new Map<string, string>();
    const fake = { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v), removeItem: (k: string) => void storage.delete(k) };
    storage.set(RECENT_SEARCHES_KEY, JSON.stringify(['x', 3, '', 'y']));
    expect(readRecentSearches(fake)).toEqual(['x', 'y']);
    storage.set(RECENT_SEARCHES_KEY, '{not json');
    expect(readRecentSearches(fake)).toEqual([]);
  });

  it('links the Events list to the same text over every date', () => {
    expect(eventsListHref('  harbour   concert ')).toBe('/events?search=harbour+concert&range=all');
  });
});
