/**
 * Bulk paste: lines of `category, key, value` as a spreadsheet copies them (tab-separated) or as
 * typed or exported (comma-separated, CSV quoting allowed), and what saving them would do to the
 * properties there are. (category, key) is unique per owner and re-sending a pair updates its
 * value, so each line either adds a property or updates one; a pair given twice keeps the later
 * line, as the spreadsheet's last word.
 */

export interface PastedLine {
  /** 1-based line of the pasted text, as the operator sees it. */
  line: number;
  category: string;
  key: string;
  value: string;
}

export interface PasteProblem {
  line: number;
  /** The line as pasted, to recognise it. */
  text: string;
  message: string;
}

export interface ParsedPaste {
  delimiter: 'tab' | 'comma';
  lines: PastedLine[];
  problems: PasteProblem[];
  /** A first line `category, key, value` was taken as a header and left out. */
  headerSkipped: boolean;
}

interface TextRecord {
  line: number;
  text: string;
  fields: string[];
}

/**
 * Splits text into records of fields. Quoted fields ("a, b", "say ""hi""", or a cell with line
 * breaks, as spreadsheets quote them) keep their delimiters and line breaks. After `maxFields - 1`
 * delimiters the rest of a line is one field: in comma mode a value may contain commas unquoted.
 */
function records(text: string, delimiter: string, maxFields: number): TextRecord[] {
  const out: TextRecord[] = [];
  let line = 1;
  let i = 0;
  while (i < text.length) {
    const startLine = line;
    const start = i;
    const fields: string[] = [];
    let field = '';
    let quoted = false;
    let fieldStart = true;
    for (; i < text.length; i++) {
      const c = text[i]!;
      if (quoted) {
        if (c === '"' && text[i + 1] === '"') {
          field += '"';
          i++;
        } else if (c === '"') {
          quoted = false;
        } else {
          if (c === '\n') line++;
          field += c;
        }
        continue;
      }
      if (c === '"' && fieldStart && field.trim() === '') {
        quoted = true;
        field = '';
        fieldStart = false;
        continue;
      }
      if (c === '\r' && text[i + 1] === '\n') continue;
      if (c === '\n' || c === '\r') {
        i++;
        line++;
        break;
      }
      if (c === delimiter && fields.length < maxFields - 1) {
        fields.push(field);
        field = '';
        fieldStart = true;
        continue;
      }
      field += c;
      if (c !== ' ') fieldStart = false;
    }
    fields.push(field);
    const raw = text.slice(start, i).replace(/\r?\n$|\r$/, '');
    out.push({ line: startLine, text: raw, fields });
  }
  return out;
}

const HEADER = ['category', 'key', 'value'];

export function parsePastedProperties(text: string): ParsedPaste {
  const firstLine = text.split(/\r?\n|\r/).find((l) => l.trim() !== '') ?? '';
  const delimiter = firstLine.includes('\t') ? 'tab' : 'comma';
  // Tab mode keeps every column, to tell a stray fourth one; comma mode lets the value hold commas.
  const all = records(text, delimiter === 'tab' ? '\t' : ',', delimiter === 'tab' ? Number.MAX_SAFE_INTEGER : 3);
  const lines: PastedLine[] = [];
  const problems: PasteProblem[] = [];
  let headerSkipped = false;
  for (const record of all) {
    const fields = record.fields.map((f) => f.trim());
    // Spreadsheets copy empty trailing cells as trailing tabs.
    while (fields.length > 3 && fields.at(-1) === '') fields.pop();
    if (fields.every((f) => f === '')) continue;
    if (!headerSkipped && lines.length === 0 && problems.length === 0 && fields.map((f) => f.toLowerCase()).join('|') === HEADER.join('|')) {
      headerSkipped = true;
      continue;
    }
    const sep = delimiter === 'tab' ? 'a tab' : 'a comma';
    if (fields.length < 3) {
      problems.push({
        line: record.line,
        text: record.text,
        message: `${fields.length === 1 ? 'only one column' : 'only two columns'}: give category, key and value (start the line with ${sep} for an empty category)`,
      });
      continue;
    }
    if (fields.length > 3) {
      problems.push({ line: record.line, text: record.text, message: `${fields.length} columns: give three, category, key and value` });
      continue;
    }
    const [category = '', key = '', value = ''] = fields;
    if (key === '') {
      problems.push({ line: record.line, text: record.text, message: 'the key is empty' });
      continue;
    }
    lines.push({ line: record.line, category, key, value });
  }
  return { delimiter, lines, problems, headerSkipped };
}

export interface ExistingProperty {
  id: string;
  category: string;
  key: string;
  value: string;
}

export type PasteAction = 'add' | 'update' | 'unchanged' | 'replaced';

export interface PastePlanRow extends PastedLine {
  action: PasteAction;
  /** The property an update or unchanged line names. */
  existing?: ExistingProperty;
  /** For `replaced`: the later line that sets the same pair. */
  replacedBy?: number;
}

export const pairKey = (p: { category: string; key: string }) => JSON.stringify([p.category, p.key]);

/** What each pasted line would do to `existing`. */
export function planPaste(lines: readonly PastedLine[], existing: readonly ExistingProperty[]): PastePlanRow[] {
  const byPair = new Map(existing.map((p) => [pairKey(p), p]));
  const lastLineOfPair = new Map<string, number>();
  for (const l of lines) lastLineOfPair.set(pairKey(l), l.line);
  return lines.map((l) => {
    const pair = pairKey(l);
    const last = lastLineOfPair.get(pair)!;
    if (last !== l.line) return { ...l, action: 'replaced', replacedBy: last };
    const found = byPair.get(pair);
    if (!found) return { ...l, action: 'add' };
    return { ...l, action: found.value === l.value ? 'unchanged' : 'update', existing: found };
  });
}

/** The lines to send: those that add or change something, in pasted order. */
export function linesToSave(plan: readonly PastePlanRow[]): PastePlanRow[] {
  return plan.filter((r) => r.action === 'add' || r.action === 'update');
}

export function countActions(plan: readonly PastePlanRow[]): Record<PasteAction, number> {
  const counts: Record<PasteAction, number> = { add: 0, update: 0, unchanged: 0, replaced: 0 };
  for (const r of plan) counts[r.action]++;
  return counts;
}
