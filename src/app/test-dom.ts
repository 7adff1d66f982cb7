/**
 * A DOM for component tests that also run the in-process service. Such a test file runs in the
 * `node` environment (first line: `// @vitest-environment node`) so the service's modules are
 * transformed for Node, and imports this module first: it installs the same jsdom globals the
 * `jsdom` environment would. (Under the `jsdom` environment, Vitest rewrites
 * `new URL('./x', import.meta.url)` into a dev-server URL, which breaks the service's file paths.)
 *
 * @example
 * // @vitest-environment node
 * import '#app/test-dom.ts';
 * import { renderWithApp } from '#app/test-utils.tsx';
 */
import { builtinEnvironments } from 'vitest/runtime';

// No teardown: React's scheduler may still run a task after the last test, and each test file
// has its own worker globals anyway.
await builtinEnvironments.jsdom.setup(globalThis, { jsdom: { url: 'http://localhost:3000/' } });

// What test-setup.ts gives the jsdom-environment tests (it could not, before this DOM existed).
const { prepareDom } = await import('./test-setup.ts');
await prepareDom();
