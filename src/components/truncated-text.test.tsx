import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from '#app/theme.ts';
import { TruncatedText } from './truncated-text.tsx';

afterEach(cleanup);

describe('TruncatedText', () => {
  it('measures whether it is cut only when its tooltip would open, not while a list of them renders', async () => {
    const width = vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(300);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(100);
    try {
      render(
        <ThemeProvider theme={theme}>
          <TruncatedText text="A title far too long for its column" />
        </ThemeProvider>,
      );
      expect(width).not.toHaveBeenCalled();
      // No native tooltip besides the component's own.
      expect(screen.getByText('A title far too long for its column').getAttribute('title') || null).toBeNull();
      await userEvent.setup().hover(screen.getByText('A title far too long for its column'));
      expect((await screen.findByRole('tooltip')).textContent).toBe('A title far too long for its column');
      expect(width).toHaveBeenCalled();
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('shows no tooltip when the text fits', async () => {
    render(
      <ThemeProvider theme={theme}>
        <TruncatedText text="Short" />
      </ThemeProvider>,
    );
    await userEvent.setup().hover(screen.getByText('Short'));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
