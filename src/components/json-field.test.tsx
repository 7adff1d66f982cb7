import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { type z } from 'zod';
import { EditorView } from '@codemirror/view';
import { ThemeProvider } from '@mui/material/styles';
import { ChannelConfigurationSchema, XflowBody, XflowConfigurationSchema } from '#schema';
import { theme } from '#app/theme.ts';
import { JsonField } from './json-field.tsx';
import { describeSyntaxError, formatJsonText, jsonDiagnostics, lineAndColumn, parseJsonText } from './json-text.ts';

afterEach(cleanup);

function syntaxError(text: string) {
  const result = parseJsonText(text);
  if (result.ok) throw new Error(`expected ${text} not to parse`);
  return result.error;
}

describe('parseJsonText', () => {
  it('reads what JSON.parse reads, to the same value', () => {
    for (const text of ['{}', '[]', '0', '-1.5e3', '"a\\u00e9\\n"', 'true', 'null', ' {"a": [1, {"b": false}], "c": "d"} ']) {
      const result = parseJsonText(text);
      expect(result.ok, text).toBe(true);
      if (result.ok) expect(result.value).toEqual(JSON.parse(text));
    }
  });

  it('says where and what is wrong, in words', () => {
    expect(syntaxError('{\n  "a": 1,\n}')).toMatchObject({ line: 2, column: 9, message: "remove the comma before '}': JSON allows no trailing comma" });
    expect(syntaxError('{\n  "a": 1\n  "b": 2\n}')).toMatchObject({ line: 3, column: 3, message: "expected ',' between two properties" });
    expect(syntaxError("{'a': 1}")).toMatchObject({ line: 1, column: 2, message: 'a property name must be in double quotes, not single quotes' });
    expect(syntaxError('{"a": "open}')).toMatchObject({ line: 1, column: 7, message: 'this string is never closed: add the closing "' });
    expect(syntaxError('{"a": True}')).toMatchObject({ column: 7, message: expect.stringContaining("'True' is not a JSON value") });
    expect(syntaxError('[1, 2')).toMatchObject({ message: "expected ',' or ']' after an item, found the end of the text" });
    expect(syntaxError('{"a": 01}')).toMatchObject({ message: expect.stringContaining('not a number JSON can read') });
    expect(syntaxError('{} x')).toMatchObject({ column: 4, message: 'unexpected text after the end of the JSON value' });
    expect(syntaxError('   ')).toMatchObject({ message: 'the text is empty: enter a JSON value, e.g. {}' });
    expect(describeSyntaxError(syntaxError('{"a" 1}'))).toBe("Line 1, column 6: expected ':' after the property name, found '1'");
  });

  it('counts lines and columns from 1', () => {
    expect(lineAndColumn('ab\ncd', 0)).toEqual({ line: 1, column: 1 });
    expect(lineAndColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
  });

  it('formats valid JSON and leaves invalid JSON alone', () => {
    expect(formatJsonText('{"a":[1,2]}')).toBe('{\n  "a": [\n    1,\n    2\n  ]\n}');
    expect(formatJsonText('{"a":')).toBeUndefined();
  });
});

describe('jsonDiagnostics', () => {
  const config = {
    taskEngine: { endpoint: 'https://tasks.example.com' },
    streamingServer: { url: 'https://s.example.com' },
    outputUrls: [{ streamProtocol: 'HLS', vodCdnUrl: 'https://cdn.example.com/vod/index.m3u8' }],
  };

  it('marks a schema issue on the value its path points to', () => {
    const text = JSON.stringify(config, null, 2);
    const [issue, ...rest] = jsonDiagnostics(text, XflowConfigurationSchema);
    expect(rest).toEqual([]);
    expect(issue!.message).toBe('outputUrls[0].vodCdnUrl: must contain {content_id}');
    expect(text.slice(issue!.from, issue!.to)).toBe('"vodCdnUrl": "https://cdn.example.com/vod/index.m3u8"');
  });

  it('marks a missing property at its object, and a syntax error alone', () => {
    const text = '{\n  "encoders": [\n    {"outputUrls": []}\n  ]\n}';
    const issues = jsonDiagnostics(text, ChannelConfigurationSchema);
    const missing = issues.find((d) => d.message.startsWith('encoders[0].streamingServer'))!;
    expect(text.slice(missing.from, missing.to)).toBe('{');
    expect(lineAndColumn(text, missing.from)).toEqual({ line: 3, column: 5 });
    expect(jsonDiagnostics('{"encoders": [}', ChannelConfigurationSchema)).toEqual([
      expect.objectContaining({ message: "Line 1, column 15: expected a value, found '}'", source: 'JSON' }),
    ]);
  });
});

// ---- The editor in a form ---------------------------------------------------------------------

const Body = XflowBody;
type Values = z.input<typeof Body>;

function Form({ initial, onSubmit }: { initial: string; onSubmit: (values: z.output<typeof Body>) => void }) {
  const form = useForm<Values, unknown, z.output<typeof Body>>({
    resolver: zodResolver(Body),
    defaultValues: { name: 'Flow', configurationJson: initial },
    mode: 'onTouched',
  });
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} aria-label="Xflow">
      <JsonField control={form.control} name="configurationJson" label="Configuration" schema={XflowConfigurationSchema} helperText="The xflow's JSON" required />
      <button type="submit">Save</button>
      <label>
        After
        <input />
      </label>
    </form>
  );
}

