import { describe, expect, it } from 'vitest';
import { csvAnswer, csvField, csvLine, csvStream, type CsvAnswer, pages } from './csv.ts';

async function text(answer: CsvAnswer): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of csvStream(answer)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

describe('CSV', () => {
  it('quotes what needs it, doubles quotes, keeps spreadsheets from running formulas, writes dates in UTC', () => {
    expect(csvLine(['plain', 'a,b', 'say "hi"', 'two\nlines', null, undefined, 42, true, new Date('2026-01-02T03:04:05Z')])).toBe(
      'plain,"a,b","say ""hi""","two\nlines",,,42,true,2026-01-02T03:04:05.000Z\r\n',
    );
    expect(['=SUM(A1)', '+1', '-x', '@cmd'].map(csvField)).toEqual(["'=SUM(A1)", "'+1", "'-x", "'@cmd"]);
    expect(csvField(-5)).toBe('-5');
  });

  it('streams a byte order mark, the header, then the rows, reading pages only as they are needed', async () => {
    const asked: number[] = [];
    const rows = pages(async (offset, limit) => {
      asked.push(offset);
      return Array.from({ length: Math.max(0, Math.min(limit, 2_500 - offset)) }, (_, i) => [`row ${offset + i}`]);
    }, 1_000);
    const answer = (await csvAnswer('x.csv', ['Name'], rows)) as unknown as CsvAnswer;
    // The first page is read before the answer starts (a failing query is still an error answer).
    expect(asked).toEqual([0]);
    const body = await text(answer);
    expect(asked).toEqual([0, 1_000, 2_000]);
    const lines = body.split('\r\n');
    expect(lines[0]).toBe('\uFEFFName');
    expect(lines).toHaveLength(2_502);
    expect(lines[2_500]).toBe('row 2499');
  });
});
