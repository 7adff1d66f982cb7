/**
 * A tooltip renders once in the task that commits it: MUI's Tooltip records its child's element
 * in state from a ref callback, which rendered it and its child again in that task (and ran the
 * commit's passive effects there first): 12 of them in the events list's chrome, in the task
 * before its first row (bench `browser`, issue 27). Rendered as a page renders it (in a
 * transition, on a root of its own: act() would run every later update at once).
 */
import { afterEach, expect, it } from 'vitest';
import { render, screen, cleanup } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import IconButton from '@mui/material/IconButton';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from '#app/theme.ts';
import { finishTransitionRenders, renderPhasesInTransition } from './test-commit.ts';
import { Tooltip } from './tooltip.tsx';

afterEach(() => {
  finishTransitionRenders();
  cleanup();
});

it('renders once in the task that commits it, and again only in a transition of its own', async () => {
  const view = renderPhasesInTransition(
    <Tooltip title="Refresh (r)">
      <IconButton aria-label="Refresh the list">R</IconButton>
    </Tooltip>
  );
  const { phases } = view;
  expect(await view.committed).toEqual(['mount']);
  await new Promise((resolve) => setTimeout(resolve, 50));
  // The element reached MUI's Tooltip later, in a transition.
  expect(phases).toEqual(['mount', 'update']);
});

it('opens on hover and keeps the name its child was given', async () => {
  render(
    <ThemeProvider theme={theme}>
      <Tooltip title="Keyboard shortcuts (?)">
        <IconButton aria-label="Keyboard shortcuts" onMouseOver={() => document.body.setAttribute('data-over', 'yes')}>
          K
        </IconButton>
      </Tooltip>
      <Tooltip title="Connection settings (,)">
        <IconButton>S</IconButton>
      </Tooltip>
    </ThemeProvider>,
  );
  // Without a name of its own, the title names the child (MUI's aria-label).
  expect(screen.getByRole('button', { name: 'Connection settings (,)' })).toBeTruthy();
  await userEvent.setup().hover(screen.getByRole('button', { name: 'Keyboard shortcuts' }));
  expect((await screen.findByRole('tooltip')).textContent).toBe('Keyboard shortcuts (?)');
  // The child's own handler still runs beside the tooltip's.
  expect(document.body.getAttribute('data-over')).toBe('yes');
});
