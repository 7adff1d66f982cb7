// A hair over ~250 lines: one hand-written JSON parser that keeps positions (its steps share one cursor), and the diagnostics read from it.
/**
 * JSON text read with positions, for the JSON field: a parser that keeps where each value (and
 * property name) stands and names a syntax error in words with its line and column; the
 * diagnostics a text has (its syntax error, else the issues of a schema at their places); and
 * formatting.
 */
import type { z } from 'zod';
import type { Diagnostic } from '@codemirror/lint';

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
