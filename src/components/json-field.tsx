/**
 * A JSON text field (configurationJson, drmJson...) edited in CodeMirror 6, bound to a
 * react-hook-form field that holds the text. What it checks, as the operator types:
 * - the text must parse: a parse error is marked in the text and named under the editor with
 *   its line and column, in words ("Line 4, column 3: expected ',' or '}' after a value");
 * - when it parses and `schema` (the schema of the parsed content) is given, each of its issues
 *   is marked at the place in the text its path points to, and the same schema completes
 *   property names and enumerated values (json-completion.ts; as one types, or Ctrl+Space).
 * The form's own error (the body schema's message, or the service's 400 on the field) shows under
 * the editor like any field's. Tab is not taken by the editor (no indentWithTab): Tab and
 * Shift+Tab move on, Enter indents, Shift+Alt+F formats. It follows the light/dark theme, and the
 * editable area is labelled and described for screen readers.
 */
import { useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { alpha, useTheme, type Theme } from '@mui/material/styles';
import FormatIcon from '@mui/icons-material/FormatAlignLeftRounded';
import { Compartment, EditorState, Transaction, type Extension } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
  placeholder as placeholderExtension,
} from '@codemirror/view';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { bracketMatching, defaultHighlightStyle, HighlightStyle, indentOnInput, indentUnit, syntaxHighlighting } from '@codemirror/language';
import { json } from '@codemirror/lang-json';
import { forceLinting, linter, lintGutter, lintKeymap, type Diagnostic } from '@codemirror/lint';
import { autocompletion, completionKeymap } from '@codemirror/autocomplete';
import { jsonSchemaCompletion } from './json-completion.ts';

// ---- Parsing with positions -------------------------------------------------------------------

export type JsonPath = readonly (string | number)[];

/** Where a value (and, for a property, its name) stands in the text. */
export interface JsonSpan {
  from: number;
  to: number;
  /** A property's name, quotes included. */
  keyFrom?: number;
  keyTo?: number;
}

export interface JsonSyntaxError {
  /** Offsets of the offending text (from === to at the end of the text). */
  from: number;
  to: number;
  /** 1-based, as editors count. */
  line: number;
  column: number;
  /** What is wrong, in words, without the position. */
  message: string;
}

export type JsonParseResult = { ok: true; value: unknown; spans: Map<string, JsonSpan> } | { ok: false; error: JsonSyntaxError };

const pathKey = (path: JsonPath) => JSON.stringify(path);

/** Line and column (1-based) of an offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      start = i + 1;
    }
  }
  return { line, column: offset - start + 1 };
}

class SyntaxProblem extends Error {
  constructor(
    readonly from: number,
    readonly to: number,
    message: string,
  ) {
    super(message);
  }
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);

function describeChar(ch: string | undefined): string {
  if (ch === undefined) return 'the end of the text';
  if (ch === '\n') return 'a line break';
  return `'${ch}'`;
}

/**
 * Parses JSON text the way JSON.parse does, but says where and what is wrong in words, the same
 * in every browser, and records where each value stands so schema issues can be placed.
 */
