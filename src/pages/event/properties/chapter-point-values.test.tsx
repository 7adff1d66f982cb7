import { describe, expect, it } from 'vitest';
import { ChapterPointBody, type ChapterPoint } from '#schema';
import {
  chapterPointFormSchema,
  chapterPointToFormValues,
  displayTime,
  flattenTree,
  formatTimecode,
  formToChapterPointBody,
  normalizeTimeInput,
  subtreeCounts,
  timeToMs,
} from './chapter-point-values.ts';

const point = (id: string, over: Partial<ChapterPoint> = {}): ChapterPoint => ({
  id,
  eventId: 'e',
  parentId: null,
  referenceId: null,
  title: id,
  tag: null,
  startTime: '00:00:00',
  endTime: null,
  chapterPointCustomProperties: [],
  children: [],
  ...over,
});

describe('timecodes', () => {
  it('formats milliseconds as hh:mm:ss, with milliseconds only when there are some', () => {
    expect(formatTimecode(0)).toBe('00:00:00');
    expect(formatTimecode(3_723_000)).toBe('01:02:03');
    expect(formatTimecode(3_723_050)).toBe('01:02:03.050');
    expect(formatTimecode(100 * 3_600_000)).toBe('100:00:00');
  });

  it('reads hh:mm:ss.fff times', () => {
    expect(timeToMs('01:02:03.5')).toBe(3_723_500);
    expect(timeToMs('2026-01-01T00:00:00Z')).toBeUndefined();
  });

  it('shows a time as is, and a date-time as the time since the stream started', () => {
    expect(displayTime('00:12:30.000', undefined).text).toBe('00:12:30');
    const start = new Date('2026-03-01T18:00:00Z');
    expect(displayTime('2026-03-01T18:45:10Z', start)).toEqual({ text: '00:45:10', detail: new Date('2026-03-01T18:45:10Z') });
    // Without a start, or before it: the clock time (the full date in the tooltip).
    expect(displayTime('2026-03-01T17:00:00Z', start).detail).toEqual(new Date('2026-03-01T17:00:00Z'));
  });

  it('makes what an operator types a time the service takes', () => {
    expect(normalizeTimeInput('1:02:03')).toBe('01:02:03');
    expect(normalizeTimeInput('62:03')).toBe('01:02:03');
    expect(normalizeTimeInput('90')).toBe('00:01:30');
    expect(normalizeTimeInput(' 00:01:02.5 ')).toBe('00:01:02.500');
    expect(normalizeTimeInput('00:12:30')).toBe('00:12:30');
    expect(normalizeTimeInput('2026-03-01T18:00:00Z')).toBe('2026-03-01T18:00:00Z');
    // Left for the schema to refuse.
    expect(normalizeTimeInput('1:75:00')).toBe('1:75:00');
    expect(normalizeTimeInput('soon')).toBe('soon');
  });
});

describe('the tree', () => {
  const tree = [point('a', { children: [point('a1', { chapterPointCustomProperties: [{ id: 'p', chapterPointId: 'a1', category: '', key: 'k', value: 'v' }], children: [point('a1x')] })] }), point('b')];

  it('flattens depth first with depth and ancestors', () => {
    expect(flattenTree(tree).map((f) => [f.point.id, f.depth, f.ancestors.join('/')])).toEqual([
      ['a', 0, ''],
      ['a1', 1, 'a'],
      ['a1x', 2, 'a/a1'],
      ['b', 0, ''],
    ]);
  });

  it('counts what goes with a chapter point', () => {
    expect(subtreeCounts(tree[0]!)).toEqual({ descendants: 2, properties: 1 });
    expect(subtreeCounts(tree[1]!)).toEqual({ descendants: 0, properties: 0 });
  });
});

describe('the form', () => {
  it('maps an edited chapter point back to the same body, every field sent', () => {
    const existing = point('c', { parentId: 'p', title: 'Goal', tag: 'goal', referenceId: 'R-1', startTime: '00:38:00', endTime: '00:39:00' });
    const body = formToChapterPointBody(chapterPointToFormValues(existing), { eventId: 'e', id: 'c' });
    expect(body).toEqual({ id: 'c', eventId: 'e', parentId: 'p', title: 'Goal', tag: 'goal', referenceId: 'R-1', startTime: '00:38:00', endTime: '00:39:00' });
  });

  it('sends empty optional fields as null and normalises times', () => {
    const eventId = '5d7c1a52-3f1e-4c3b-9d0e-2a1b3c4d5e6f';
    const body = formToChapterPointBody({ title: 'Kick-off', startTime: '15:00', endTime: ' ', tag: '', referenceId: '', parentId: '' }, { eventId });
    expect(body).toEqual({ eventId, parentId: null, title: 'Kick-off', tag: null, referenceId: null, startTime: '00:15:00', endTime: null });
    expect(ChapterPointBody.safeParse(body).success).toBe(true);
  });

  it('validates with the body’s schema, issues on the form’s field names', () => {
    const schema = chapterPointFormSchema({ eventId: '5d7c1a52-3f1e-4c3b-9d0e-2a1b3c4d5e6f' });
    const result = schema.safeParse({ title: ' ', startTime: '00:20:00', endTime: '00:10:00', tag: '', referenceId: '', parentId: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['endTime', 'title']);
  });
});