const valid = JSON.stringify(
  {
    taskEngine: { endpoint: 'https://tasks.example.com' },
    streamingServer: { url: 'https://s.example.com' },
    outputUrls: [{ streamProtocol: 'HLS', vodCdnUrl: 'https://cdn.example.com/{content_id}.m3u8' }],
  },
  null,
  2,
);

function renderForm(initial = valid, onSubmit = vi.fn()) {
  render(
    <ThemeProvider theme={theme}>
      <Form initial={initial} onSubmit={onSubmit} />
    </ThemeProvider>,
  );
  const editor = screen.getByRole('textbox', { name: /^Configuration/ });
  const view = EditorView.findFromDOM(editor)!;
  /** Replaces the text as typing would (a user transaction through the view). */
  const type = (text: string) => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, userEvent: 'input.type' });
  return { editor, view, type, onSubmit };
}

describe('JsonField', () => {
  it('is a labelled, described text box showing the form’s text', () => {
    const { editor, view } = renderForm();
    expect(editor.getAttribute('aria-multiline')).toBe('true');
    expect(editor.getAttribute('aria-required')).toBe('true');
    expect(editor.getAttribute('aria-invalid')).toBe('false');
    expect(document.getElementById(editor.getAttribute('aria-describedby')!)?.textContent).toBe("The xflow's JSON");
    expect(view.state.doc.toString()).toBe(valid);
  });

  it('names a syntax error with its line and column, and the form does not submit it', async () => {
    const user = userEvent.setup();
    const { editor, type, onSubmit } = renderForm();
    type('{\n  "taskEngine": {}\n  "x": 1\n}');
    const message = await screen.findByText("Line 3, column 3: expected ',' between two properties");
    await waitFor(() => expect(editor.getAttribute('aria-invalid')).toBe('true'));
    expect(editor.getAttribute('aria-describedby')).toBe(message.id);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText("Line 3, column 3: expected ',' between two properties")).toBeTruthy());
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the schema’s message when the JSON parses but is wrong, then submits the fixed text', async () => {
    const user = userEvent.setup();
    const { type, onSubmit } = renderForm();
    type(valid.replace('{content_id}', ''));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('outputUrls[0].vodCdnUrl: must contain {content_id}')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    type(valid);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({ name: 'Flow', configurationJson: valid });
  });

  it('lets Tab leave the editor, and keeps Escape from closing what is around it', async () => {
    const user = userEvent.setup();
    const { editor } = renderForm();
    const outer = vi.fn();
    document.addEventListener('keydown', outer);
    editor.focus();
    expect(document.activeElement).toBe(editor);
    await user.keyboard('{Escape}');
    expect(outer).not.toHaveBeenCalled();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save' }));
    document.removeEventListener('keydown', outer);
  });

  it('formats the text with the Format button', async () => {
    const user = userEvent.setup();
    const { type, view } = renderForm();
    type('{"taskEngine":{"endpoint":"https://t.example.com"}}');
    await user.click(screen.getByRole('button', { name: 'Format' }));
    expect(view.state.doc.toString()).toBe('{\n  "taskEngine": {\n    "endpoint": "https://t.example.com"\n  }\n}');
  });
});
