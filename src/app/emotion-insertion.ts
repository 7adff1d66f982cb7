/**
 * Emotion's insertion hooks (package @emotion/use-insertion-effect-with-fallbacks, replaced by
 * this module in vite.config.ts), with one change: until the dashboard's first screen has
 * committed, a component's styles are also inserted as it renders.
 *
 * Emotion inserts the styles of every styled component in `useInsertionEffect`, that is in React's
 * commit. The first screen is hundreds of styled components rendered in a transition, in slices
 * with the browser free between them, but their styles (stylis compiling each, then `insertRule`)
 * all went in at its commit: most of the longest task before the first row (bench `browser`).
 * Inserted as each renders, that work falls in the render's slices. Before the first commit the
 * document has nothing to restyle, so the early rules cost no style recalculation; from then on
 * styles go in at commit, as emotion intends (inserting during a render would have the browser
 * restyle the page between slices).
 *
 * Inserting twice is harmless: emotion's `insertStyles` inserts a style once per cache.
 */
import { useInsertionEffect } from 'react';

/**
 * Whether the first screen has committed, kept under a registered symbol rather than in a variable
 * of this module: `npm run dev` pre-bundles emotion with its own copy of this module, and both
 * copies must read the flag start.tsx sets.
 */
const COMMITTED = Symbol.for('control-room.first-screen-committed');
const flags = globalThis as { [COMMITTED]?: boolean };

/** The dashboard's first screen has committed: styles go in at commit from now on. */
export function firstScreenCommitted(): void {
  flags[COMMITTED] = true;
}

export function useInsertionEffectAlwaysWithSyncFallback(create: () => unknown): void {
  if (!flags[COMMITTED]) create();
  useInsertionEffect(() => {
    create();
  });
}

export const useInsertionEffectWithLayoutFallback = useInsertionEffect;
