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
  // Lists render the data grid at once, as the tests work with it (not its first-paint preview).
  const { loadServerDataGrid } = await import('#components/lazy-parts.tsx');
  await loadServerDataGrid();
}

if (typeof document !== 'undefined') await prepareDom();