export function parseJsonText(text: string): JsonParseResult {
  const spans = new Map<string, JsonSpan>();
  let pos = 0;
  const skip = () => {
    while (pos < text.length && ' \t\n\r'.includes(text[pos]!)) pos++;
  };
  const fail = (message: string, from = pos, to = Math.min(text.length, from + 1)): never => {
    throw new SyntaxProblem(from, to, message);
  };

  const parseString = (what: string): string => {
    const start = pos;
    if (text[pos] !== '"') {
      if (text[pos] === "'") fail(`${what} must be in double quotes, not single quotes`);
      fail(`expected ${what} in double quotes, found ${describeChar(text[pos])}`);
    }
    pos++;
    while (pos < text.length) {
      const ch = text[pos]!;
      if (ch === '"') {
        pos++;
        return JSON.parse(text.slice(start, pos)) as string;
      }
      if (ch === '\\') {
        const next = text[pos + 1];
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(pos + 2, pos + 6))) fail('\\u must be followed by four hexadecimal digits', pos, pos + 2);
          pos += 6;
          continue;
        }
        if (next === undefined || !ESCAPES.has(next)) fail(`'\\${next ?? ''}' is not an escape JSON knows (use \\\\ for a backslash)`, pos, pos + 2);
        pos += 2;
        continue;
      }
      if (ch.charCodeAt(0) < 0x20) fail(ch === '\n' ? 'a string cannot span lines: close it with " or write \\n' : 'a control character must be escaped in a string');
      pos++;
    }
    return fail('this string is never closed: add the closing "', start, start + 1);
  };

  const parseValue = (path: JsonPath, key?: { from: number; to: number }): void => {
    skip();
    const from = pos;
    const ch = text[pos];
    if (ch === '{') {
      pos++;
      skip();
      if (text[pos] === '}') {
        pos++;
      } else {
        for (;;) {
          skip();
          if (text[pos] === '}') fail("remove the comma before '}': JSON allows no trailing comma", text.lastIndexOf(',', pos), text.lastIndexOf(',', pos) + 1);
          const keyFrom = pos;
          const name = parseString('a property name');
          const keyTo = pos;
          skip();
          if (text[pos] !== ':') fail(`expected ':' after the property name, found ${describeChar(text[pos])}`);
          pos++;
          parseValue([...path, name], { from: keyFrom, to: keyTo });
          skip();
          if (text[pos] === ',') {
            pos++;
            continue;
          }
          if (text[pos] === '}') {
            pos++;
            break;
          }
          if (text[pos] === '"') fail("expected ',' between two properties");
          fail(`expected ',' or '}' after a property value, found ${describeChar(text[pos])}`);
        }
      }
    } else if (ch === '[') {
      pos++;
      skip();
      if (text[pos] === ']') {
        pos++;
      } else {
        for (let index = 0; ; index++) {
          skip();
          if (text[pos] === ']') fail("remove the comma before ']': JSON allows no trailing comma", text.lastIndexOf(',', pos), text.lastIndexOf(',', pos) + 1);
          parseValue([...path, index]);
          skip();
          if (text[pos] === ',') {
            pos++;
            continue;
          }
          if (text[pos] === ']') {
            pos++;
            break;
          }
          fail(`expected ',' or ']' after an item, found ${describeChar(text[pos])}`);
        }
      }
    } else if (ch === '"') {
      parseString('a string');
    } else if (ch === '-' || (ch !== undefined && ch >= '0' && ch <= '9')) {
      NUMBER.lastIndex = pos;
      const match = NUMBER.exec(text);
      if (!match) fail('not a number JSON can read');
      pos += match![0].length;
      if (/[0-9.eE]/.test(text[pos] ?? '')) fail('not a number JSON can read (no leading zeros; digits after the point)', from, pos + 1);
    } else if (text.startsWith('true', pos) || text.startsWith('null', pos)) {
      pos += 4;
    } else if (text.startsWith('false', pos)) {
      pos += 5;
    } else if (ch === undefined) {
      fail(path.length === 0 ? 'the text is empty: enter a JSON value, e.g. {}' : 'the text ends too early: a value is missing', pos, pos);
    } else if (ch === "'") {
      fail('strings must be in double quotes, not single quotes');
    } else if (ch === '}' || ch === ']' || ch === ',') {
      fail(`expected a value, found ${describeChar(ch)}`);
    } else {
      const word = /^[A-Za-z_$][\w$]*/.exec(text.slice(pos))?.[0];
      fail(word ? `'${word}' is not a JSON value (strings need double quotes; true, false and null are lower case)` : `unexpected ${describeChar(ch)}`, pos, pos + (word?.length ?? 1));
    }
    spans.set(pathKey(path), { from, to: pos, ...(key ? { keyFrom: key.from, keyTo: key.to } : {}) });
  };

  try {
    parseValue([]);
    skip();
    if (pos < text.length) fail('unexpected text after the end of the JSON value', pos, text.length);
  } catch (error) {
    if (!(error instanceof SyntaxProblem)) throw error;
    const where = lineAndColumn(text, error.from);
    return { ok: false, error: { from: error.from, to: Math.max(error.from, error.to), ...where, message: error.message } };
  }
  // The checks above are JSON's grammar; JSON.parse builds the value with its exact semantics.
  try {
    return { ok: true, value: JSON.parse(text) as unknown, spans };
  } catch (error) {
    const where = lineAndColumn(text, text.length);
    return { ok: false, error: { from: text.length, to: text.length, ...where, message: (error as Error).message } };
  }
}

/** "Line 4, column 3: expected ..." */
export function describeSyntaxError(error: JsonSyntaxError): string {
  return `Line ${error.line}, column ${error.column}: ${error.message}`;
}

function describePath(path: JsonPath): string {
  return path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('').replace(/^\./, '');
}

