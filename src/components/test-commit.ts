/**
 * For tests of what a component does in the task that commits it (issue 27's first row): renders
 * it as a page renders it, in a transition, on a root of its own (act() would run every later
 * update at once), and reads `atCommit` in the microtask after the commit's own work, where a
 * render that the commit spawned has already run. A test calls `finish()` after itself.
 *
 * @example
 * const view = renderInTransition(<Tooltip title="Refresh">…</Tooltip>, () => [...phases]);
 * expect(await view.committed).toEqual(['mount']);
 */
import { startTransition, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

export interface TransitionRender<T> {
  container: HTMLElement;
  /** What `atCommit` read as the first commit's nodes went into the document. */
  committed: Promise<T>;
  /** Unmounts, and puts back the act() environment the test had. */
  finish(): void;
}

const environment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };

export function renderInTransition<T = void>(node: ReactNode, atCommit: () => T = () => undefined as T): TransitionRender<T> {
  const previous = environment.IS_REACT_ACT_ENVIRONMENT;
  environment.IS_REACT_ACT_ENVIRONMENT = false;
  const container = document.body.appendChild(document.createElement('div'));
  const committed = new Promise<T>((resolve) => {
    const observer = new MutationObserver(() => {
      observer.disconnect();
      resolve(atCommit());
    });
    observer.observe(container, { childList: true });
  });
  const root = createRoot(container);
  startTransition(() => root.render(node));
  return {
    container,
    committed,
    finish() {
      root.unmount();
      container.remove();
      environment.IS_REACT_ACT_ENVIRONMENT = previous;
    },
  };
}
