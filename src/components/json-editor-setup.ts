/**
 * What every JSON editor has, whatever its field: line numbers, history, brackets, two-space
 * indent, JSON syntax, the lint gutter, and the keys (Shift+Alt+F formats; no indentWithTab, so
 * Tab leaves the editor as in any other field).
 */
import { EditorState, type Extension } from '@codemirror/state';
import { drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers, placeholder as placeholderExtension } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { bracketMatching, indentOnInput, indentUnit } from '@codemirror/language';
import { json } from '@codemirror/lang-json';
import { lintGutter, lintKeymap } from '@codemirror/lint';
import { completionKeymap } from '@codemirror/autocomplete';
import { formatJsonText } from './json-text.ts';

export function jsonEditorBasics(placeholder?: string): Extension[] {
  return [
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
  ];
}
