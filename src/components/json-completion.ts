/**
 * Completion for the JSON editor (json-field.tsx) from the zod schema of the content: where a
 * property name goes, the properties the schema allows there that the object does not have yet
 * (required ones first, each with its description); where a value goes, the values an enumeration,
 * literal or boolean allows. Where the cursor stands is read from the editor's syntax tree, so it
 * works on a text that does not parse yet (the moment one types).
 */
import type { Completion, CompletionContext, CompletionResult, CompletionSource } from '@codemirror/autocomplete';
import { syntaxTree } from '@codemirror/language';
import type { EditorState } from '@codemirror/state';
import type { SyntaxNode } from '@lezer/common';
import { z } from 'zod';

type Path = (string | number)[];

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
  options?: z.ZodType[];
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schema without its optional, nullable, default and pipe wrappers. */
function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (let i = 0; i < 20; i++) {
    const def = defOf(current);
    if ((def.type === 'optional' || def.type === 'nullable' || def.type === 'default' || def.type === 'prefault' || def.type === 'readonly') && def.innerType) current = def.innerType;
    else if (def.type === 'pipe' && def.in) current = def.in;
    else return current;
  }
  return current;
}

const isOptional = (schema: z.ZodType) => {
  const type = defOf(schema).type;
  return type === 'optional' || type === 'default' || type === 'prefault';
};

/** The schema of the value at `path`, or undefined where the schema says nothing. */
export function schemaAt(schema: z.ZodType, path: readonly (string | number)[]): z.ZodType | undefined {
  let current: z.ZodType | undefined = unwrap(schema);
  for (const step of path) {
    if (!current) return undefined;
    const def = defOf(current);
    if (typeof step === 'number') current = def.type === 'array' && def.element ? unwrap(def.element) : undefined;
    else current = def.type === 'object' && def.shape?.[step] ? unwrap(def.shape[step]) : undefined;
  }
  return current;
}

/** The values the schema allows for a scalar (enumerations, literals, booleans), as JSON text. */
function valuesOf(schema: z.ZodType): string[] {
  const def = defOf(schema);
  if (def.type === 'enum' && def.entries) return Object.values(def.entries).map((v) => JSON.stringify(v));
  if (def.type === 'literal' && def.values) return def.values.map((v) => JSON.stringify(v));
  if (def.type === 'boolean') return ['true', 'false'];
  if (def.type === 'union' && def.options) return def.options.flatMap((o) => valuesOf(unwrap(o)));
  return [];
}

function describe(schema: z.ZodType): string | undefined {
  return z.globalRegistry.get(schema)?.description ?? (schema as { description?: string }).description;
}

/** A short word for a schema's kind, shown beside a property. */
function kindOf(schema: z.ZodType): string {
  const def = defOf(unwrap(schema));
  if (def.type === 'enum') return Object.values(def.entries ?? {}).join(' | ');
  return def.type === 'object' ? 'object' : def.type === 'array' ? 'array' : def.type;
}

const text = (state: EditorState, node: SyntaxNode) => state.sliceDoc(node.from, node.to);

function propertyName(state: EditorState, property: SyntaxNode): string | undefined {
  const name = property.getChild('PropertyName');
  if (!name) return undefined;
  try {
    return JSON.parse(text(state, name)) as string;
  } catch {
    return text(state, name).replace(/^"|"$/g, '');
  }
}

const VALUE_NODES = new Set(['Object', 'Array', 'String', 'Number', 'True', 'False', 'Null']);

/** The path of the value `node` (an Object or Array, or a value) from the root of the document. */
function pathOf(state: EditorState, node: SyntaxNode): Path {
  const path: Path = [];
  let child: SyntaxNode = node;
  for (let parent = node.parent; parent; child = parent, parent = parent.parent) {
    if (parent.name === 'Property') {
      const name = propertyName(state, parent);
      if (name === undefined) return path;
      path.unshift(name);
    } else if (parent.name === 'Array') {
      let index = 0;
      for (let sibling = child.prevSibling; sibling; sibling = sibling.prevSibling) if (VALUE_NODES.has(sibling.name)) index++;
      path.unshift(index);
    }
  }
  return path;
}

