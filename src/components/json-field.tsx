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
import { useTheme } from '@mui/material/styles';
import FormatIcon from '@mui/icons-material/FormatAlignLeftRounded';
import { Compartment, EditorState, Transaction } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { forceLinting, linter } from '@codemirror/lint';
import { autocompletion } from '@codemirror/autocomplete';
import { jsonSchemaCompletion } from './json-completion.ts';
import { jsonEditorBasics } from './json-editor-setup.ts';
import { editorTheme } from './json-editor-theme.ts';
import { describeSyntaxError, formatJsonText, jsonDiagnostics, parseJsonText } from './json-text.ts';

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
          ...jsonEditorBasics(placeholder),
          compartments.lint.of([]),
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
