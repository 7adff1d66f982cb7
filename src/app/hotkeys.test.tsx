/**
 * Registering shortcuts renders nothing but the shortcuts dialog: on the events list's first load
 * the shell and the page registered theirs in their effects, and each registration rendered the
 * whole page again (bench `browser`, issue 27).
 */
import { afterEach, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { HotkeysProvider, ShortcutsDialog, useHotkeys, useShortcutsHelp } from './hotkeys.tsx';

afterEach(cleanup);

let pageRenders = 0;
function Page() {
  pageRenders++;
  const help = useShortcutsHelp();
  useHotkeys([
    { keys: 'r', description: 'Refresh the list', group: 'Events', run: () => {} },
    { keys: '?', description: 'Show keyboard shortcuts', group: 'Global', run: () => help.setOpen(true) },
  ]);
  return null;
}

function Other() {
  useHotkeys([{ keys: 'n', description: 'New event', group: 'Events', run: () => {} }]);
  return null;
}

/** Mounts and unmounts Other beside the page (its own state: the page is not rendered by it). */
function Toggle() {
  const [other, setOther] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOther(!other)}>
        Toggle
      </button>
      {other && <Other />}
    </>
  );
}

function App() {
  return (
    <HotkeysProvider>
      <Page />
      <Toggle />
      <ShortcutsDialog />
    </HotkeysProvider>
  );
}

it('renders a registering component once, however many others register or leave, and lists them all', async () => {
  pageRenders = 0;
  render(<App />);
  const toggle = screen.getByRole('button', { name: 'Toggle' });
  fireEvent.click(toggle);
  fireEvent.click(toggle);
  fireEvent.click(toggle);
  expect(pageRenders).toBe(1);

  fireEvent.keyDown(window, { key: '?' });
  expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeTruthy();
  expect(screen.getByText('Refresh the list')).toBeTruthy();
  expect(screen.getByText('New event')).toBeTruthy();
  expect(pageRenders).toBe(1);
});
