import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import TextField from '@mui/material/TextField';
import { MoreFiltersPanel, useMoreFilters } from './more-filters.tsx';

afterEach(cleanup);

function Bar({ active }: { active: number }) {
  const more = useMoreFilters(active);
  return (
    <>
      <TextField label="Search" />
      {more.button}
      <MoreFiltersPanel more={more}>
        <TextField label="Room" />
      </MoreFiltersPanel>
    </>
  );
}

describe('More filters', () => {
  it('starts closed when none of its filters is on, and opens and closes the panel it controls', async () => {
    render(<Bar active={0} />);
    const button = screen.getByRole('button', { name: 'More filters' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('group', { name: 'More filters' })).toBeNull();
    await userEvent.click(button);
    const panel = await screen.findByRole('group', { name: 'More filters' });
    expect(button.getAttribute('aria-controls')).toBe(panel.id);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'Room' })).toBeTruthy();
  });

  it('starts open when one of its filters is on, and counts them on the button once closed', async () => {
    render(<Bar active={2} />);
    expect(await screen.findByRole('group', { name: 'More filters' })).toBeTruthy();
    const button = screen.getByRole('button', { name: 'More filters' });
    expect(button.parentElement?.textContent).not.toContain('2');
    await userEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.parentElement?.textContent).toContain('2');
  });
});
