import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { EventState } from '#schema';
import { theme } from '#app/theme.ts';
import { eventStateInfo } from './event-state.ts';
import { StateChip } from './state-chip.tsx';

afterEach(cleanup);

function renderChip(state: number | string) {
  render(
    <ThemeProvider theme={theme}>
      <StateChip state={state} />
    </ThemeProvider>,
  );
}

describe('StateChip', () => {
  it('names the state in words, from its value or its name', () => {
    renderChip(2);
    renderChip('LIVE_UNPUBLISHED');
    expect(screen.getByText('Live (published)')).toBeTruthy();
    expect(screen.getByText('Live (unpublished)')).toBeTruthy();
  });

  it('colours by family and fills only what the audience sees', () => {
    renderChip('LIVE_PUBLISHED');
    renderChip('VOD_PRIVATE');
    renderChip('LIVE_STARTING');
    const live = document.querySelector('[data-state="LIVE_PUBLISHED"]');
    const vod = document.querySelector('[data-state="VOD_PRIVATE"]');
    const starting = document.querySelector('[data-state="LIVE_STARTING"]');
    expect(live?.getAttribute('data-tone')).toBe('live');
    expect(live?.className).toContain('MuiChip-filled');
    expect(vod?.getAttribute('data-tone')).toBe('vod');
    expect(vod?.className).toContain('MuiChip-outlined');
    // Transitional states carry a spinner as well as their colour.
    expect(starting?.getAttribute('data-tone')).toBe('transition');
    expect(starting?.querySelector('.MuiCircularProgress-root')).toBeTruthy();
  });

  it('shows a state it does not know with what the service sent', () => {
    renderChip(99);
    expect(screen.getByText('Unknown (99)')).toBeTruthy();
    expect(document.querySelector('[data-state="UNKNOWN"]')?.getAttribute('data-tone')).toBe('neutral');
  });
});

describe('eventStateInfo', () => {
  it('has a label and a family for every state of the schema', () => {
    for (const name of EventState.names) {
      const info = eventStateInfo(name);
      expect(info.name).toBe(name);
      expect(info.value).toBe(EventState.values[name]);
      expect(info.label).not.toMatch(/Unknown|_/);
    }
  });

  it('does not mistake inherited property names for states', () => {
    expect(eventStateInfo('toString').name).toBeUndefined();
  });

  it('puts errors in the error family and COMPOSE_PUBLIC (20) before COMPOSE_PRIVATE (21)', () => {
    expect(['VOD_ERROR', 'REMIX_ERROR', 'COMPOSE_ERROR'].map((s) => eventStateInfo(s).tone)).toEqual(['error', 'error', 'error']);
    expect(eventStateInfo(20).label).toBe('Composition (public)');
    expect(eventStateInfo(21).label).toBe('Composition (private)');
  });
});