/** The span of the deepest value along `path` that the text has (a missing property marks its object's opening brace). */
function spanFor(spans: Map<string, JsonSpan>, path: JsonPath): { from: number; to: number } {
  for (let n = path.length; n >= 0; n--) {
    const span = spans.get(pathKey(path.slice(0, n)));
    if (!span) continue;
    if (n < path.length) return { from: span.from, to: span.from + 1 };
    if (span.keyFrom !== undefined && span.to - span.from > 80) return { from: span.keyFrom, to: span.keyTo! };
    return { from: span.keyFrom ?? span.from, to: span.to };
  }
  return { from: 0, to: 0 };
}

/** Diagnostics for a text: its syntax error, else the issues of `schema` at their places. */
export function jsonDiagnostics(text: string, schema?: z.ZodType): Diagnostic[] {
  const parsed = parseJsonText(text);
  if (!parsed.ok) {
    return [{ from: parsed.error.from, to: parsed.error.to, severity: 'error', message: describeSyntaxError(parsed.error), source: 'JSON' }];
  }
  if (!schema) return [];
  const result = schema.safeParse(parsed.value);
  if (result.success) return [];
  return result.error.issues.map((issue) => {
    const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
    const where = describePath(path);
    return { ...spanFor(parsed.spans, path), severity: 'error' as const, message: where ? `${where}: ${issue.message}` : issue.message, source: 'Schema' };
  });
}

/** Pretty-prints JSON text with two spaces; undefined when it does not parse. */
export function formatJsonText(text: string): string | undefined {
  const parsed = parseJsonText(text);
  return parsed.ok ? JSON.stringify(parsed.value, null, 2) : undefined;
}

// ---- The editor ----------------------------------------------------------------------------------

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

