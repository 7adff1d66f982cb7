import { describe, expect, it } from 'vitest';
import { EventState } from '#schema';
import { ApiError } from '#client';
import { failureReason, runBulk, summarise } from '#components/bulk.ts';
import { commonTargets, waitsForCompletion } from './bulk.ts';
import { reconcileRows } from './stable-rows.ts';

const S = EventState.values;

describe('bulk actions', () => {
  it('offers the state targets every selected event allows, in the table’s order', () => {
    expect(commonTargets([S.LIVE_PUBLISHED])).toEqual(['LIVE_UNPUBLISHED', 'SUSPENDED', 'STOPPED']);
    expect(commonTargets([S.LIVE_PUBLISHED, S.LIVE_UNPUBLISHED, S.SUSPENDED])).toEqual(['STOPPED']);
    expect(commonTargets([S.PRE_LIVE, S.VOD_PUBLIC])).toEqual([]);
    expect(commonTargets([])).toEqual([]);
  });

  it('does not wait for encoders to start or stop', () => {
    expect(waitsForCompletion(S.PRE_LIVE, 'LIVE_PUBLISHED')).toBe(false);
    expect(waitsForCompletion(S.LIVE_PUBLISHED, 'STOPPED')).toBe(false);
    expect(waitsForCompletion(S.VOD_PUBLIC, 'VOD_PRIVATE')).toBe(true);
  });

  it('runs a few at a time, reports every outcome in order, and keeps going after a failure', async () => {
    let running = 0;
    let most = 0;
    const events = Array.from({ length: 9 }, (_, i) => ({ id: `e${i}`, title: `Event ${i}`, state: S.PRE_LIVE }));
    const progress: number[] = [];
    const outcomes = await runBulk(
      events,
      async (event) => {
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5 + (Number(event.id.slice(1)) % 3) * 5));
        running--;
        if (event.id === 'e4') throw new ApiError(400, { exceptionType: 'Validation', exceptionMessage: 'Not now', errorType: 'Validation', data: {} }, 'event.setState');
      },
      { concurrency: 3, onProgress: (done) => progress.push(done) },
    );
    expect(most).toBe(3);
    expect(outcomes.map((o) => [o.item.id, o.ok])).toEqual(events.map((e) => [e.id, e.id !== 'e4']));
    expect(outcomes[4]!.reason).toBe('Not now');
    expect(progress).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(summarise(outcomes, 'deleted')).toBe('8 events deleted; 1 failed.');
    expect(summarise(outcomes.slice(0, 1), 'deleted')).toBe('1 event deleted.');
  });

  it('says why, in the service’s words, adding only the field details it did not say', () => {
    const body = (exceptionMessage: string, fields: { field: string; message: string }[]) => ({ exceptionType: 'X', exceptionMessage, errorType: 'X', data: { fields } });
    expect(failureReason(new ApiError(400, body('Bad input', [{ field: 'body.eventTypeId', message: 'unknown type' }]), 'x'))).toBe(
      'Bad input (body.eventTypeId: unknown type)',
    );
    expect(failureReason(new ApiError(400, body('Not allowed: from A to B', [{ field: 'body.state', message: 'from A to B' }]), 'x'))).toBe('Not allowed: from A to B');
    expect(failureReason(new ApiError(0, undefined, 'x'))).toBe('The service could not be reached');
  });
});

describe('rows that stay in place', () => {
  const row = (id: string, title = id) => ({ id, title });

  it('keeps the order on screen, with each row’s fresh content, and counts what changed', () => {
    const held = [row('a'), row('b'), row('c')];
    const incoming = [row('c', 'c2'), row('a', 'a2'), row('d')];
    const { rows, changes } = reconcileRows(held, incoming);
    // a and c swapped places (2 moved), d joined, b left.
    expect(rows).toEqual([row('a', 'a2'), row('b'), row('c', 'c2')]);
    expect(changes).toBe(4);
  });

  it('counts nothing when only the contents changed', () => {
    expect(reconcileRows([row('a'), row('b')], [row('a', 'A'), row('b', 'B')])).toEqual({ rows: [row('a', 'A'), row('b', 'B')], changes: 0 });
  });
});
