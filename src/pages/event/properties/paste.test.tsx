import { describe, expect, it } from 'vitest';
import { countActions, linesToSave, parsePastedProperties, planPaste } from './paste.ts';

describe('parsePastedProperties', () => {
  it('reads tab-separated lines as a spreadsheet copies them, skipping a header, blank lines and empty trailing cells', () => {
    const parsed = parsePastedProperties('Category\tKey\tValue\r\nrights\tholder\tNorthwind Sports\t\t\r\n\r\n\tlanguage\tnl\r\n');
    expect(parsed.delimiter).toBe('tab');
    expect(parsed.headerSkipped).toBe(true);
    expect(parsed.problems).toEqual([]);
    expect(parsed.lines).toEqual([
      { line: 2, category: 'rights', key: 'holder', value: 'Northwind Sports' },
      { line: 4, category: '', key: 'language', value: 'nl' },
    ]);
  });

  it('reads comma-separated lines with spaces after the commas; the value keeps further commas', () => {
    const parsed = parsePastedProperties('rights, territory, EU, UK and CH\nsponsor,name,Contoso');
    expect(parsed.delimiter).toBe('comma');
    expect(parsed.lines.map((l) => [l.category, l.key, l.value])).toEqual([
      ['rights', 'territory', 'EU, UK and CH'],
      ['sponsor', 'name', 'Contoso'],
    ]);
  });

  it('understands quoted cells: delimiters, doubled quotes and line breaks inside', () => {
    const parsed = parsePastedProperties('"a, b",key,"say ""hi"""\nnotes\tx\t"two\nlines"'.replace('notes\tx\t', 'notes,x,'));
    expect(parsed.lines).toEqual([
      { line: 1, category: 'a, b', key: 'key', value: 'say "hi"' },
      { line: 2, category: 'notes', key: 'x', value: 'two\nlines' },
    ]);
  });

  it('reports lines it cannot read, by line number, saying what to do', () => {
    const parsed = parsePastedProperties('a\tb\tc\njust-a-key\nk\tv\nx\t\tvalue\n1\t2\t3\t4');
    expect(parsed.lines).toHaveLength(1);
    expect(parsed.problems.map((p) => [p.line, p.message])).toEqual([
      [2, 'only one column: give category, key and value (start the line with a tab for an empty category)'],
      [3, 'only two columns: give category, key and value (start the line with a tab for an empty category)'],
      [4, 'the key is empty'],
      [5, '4 columns: give three, category, key and value'],
    ]);
  });
});

describe('planPaste', () => {
  const existing = [
    { id: '1', category: 'rights', key: 'holder', value: 'A' },
    { id: '2', category: 'rights', key: 'territory', value: 'EU' },
  ];

  it('says which lines add, update, change nothing, or are replaced by a later line with the same pair', () => {
    const lines = parsePastedProperties('rights,holder,A\nrights,territory,EU+UK\nx,new,1\nx,new,2\nRights,holder,case matters').lines;
    const plan = planPaste(lines, existing);
    expect(plan.map((r) => [r.line, r.action, r.existing?.id, r.replacedBy])).toEqual([
      [1, 'unchanged', '1', undefined],
      [2, 'update', '2', undefined],
      [3, 'replaced', undefined, 4],
      [4, 'add', undefined, undefined],
      [5, 'add', undefined, undefined],
    ]);
    expect(countActions(plan)).toEqual({ add: 2, update: 1, unchanged: 1, replaced: 1 });
    expect(linesToSave(plan).map((r) => r.line)).toEqual([2, 4, 5]);
  });
});
