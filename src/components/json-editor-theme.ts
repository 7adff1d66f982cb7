/** The JSON editor's look, from the MUI theme: colours, font, sizes, and syntax colours readable on a dark surface. */
import { alpha, type Theme } from '@mui/material/styles';
import type { Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { defaultHighlightStyle, HighlightStyle, syntaxHighlighting } from '@codemirror/language';

/** defaultHighlightStyle's colours, lightened to read on a dark surface. */
const DARK_COLOURS: Record<string, string> = {
  '#708': '#d2a8ff',
  '#219': '#79c0ff',
  '#164': '#7ee787',
  '#a11': '#ffa198',
  '#e40': '#ffa657',
  '#00f': '#79c0ff',
  '#30a': '#d2a8ff',
  '#085': '#56d4dd',
  '#167': '#56d4dd',
  '#256': '#a5d6ff',
  '#00c': '#a5d6ff',
  '#940': '#e3b341',
  '#f00': '#ff7b72',
  '#404740': '#b1bac4',
};
const darkHighlightStyle = HighlightStyle.define(
  defaultHighlightStyle.specs.map((spec) => ({ ...spec, ...(typeof spec.color === 'string' ? { color: DARK_COLOURS[spec.color] ?? spec.color } : {}) })),
  { themeType: 'dark' },
);

export function editorTheme(theme: Theme, minLines: number, maxHeight: number): Extension {
  const dark = theme.palette.mode === 'dark';
  const lineHeight = 1.5;
  return [
    EditorView.theme(
      {
        '&': { color: theme.palette.text.primary, backgroundColor: 'transparent', fontSize: '13px', maxHeight: `${maxHeight}px` },
        '&.cm-focused': { outline: 'none' },
        '.cm-scroller': { fontFamily: '"JetBrains Mono", "SFMono-Regular", Menlo, Consolas, monospace', lineHeight: String(lineHeight), overflow: 'auto' },
        '.cm-content': { minHeight: `${minLines * lineHeight * 13 + 8}px`, caretColor: theme.palette.text.primary, padding: '4px 0' },
        '.cm-cursor, .cm-dropCursor': { borderLeftColor: theme.palette.text.primary, borderLeftWidth: '2px' },
        '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, ::selection': {
          backgroundColor: alpha(theme.palette.primary.main, dark ? 0.35 : 0.22),
        },
        '.cm-activeLine': { backgroundColor: alpha(theme.palette.text.primary, dark ? 0.05 : 0.04) },
        '.cm-gutters': {
          backgroundColor: dark ? alpha('#000', 0.18) : alpha(theme.palette.text.primary, 0.03),
          color: theme.palette.text.secondary,
          borderRight: `1px solid ${theme.palette.divider}`,
        },
        '.cm-activeLineGutter': { backgroundColor: alpha(theme.palette.primary.main, dark ? 0.16 : 0.1), color: theme.palette.text.primary },
        '.cm-placeholder': { color: theme.palette.text.secondary },
        '.cm-tooltip': {
          backgroundColor: dark ? '#1c242d' : theme.palette.background.paper,
          color: theme.palette.text.primary,
          border: `1px solid ${theme.palette.divider}`,
          borderRadius: '6px',
          fontFamily: String(theme.typography.fontFamily),
        },
        '.cm-tooltip-autocomplete > ul > li[aria-selected]': { backgroundColor: alpha(theme.palette.primary.main, dark ? 0.35 : 0.18), color: theme.palette.text.primary },
        '.cm-completionDetail': { color: theme.palette.text.secondary, fontStyle: 'normal', marginLeft: '1em' },
        '.cm-completionInfo': { backgroundColor: dark ? '#1c242d' : theme.palette.background.paper, color: theme.palette.text.primary, border: `1px solid ${theme.palette.divider}` },
        '.cm-diagnostic-error': { borderLeftColor: theme.palette.error.main },
        '.cm-lintRange-error': { backgroundColor: alpha(theme.palette.error.main, 0.16) },
        '.cm-panels': { backgroundColor: dark ? '#1c242d' : theme.palette.background.paper, color: theme.palette.text.primary },
        '.cm-panels.cm-panels-bottom': { borderTop: `1px solid ${theme.palette.divider}` },
        '.cm-panel.cm-panel-lint ul [aria-selected]': { backgroundColor: alpha(theme.palette.primary.main, 0.2) },
        '.cm-matchingBracket': { backgroundColor: alpha(theme.palette.secondary.main, 0.3), outline: 'none' },
      },
      { dark },
    ),
    syntaxHighlighting(dark ? darkHighlightStyle : defaultHighlightStyle),
  ];
}
