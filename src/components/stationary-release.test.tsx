/**
 * The release of a click on a Select's trigger never picks an option, however long the menu took
 * to open (stationary-release.ts); a press dragged onto an option, and a click on one, still pick it.
 * MUI lets a release pick once 400 ms have passed since the press: the tests wait that long, as a
 * busy browser does between the two halves of a click.
 */
import { afterEach, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from '#app/theme.ts';

afterEach(cleanup);

function Category() {
  const [value, setValue] = useState('');
  return (
    <ThemeProvider theme={theme}>
      <Select value={value} displayEmpty inputProps={{ 'aria-label': 'Category' }} onChange={(event) => setValue(event.target.value)}>
        <MenuItem value="">None</MenuItem>
        <MenuItem value="sports">Sports</MenuItem>
        <MenuItem value="travel">Travel &amp; Events</MenuItem>
      </Select>
    </ThemeProvider>
  );
}

/** Longer than MUI's 400 ms after which a release may pick (SelectInput SELECTED_MOUSE_UP_DELAY). */
const busy = () => new Promise((resolve) => setTimeout(resolve, 450));

function open(at: { clientX: number; clientY: number }) {
  render(<Category />);
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Category' }), { button: 0, ...at });
  return screen.getByRole('listbox');
}

it('keeps the menu open when the release of the opening click lands on an option', async () => {
  const at = { clientX: 40, clientY: 20 };
  const list = open(at);
  await busy();
  fireEvent.mouseUp(within(list).getByRole('option', { name: 'Travel & Events' }), { button: 0, ...at });
  expect(screen.getByRole('listbox')).toBeTruthy();
  // The open menu hides the rest of the page from the accessibility tree.
  expect(screen.getByRole('combobox', { name: 'Category', hidden: true }).textContent).toBe('None');
});

it('picks the option a press is dragged onto', async () => {
  const list = open({ clientX: 40, clientY: 20 });
  await busy();
  fireEvent.mouseUp(within(list).getByRole('option', { name: 'Sports' }), { button: 0, clientX: 40, clientY: 70 });
  expect(screen.queryByRole('listbox')).toBeNull();
  expect(screen.getByRole('combobox', { name: 'Category' }).textContent).toBe('Sports');
});

it('picks an option clicked in the open menu', async () => {
  const list = open({ clientX: 40, clientY: 20 });
  fireEvent.mouseUp(list, { button: 0, clientX: 40, clientY: 20 });
  await busy();
  const option = within(list).getByRole('option', { name: 'Travel & Events' });
  fireEvent.mouseDown(option, { button: 0, clientX: 40, clientY: 90 });
  fireEvent.mouseUp(option, { button: 0, clientX: 40, clientY: 90 });
  fireEvent.click(option, { button: 0, clientX: 40, clientY: 90 });
  expect(screen.getByRole('combobox', { name: 'Category' }).textContent).toBe('Travel & Events');
});
