import { describe, expect, it } from 'vitest';
import { getContrastRatio } from '@mui/material/styles';
import { darkStateTones, lightStateTones, themeOptions } from './theme.ts';

// WCAG AA for normal text; chips use small text.
const AA = 4.5;

describe('theme', () => {
  const schemes = [
    { name: 'light', tones: lightStateTones, palette: themeOptions.colorSchemes.light.palette },
    { name: 'dark', tones: darkStateTones, palette: themeOptions.colorSchemes.dark.palette },
  ] as const;

  for (const { name, tones, palette } of schemes) {
    it(`keeps every state tone readable in the ${name} scheme`, () => {
      for (const [tone, colors] of Object.entries(tones)) {
        expect(getContrastRatio(colors.main, colors.contrastText), `${tone} filled`).toBeGreaterThanOrEqual(AA);
        for (const surface of [palette.background.paper, palette.background.default]) {
          expect(getContrastRatio(colors.text, surface), `${tone} on ${surface}`).toBeGreaterThanOrEqual(AA);
        }
      }
    });

    it(`keeps text and primary readable in the ${name} scheme`, () => {
      for (const surface of [palette.background.paper, palette.background.default]) {
        expect(getContrastRatio(palette.text.primary, surface)).toBeGreaterThanOrEqual(7);
        expect(getContrastRatio(palette.text.secondary, surface)).toBeGreaterThanOrEqual(AA);
        expect(getContrastRatio(palette.primary.main, surface)).toBeGreaterThanOrEqual(AA);
      }
      expect(getContrastRatio(palette.primary.main, palette.primary.contrastText)).toBeGreaterThanOrEqual(AA);
    });
  }
});
