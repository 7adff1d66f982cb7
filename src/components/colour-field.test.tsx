import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ThemeProvider } from '@mui/material/styles';
import { EventTypeBody } from '#schema';
import { theme } from '#app/theme.ts';
import { ColourField } from './colour-field.tsx';
import { firstFreeSwatch, normaliseHexColour } from './colour-swatches.ts';

afterEach(cleanup);

describe('normaliseHexColour and firstFreeSwatch', () => {
  it('tidies what people type into #rrggbb, leaving the rest for the schema', () => {
    expect(normaliseHexColour(' 1E88E5 ')).toBe('#1e88e5');
    expect(normaliseHexColour('#1E8')).toBe('#11ee88');
    expect(normaliseHexColour('red')).toBe('red');
    expect(normaliseHexColour('#12345')).toBe('#12345');
  });

  it('offers the first swatch nobody uses yet', () => {
    expect(firstFreeSwatch([])).toBe('#e53935');
    expect(firstFreeSwatch(['#E53935', null, '#d81b60'])).toBe('#8e24aa');
  });
});

type Values = z.input<typeof EventTypeBody>;

function Form({ onSubmit }: { onSubmit: (values: z.output<typeof EventTypeBody>) => void }) {
  const form = useForm<Values, unknown, z.output<typeof EventTypeBody>>({
    resolver: zodResolver(EventTypeBody),
    defaultValues: { name: 'Match', colour: '#1e88e5' },
  });
  return (
    <form onSubmit={form.handleSubmit(onSubmit)}>
      <ColourField control={form.control} name="colour" label="Colour" usedBy={new Map([['#43a047', ['Concert']]])} previewLabel="Match" />
      <button type="submit">Save</button>
    </form>
  );
}

function renderForm() {
  const onSubmit = vi.fn();
  render(
    <ThemeProvider theme={theme}>
      <Form onSubmit={onSubmit} />
    </ThemeProvider>,
  );
  return { onSubmit, hex: screen.getByRole('textbox', { name: 'Hex colour' }) as HTMLInputElement };
}

describe('ColourField', () => {
  it('shows the value as the checked swatch and in the hex input, and names colours in use', () => {
    const { hex } = renderForm();
    const group = screen.getByRole('radiogroup', { name: 'Colour' });
    expect(group).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Blue #1e88e5' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('radio', { name: 'Green #43a047 — also Concert' })).toBeTruthy();
    expect(hex.value).toBe('#1e88e5');
  });

  it('picks a swatch by click and by arrow keys, with one tab stop', async () => {
    const user = userEvent.setup();
    const { hex, onSubmit } = renderForm();
    await user.click(screen.getByRole('radio', { name: 'Purple #8e24aa' }));
    expect(hex.value).toBe('#8e24aa');
    expect(screen.getAllByRole('radio').filter((r) => r.tabIndex === 0)).toHaveLength(1);
    screen.getByRole('radio', { name: 'Purple #8e24aa' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(hex.value).toBe('#5e35b1');
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Violet #5e35b1' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ colour: '#5e35b1' });
  });

  it('takes any colour from the picker and from the hex input, tidied on leaving it', async () => {
    const user = userEvent.setup();
    const { hex } = renderForm();
    fireEvent.change(screen.getByLabelText('Pick any colour'), { target: { value: '#123abc' } });
    expect(hex.value).toBe('#123abc');
    await user.clear(hex);
    await user.type(hex, 'ABC');
    await user.tab();
    expect(hex.value).toBe('#aabbcc');
    expect(screen.getByRole('radio', { name: 'Red #e53935' }).getAttribute('aria-checked')).toBe('false');
  });

  it('shows the schema’s message for what is not a colour, and does not submit', async () => {
    const user = userEvent.setup();
    const { hex, onSubmit } = renderForm();
    await user.clear(hex);
    await user.type(hex, 'blue');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('expected a colour of the form #rrggbb')).toBeTruthy();
    expect(hex.getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
