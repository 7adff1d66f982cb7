/**
 * A Select renders once in the task that commits it: MUI's SelectInput records its value box in
 * state from a ref callback, which rendered it again in that task (and ran the commit's passive
 * effects there first): the events list's filter bar holds two, in the task of its first row
 * (bench `browser`, issue 27). The theme gives every Select a value box that records it in a
 * transition (select-display.tsx). Rendered as a page renders it (in a transition, on a root of
 * its own: act() would run every later update at once).
 */
import { afterEach, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import userEvent from '@testing-library/user-event';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import TextField from '@mui/material/TextField';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from '#app/theme.ts';
import { finishTransitionRenders, renderPhasesInTransition } from './test-commit.ts';

afterEach(() => {
  finishTransitionRenders();
  cleanup();
});

it('renders once in the task that commits it, and again only in a transition of its own', async () => {
  const view = renderPhasesInTransition(
    <Select value="any" inputProps={{ 'aria-label': 'Starts' }} onChange={() => {}}>
      <MenuItem value="any">Any time</MenuItem>
    </Select>
  );
  const { phases } = view;
  expect(await view.committed).toEqual(['mount']);
  await new Promise((resolve) => setTimeout(resolve, 50));
  // The value box reached MUI's SelectInput later, in a transition.
  expect(phases).toEqual(['mount', 'update']);
});

function Pick() {
  const [value, setValue] = useState('today');
  return (
    <ThemeProvider theme={theme}>
      <Select value={value} label="Starts" inputProps={{ 'aria-label': 'Starts' }} onChange={(event) => setValue(event.target.value)}>
        <MenuItem value="today">Today onwards</MenuItem>
        <MenuItem value="all">All dates</MenuItem>
      </Select>
      <TextField select label="Size" value="20" slotProps={{ select: { inputProps: { 'aria-label': 'Size' } } }}>
        <MenuItem value="20">20 rows</MenuItem>
      </TextField>
    </ThemeProvider>
  );
}

it('opens by click and by keyboard, picks, and gives the focus back to its box', async () => {
  render(<Pick />);
  const user = userEvent.setup();
  const box = screen.getByRole('combobox', { name: 'Starts' });
  await user.click(box);
  await user.click(await screen.findByRole('option', { name: 'All dates' }));
  expect(box.textContent).toBe('All dates');
  expect(document.activeElement).toBe(box);
  await user.keyboard('{ArrowDown}');
  expect((await screen.findByRole('listbox')).textContent).toContain('Today onwards');
  await user.keyboard('{Escape}');
  // A TextField's select takes the same value box.
  await user.click(screen.getByRole('combobox', { name: 'Size' }));
  expect(await screen.findByRole('option', { name: '20 rows' })).toBeTruthy();
});

it('opens when clicked or keyed before its value box has reached MUI (the transition not yet run)', async () => {
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  try {
    for (const open of [(box: HTMLElement) => fireEvent.mouseDown(box, { button: 0 }), (box: HTMLElement) => fireEvent.keyDown(box, { key: 'ArrowDown' })]) {
      // Mounted and committed at once; the value box's transition is only scheduled.
      flushSync(() => root.render(<Pick key={String(open)} />));
      const box = screen.getByRole('combobox', { name: 'Starts' });
      const errors: unknown[] = [];
      const onError = (event: ErrorEvent) => void errors.push(event.error);
      window.addEventListener('error', onError);
      open(box);
      window.removeEventListener('error', onError);
      expect(errors).toEqual([]);
      expect((await screen.findByRole('listbox')).textContent).toContain('All dates');
      fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
      await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    }
  } finally {
    root.unmount();
    container.remove();
  }
});
