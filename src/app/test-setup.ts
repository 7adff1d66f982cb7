// Vitest setup of the page and component tests. Page tests that run in the node environment
// have no DOM yet at this point: test-dom.ts installs one, then calls `prepareDom` itself.
// Testing Library binds `screen` to the document when first imported, so it is imported only
// once there is one.

/**
 * What every test DOM needs. Testing Library's default wait of 1 s is short for a page that
 * renders a data grid against the in-process service on a busy 2-core machine (CI, where other
 * guests may take most of the CPU); waiting longer never slows a passing test, so every page test
 * has the same 15 s. jsdom lays nothing out, yet CodeMirror (the JSON field)
 * measures text ranges. The data grid is loaded before any list renders, so page tests meet the
 * grid, never the preview a browser shows while the grid's code arrives (lazy-parts.tsx).
 */
export async function prepareDom(): Promise<void> {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 15_000 });
  Range.prototype.getClientRects ??= () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
  window.matchMedia ??= matchWidth;
  // Lists render the data grid at once, as the tests work with it (not its first-paint preview).
  const { loadServerDataGrid } = await import('#components/lazy-parts.tsx');
  await loadServerDataGrid();
}

/**
 * jsdom has no `matchMedia`, so MUI's useMediaQuery always said "not matched" and a page's phone
 * layout could not be tested. This one answers width queries (`(max-width:599.95px)`, as
 * `theme.breakpoints.down('sm')` asks) from `window.innerWidth`, and tells its listeners when a
 * test resizes the window (`innerWidth` set, then a `resize` event). Anything else (colour
 * scheme, motion, hover) does not match, as before.
 */
function matchWidth(query: string): MediaQueryList {
  const matchesNow = () => {
    const conditions = query.replace(/^@media\s*/, '').split(/\s+and\s+/);
    return conditions.every((condition) => {
      const width = /^\((min|max)-width:\s*([\d.]+)px\)$/.exec(condition.trim());
      if (!width) return false;
      return width[1] === 'min' ? window.innerWidth >= Number(width[2]) : window.innerWidth <= Number(width[2]);
    });
  };
  const list = new EventTarget() as MediaQueryList & { matches: boolean };
  Object.assign(list, {
    media: query,
    matches: matchesNow(),
    onchange: null,
    addListener: (listener: (event: MediaQueryListEvent) => void) => list.addEventListener('change', listener as EventListener),
    removeListener: (listener: (event: MediaQueryListEvent) => void) => list.removeEventListener('change', listener as EventListener),
  });
  window.addEventListener('resize', () => {
    const matches = matchesNow();
    if (matches === list.matches) return;
    list.matches = matches;
    list.dispatchEvent(Object.assign(new Event('change'), { matches, media: query }));
  });
  return list;
}

if (typeof document !== 'undefined') await prepareDom();