/** Whether `pos` inside a Property comes after its colon (a value goes there). */
function afterColon(property: SyntaxNode, pos: number): boolean {
  for (let c = property.firstChild; c; c = c.nextSibling) if (c.name === ':' && c.to <= pos) return true;
  return false;
}

function keyCompletions(state: EditorState, object: SyntaxNode, objectSchema: z.ZodType, fromIn: number, to: number, quoted: boolean): CompletionResult | null {
  const def = defOf(objectSchema);
  if (def.type !== 'object' || !def.shape) return null;
  // The typed text is matched without its opening quote (names are offered bare), which stays.
  const opened = state.sliceDoc(fromIn, fromIn + 1) === '"';
  const from = opened ? fromIn + 1 : fromIn;
  const present = new Set(object.getChildren('Property').map((p) => propertyName(state, p)));
  const colonFollows = /^\s*:/.test(state.sliceDoc(to, to + 20));
  const options: Completion[] = Object.entries(def.shape)
    .filter(([key]) => !present.has(key) || (quoted && state.sliceDoc(fromIn, to).replace(/"/g, '') === key))
    .map(([key, schema]) => {
      const info = describe(schema) ?? describe(unwrap(schema));
      return {
        label: key,
        detail: `${kindOf(schema)}${isOptional(schema) ? ', optional' : ''}`,
        ...(info ? { info } : {}),
        type: 'property',
        boost: isOptional(schema) ? 0 : 10,
        apply: `${opened ? JSON.stringify(key).slice(1) : JSON.stringify(key)}${colonFollows ? '' : ': '}`,
      };
    });
  return options.length > 0 ? { from, to, options, filter: true } : null;
}

function valueCompletions(valueSchema: z.ZodType | undefined, from: number, to: number): CompletionResult | null {
  if (!valueSchema) return null;
  const values = valuesOf(valueSchema);
  if (values.length === 0) return null;
  return { from, to, options: values.map((v) => ({ label: v, type: 'enum' })), filter: true };
}

/** A completion source for JSON text whose parsed content `schema` describes. */
export function jsonSchemaCompletion(schema: z.ZodType): CompletionSource {
  return (context: CompletionContext) => {
    const { state, pos } = context;
    const node = syntaxTree(state).resolveInner(pos, -1);
    // In a property name: the names this object may have.
    if (node.name === 'PropertyName') {
      const object = node.parent?.parent;
      if (!object || object.name !== 'Object') return null;
      const objectSchema = schemaAt(schema, pathOf(state, object));
      return objectSchema ? keyCompletions(state, object, objectSchema, node.from, node.to, true) : null;
    }
    // In a string value, or after a property's colon: the values it may take.
    if (node.name === 'String' && node.parent?.name === 'Property') {
      return valueCompletions(schemaAt(schema, pathOf(state, node)), node.from, node.to);
    }
    const word = context.matchBefore(/[\w"$-]*$/);
    const from = word ? word.from : pos;
    const property = node.name === 'Property' ? node : node.parent?.name === 'Property' ? node.parent : null;
    if (property && afterColon(property, pos)) {
      const name = propertyName(state, property);
      const object = property.parent;
      if (name === undefined || !object) return null;
      return valueCompletions(schemaAt(schema, [...pathOf(state, object), name]), from, pos);
    }
    // Where a property name goes (after `{` or `,` or at the start of a line, on a word or an
    // opening quote typed there, which the parser may read as a broken string): the innermost object.
    let object: SyntaxNode | null = node;
    while (object && object.name !== 'Object') object = object.parent;
    const atKey = /(^|[{,\n])\s*"?[\w$-]*$/.test(state.sliceDoc(Math.max(0, pos - 200), pos));
    if (object && atKey && (context.explicit || (word && word.from < word.to))) {
      const objectSchema = schemaAt(schema, pathOf(state, object));
      return objectSchema ? keyCompletions(state, object, objectSchema, from, pos, false) : null;
    }
    return null;
  };
}