function editorTheme(theme: Theme, minLines: number, maxHeight: number): Extension {
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

export type JsonFieldProps<T extends FieldValues, TT = T> = {
  name: FieldPath<T>;
  control: Control<T, unknown, TT>;
  label: string;
  /** The schema of the parsed content: its issues are marked where they are in the text, and it completes names and values. */
  schema?: z.ZodType;
  /** Under the editor when there is no error: what the JSON holds, an example. */
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  placeholder?: string;
  /** Height of the empty editor, in lines (default 8). */
  minLines?: number;
  /** Beyond this the editor scrolls (default 420 px). */
  maxHeight?: number;
};

/**
 * @example
 * <JsonField control={form.control} name="configurationJson" label="Configuration"
 *   schema={ChannelConfigurationSchema} helperText="Encoders, publishing points and output URLs" />
 */
export function JsonField<T extends FieldValues, TT = T>({
  name,
  control,
  label,
  schema,
  helperText,
  required,
  disabled = false,
  placeholder,
  minLines = 8,
  maxHeight = 420,
}: JsonFieldProps<T, TT>) {
  const { field, fieldState } = useController({ name, control });
  const theme = useTheme();
  const labelId = useId();
  const messageId = useId();
  const hostRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const compartments = useMemo(() => ({ theme: new Compartment(), attributes: new Compartment(), editable: new Compartment(), lint: new Compartment() }), []);
  const text = typeof field.value === 'string' ? field.value : '';
  const parsed = useMemo(() => parseJsonText(text), [text]);
  // A blank text is an error only once the form says so (a new, untouched field is not wrong yet).
  const syntax = !parsed.ok && (text.trim() !== '' || fieldState.error) ? parsed.error : null;
  // The latest callbacks, for the editor's listeners created once.
  const latest = useRef({ onChange: field.onChange, onBlur: field.onBlur });
  useEffect(() => {
    latest.current = { onChange: field.onChange, onBlur: field.onBlur };
  });

  const invalid = Boolean(fieldState.error) || syntax !== null;
  const message = syntax ? describeSyntaxError(syntax) : fieldState.error?.message;

  // Created once; the value, theme and state reach it through transactions below.
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const view = new EditorView({
      parent: host,
      state: EditorState.create({
        doc: text,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          highlightActiveLine(),
          drawSelection(),
          history(),
          indentOnInput(),
          bracketMatching(),
          indentUnit.of('  '),
          EditorState.tabSize.of(2),
          EditorView.lineWrapping,
          json(),
          lintGutter(),
          compartments.lint.of([]),
          // No indentWithTab: Tab leaves the editor, as in any other field.
          keymap.of([
            {
              key: 'Shift-Alt-f',
              run: (target) => {
                const formatted = formatJsonText(target.state.doc.toString());
                if (formatted === undefined) return false;
                target.dispatch({ changes: { from: 0, to: target.state.doc.length, insert: formatted }, userEvent: 'input.format' });
                return true;
              },
            },
            ...completionKeymap,
            ...defaultKeymap,
            ...historyKeymap,
            ...lintKeymap,
          ]),
          placeholder ? placeholderExtension(placeholder) : [],
          compartments.theme.of([]),
          compartments.attributes.of([]),
          compartments.editable.of([]),
          EditorView.updateListener.of((update) => {
            if (!update.docChanged) return;
            const value = update.state.doc.toString();
            // A value set from the form (reset, another item) is not an edit.
            if (update.transactions.some((tr) => tr.annotation(Transaction.remote))) return;
            latest.current.onChange(value);
          }),
          EditorView.domEventHandlers({
            blur: () => {
              latest.current.onBlur();
              return false;
            },
          }),
        ],
      }),
    });
    viewRef.current = view;
    return () => {
      view.destroy();
      viewRef.current = null;
    };
    // The editor lives as long as the field; `text` is its first value only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [compartments]);

  // The form's value changed from outside (reset, another item): show it.
  useEffect(() => {
    const view = viewRef.current;
    if (!view || view.state.doc.toString() === text) return;
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, annotations: Transaction.remote.of(true) });
  }, [text]);

  // The form focuses the first field in error through this.
  const fieldRef = field.ref;
  useEffect(() => {
    fieldRef({ focus: () => viewRef.current?.focus() });
  }, [fieldRef]);

  useEffect(() => {
    viewRef.current?.dispatch({
      effects: compartments.lint.reconfigure([
        linter((view) => jsonDiagnostics(view.state.doc.toString(), schema), { delay: 300 }),
        // Completion from the same schema: property names and enumerated values (Ctrl+Space asks).
        schema ? autocompletion({ override: [jsonSchemaCompletion(schema)] }) : [],
      ]),
    });
  }, [compartments, schema]);

  useEffect(() => {
    viewRef.current?.dispatch({ effects: compartments.theme.reconfigure(editorTheme(theme, minLines, maxHeight)) });
  }, [compartments, theme, minLines, maxHeight]);

  useEffect(() => {
    viewRef.current?.dispatch({
      effects: compartments.attributes.reconfigure(
        EditorView.contentAttributes.of({
          'aria-labelledby': labelId,
          'aria-describedby': messageId,
          'aria-invalid': invalid ? 'true' : 'false',
          ...(required ? { 'aria-required': 'true' } : {}),
          // The name a test or a screen reader finds the field by, even before the label renders.
          'data-field': String(name),
        }),
      ),
    });
  }, [compartments, labelId, messageId, invalid, required, name]);

  useEffect(() => {
    viewRef.current?.dispatch({ effects: compartments.editable.reconfigure([EditorView.editable.of(!disabled), EditorState.readOnly.of(disabled)]) });
  }, [compartments, disabled]);

  // A server error on the field arrives without an edit: show it in the text too.
  const errorMessage = fieldState.error?.message;
  useEffect(() => {
    const view = viewRef.current;
    if (view && errorMessage) forceLinting(view);
  }, [errorMessage]);

  const format = () => {
    const view = viewRef.current;
    const formatted = formatJsonText(text);
    if (!view || formatted === undefined || formatted === text) return;
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: formatted }, userEvent: 'input.format' });
  };

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
        <Typography
          id={labelId}
          component="label"
          variant="body2"
          onClick={() => viewRef.current?.focus()}
          sx={{ fontWeight: 600, color: invalid ? 'error.main' : 'text.primary', flex: '1 1 auto', minWidth: 0 }}
        >
          {label}
          {required && <span aria-hidden> *</span>}
        </Typography>
        <Button
          size="small"
          startIcon={<FormatIcon />}
          onClick={format}
          disabled={disabled || syntax !== null || text.trim() === ''}
          title="Format the JSON (Shift+Alt+F in the editor)"
        >
          Format
        </Button>
      </Box>
      <Box
        ref={hostRef}
        data-invalid={invalid ? 'true' : undefined}
        // Escape inside the editor must not close the dialog or panel around it (and lose the text).
        onKeyDown={(event) => {
          if (event.key === 'Escape') event.stopPropagation();
        }}
        sx={{
          border: 1,
          borderColor: invalid ? 'error.main' : 'divider',
          borderRadius: 1,
          overflow: 'hidden',
          bgcolor: 'background.paper',
          opacity: disabled ? 0.6 : 1,
          '&:hover': { borderColor: invalid ? 'error.main' : 'text.primary' },
          '&:focus-within': { outline: 2, outlineStyle: 'solid', outlineColor: invalid ? 'error.main' : 'primary.main', outlineOffset: -1 },
        }}
      />
      <FormHelperText id={messageId} error={invalid} sx={{ mx: 1.75, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {message ?? helperText ?? ' '}
      </FormHelperText>
    </Box>
  );
}
