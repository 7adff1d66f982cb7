/** Completion of the JSON editor from the content's schema (json-completion.ts), on the archiverflow configuration. */
import { describe, expect, it } from 'vitest';
import { CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { json } from '@codemirror/lang-json';
import { ensureSyntaxTree } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { ArchiverflowConfigurationSchema } from '#schema';
import { jsonSchemaCompletion, schemaAt } from './json-completion.ts';

/** Completes at the `|` of `text`. */
function complete(textWithCursor: string, explicit = true): { labels: string[]; result: CompletionResult | null; text: string } {
  const pos = textWithCursor.indexOf('|');
  const text = textWithCursor.replace('|', '');
  const state = EditorState.create({ doc: text, extensions: [json()] });
  ensureSyntaxTree(state, state.doc.length, 5_000);
  const result = jsonSchemaCompletion(ArchiverflowConfigurationSchema)(new CompletionContext(state, pos, explicit)) as CompletionResult | null;
  return { labels: result?.options.map((o) => o.label) ?? [], result, text };
}

describe('JSON completion from the schema', () => {
  it('offers the root’s properties in an empty object', () => {
    expect(complete('{|}').labels).toEqual(['archiverflows']);
  });

  it('offers an output URL set’s properties not there yet, in a property name, required ones boosted', () => {
    const { labels, result } = complete('{"archiverflows": [{"outputUrls": [{"streamProtocol": "HLS", "|"}]}]}');
    expect(labels).toEqual(['cdnPrimaryUrl', 'originPrimaryUrl', 'cdnSecondaryUrl', 'privateUrl', 'originSecondaryUrl']);
    const first = result!.options[0]!;
    expect(first.boost).toBeGreaterThan(result!.options[2]!.boost ?? 0);
    // The opening quote stays; the name, its closing quote and the colon are written.
    expect(result?.from).toBe((result?.to ?? 0) - 1);
    expect(first.apply).toBe('cdnPrimaryUrl": ');
  });

  it('offers names as one opens a quote on a new line of an object, the text not parsing yet', () => {
    const { labels } = complete('{"archiverflows": [{"outputUrls": [{\n  "streamProtocol": "HLS",\n  "|\n  "originPrimaryUrl": "x"}]}]}', false);
    expect(labels).toEqual(['cdnPrimaryUrl', 'cdnSecondaryUrl', 'privateUrl', 'originSecondaryUrl']);
    const { result, text } = complete('{"archiverflows": [{"outputUrls": [{\n  "|\n}]}]}', false);
    expect(text.slice(result!.from - 1, result!.from)).toBe('"');
  });

  it('offers the stream protocols in the value of streamProtocol', () => {
    expect(complete('{"archiverflows": [{"outputUrls": [{"streamProtocol": "|"}]}]}').labels).toEqual(['"HLS"', '"HLSe"', '"HSS"', '"DASH"', '"HDS"']);
    expect(complete('{"archiverflows": [{"outputUrls": [{"streamProtocol": |}]}]}').labels).toEqual(['"HLS"', '"HLSe"', '"HSS"', '"DASH"', '"HDS"']);
  });

  it('offers nothing in a free string value, and resolves paths through arrays', () => {
    expect(complete('{"archiverflows": [{"name": "|"}]}').result).toBeNull();
    expect(schemaAt(ArchiverflowConfigurationSchema, ['archiverflows', 0, 'outputUrls', 3, 'cdnPrimaryUrl'])).toBeDefined();
    expect(schemaAt(ArchiverflowConfigurationSchema, ['archiverflows', 0, 'nothing'])).toBeUndefined();
  });
});
