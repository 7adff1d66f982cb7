/**
 * The Control Room theme: a calm slate-and-blue operations palette in a light and a dark scheme.
 * The scheme follows the system (prefers-color-scheme) unless the user picks one in the app bar;
 * MUI's colour-scheme support keeps that choice in localStorage under THEME_MODE_STORAGE_KEY.
 *
 * Event states get their own tones (`palette.state.*`), one per state family, each with a
 * background (`main`), the text on it (`contrastText`) and a foreground for use directly on the
 * page (`text`, for outlined chips and icons). Every pair is at least 4.5:1 (WCAG AA) in its
 * scheme; `theme.test.tsx` checks it.
 */
import { createTheme, type Theme } from '@mui/material/styles';
import type {} from '@mui/x-data-grid/themeAugmentation';
import { SelectDisplayInTransition } from '#components/select-display.tsx';
import { ignoreStationaryRelease } from '#components/stationary-release.ts';

export const THEME_MODE_STORAGE_KEY = 'control-room.theme-mode';

/** The families event states are coloured by (see `#components/event-state.ts`). */
export type StateTone = 'live' | 'transition' | 'upcoming' | 'vod' | 'instantVod' | 'neutral' | 'error';

export interface StateToneColors {
  /** Background of a filled chip. */
  main: string;
  /** Text and icons on `main`. */
  contrastText: string;
  /** Text, borders and icons directly on the page background (outlined chips). */
  text: string;
}

declare module '@mui/material/styles' {
  interface Palette {
    state: Record<StateTone, StateToneColors>;
  }
  interface PaletteOptions {
    state?: Record<StateTone, StateToneColors>;
  }
}

const lightStates: Record<StateTone, StateToneColors> = {
  live: { main: '#c62828', contrastText: '#ffffff', text: '#b71c1c' },
  transition: { main: '#f4b400', contrastText: '#2b1d00', text: '#8a5300' },
  upcoming: { main: '#1f5fae', contrastText: '#ffffff', text: '#1f5fae' },
  vod: { main: '#2e7d32', contrastText: '#ffffff', text: '#1b5e20' },
  instantVod: { main: '#00796b', contrastText: '#ffffff', text: '#00695c' },
  neutral: { main: '#5b6675', contrastText: '#ffffff', text: '#4a5563' },
  error: { main: '#b3261e', contrastText: '#ffffff', text: '#b3261e' },
};

const darkStates: Record<StateTone, StateToneColors> = {
  live: { main: '#d32f2f', contrastText: '#ffffff', text: '#ff8a80' },
  transition: { main: '#ffc547', contrastText: '#231800', text: '#ffd166' },
  upcoming: { main: '#6ba9ee', contrastText: '#0a1a2b', text: '#90c2f5' },
  vod: { main: '#66bb6a', contrastText: '#0b1f0c', text: '#81c784' },
  instantVod: { main: '#4db6ac', contrastText: '#06201d', text: '#80cbc4' },
  neutral: { main: '#9aa5b1', contrastText: '#111418', text: '#b0bac5' },
  error: { main: '#f2b8b5', contrastText: '#410e0b', text: '#ffb4ab' },
};

export const themeOptions = {
  colorSchemes: {
    light: {
      palette: {
        primary: { main: '#1f5a96', contrastText: '#ffffff' },
        secondary: { main: '#00796b', contrastText: '#ffffff' },
        error: { main: '#b3261e' },
        warning: { main: '#8a5300' },
        info: { main: '#1f5fae' },
        success: { main: '#2e7d32' },
        background: { default: '#f4f6f9', paper: '#ffffff' },
        text: { primary: '#1a212b', secondary: '#4f5b69' },
        divider: 'rgba(26, 33, 43, 0.12)',
        state: lightStates,
      },
    },
    dark: {
      palette: {
        primary: { main: '#8db8e8', contrastText: '#0b1a2b' },
        secondary: { main: '#4db6ac', contrastText: '#06201d' },
        error: { main: '#ffb4ab' },
        warning: { main: '#ffd166' },
        info: { main: '#90c2f5' },
        success: { main: '#81c784' },
        background: { default: '#0f1419', paper: '#161c23' },
        text: { primary: '#e3e8ee', secondary: '#a9b4c0' },
        divider: 'rgba(227, 232, 238, 0.12)',
        state: darkStates,
      },
    },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: '"Inter", "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '1.5rem', fontWeight: 600, lineHeight: 1.3 },
    h2: { fontSize: '1.25rem', fontWeight: 600 },
    h3: { fontSize: '1.1rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiAppBar: { defaultProps: { elevation: 0 } },
    MuiPaper: { defaultProps: { elevation: 0 } },
    MuiButtonBase: { defaultProps: { disableRipple: false } },
    MuiTooltip: { defaultProps: { arrow: true, enterDelay: 400 } },
    MuiChip: { styleOverrides: { root: { fontWeight: 600 } } },
    // Every Select's value box records its element in a transition (select-display.tsx). MUI
    // renders the box with `as: 'div'`, which these props replace; a Select that passes its own
    // SelectDisplayProps would lose it (lint: no-restricted-syntax).
    MuiSelect: { defaultProps: { SelectDisplayProps: { as: SelectDisplayInTransition } as object } },
    // A Select's menu is a List: the release of a click on its trigger never picks an option (stationary-release.ts).
    MuiList: { defaultProps: { onMouseUpCapture: ignoreStationaryRelease } },
    // Dark surfaces stay in the palette's blue-grey instead of MUI's white elevation overlay.
    MuiDialog: {
      styleOverrides: {
        paper: ({ theme }: { theme: Theme }) => ({
          backgroundImage: 'none',
          ...theme.applyStyles('dark', { backgroundColor: '#1c242d' }),
        }),
      },
    },
    MuiPopover: { styleOverrides: { paper: ({ theme }: { theme: Theme }) => ({ backgroundImage: 'none', ...theme.applyStyles('dark', { backgroundColor: '#1c242d' }) }) } },
    MuiDataGrid: {
      styleOverrides: {
        root: ({ theme }: { theme: Theme }) => ({
          border: 0,
          '--DataGrid-containerBackground': theme.palette.background.paper,
          '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 },
          // A visible focus ring for keyboard users, in both schemes.
          '& .MuiDataGrid-cell:focus-visible, & .MuiDataGrid-cell:focus, & .MuiDataGrid-columnHeader:focus, & .MuiDataGrid-columnHeader:focus-visible':
            { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
        }),
      },
    },
  },
} as const;

/** The one theme; its `colorSchemes` make MUI switch palettes with the light/dark/system mode. */
export const theme = createTheme(themeOptions);

export const lightStateTones = lightStates;
export const darkStateTones = darkStates;
