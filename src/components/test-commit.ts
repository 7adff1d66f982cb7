/**
 * For tests of what a component does in the task that commits it (issue 27's first row): renders
 * it as a page renders it, in a transition, on a root of its own (act() would run every later
 * update at once), and reads `atCommit` in the microtask after the commit's own work, where a
 * render that the commit spawned has already run. Each test file finishes them after each test
 * (`afterEach(finishTransitionRenders)`).
 *
 * @example
 * const view = renderPhasesInTransition(<Tooltip title="Refresh">…</Tooltip>);
 * expect(await view.committed).toEqual(['mount']);
 */
import { createElement, Profiler, startTransition, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from '#app/theme.ts';

export interface TransitionRender<T> {
  container: HTMLElement;
  /** What `atCommit` read as the first commit's nodes went into the document. */
  committed: Promise<T>;
  /** Unmounts, and puts back the act() environment the test had. */
  finish(): void;
}

const environment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
const unfinished = new Set<TransitionRender<unknown>>();

/** Finishes the renders a test left (for `afterEach`). */
export function finishTransitionRenders(): void {
  for (const view of [...unfinished]) view.finish();
}

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
  const view: TransitionRender<T> = {
    container,
    committed,
    finish() {
      if (!unfinished.delete(view)) return;
      root.unmount();
      container.remove();
      environment.IS_REACT_ACT_ENVIRONMENT = previous;
    },
  };
  unfinished.add(view);
  return view;
}

/**
 * `node` under the app's theme, in a Profiler, rendered in a transition: `phases` is every phase
 * it has rendered in so far, `committed` those of the task that committed it.
 */
export function renderPhasesInTransition(node: ReactNode): TransitionRender<string[]> & { phases: string[] } {
  const phases: string[] = [];
  const measured = createElement(Profiler, { id: 'measured', onRender: (_id: string, phase: string) => void phases.push(phase) }, node);
  return { ...renderInTransition(createElement(ThemeProvider, { theme }, measured), () => [...phases]), phases };
}
