import { describe, expect, it } from 'vitest';
import { AssetState } from '#schema';
import { workProgressOf } from './serialize.ts';

describe('workProgressOf', () => {
  const startedAt = new Date('2026-01-10T10:00:00Z');
  const at = (s: number) => new Date(startedAt.getTime() + s * 1000);

  it('gives the percentage and the time left at the pace so far, while GENERATING', () => {
    expect(workProgressOf({ state: AssetState.values.GENERATING, progress: 25, startedAt }, at(10))).toEqual({ percent: 25, timeLeftMs: 30_000 });
    expect(workProgressOf({ state: AssetState.values.GENERATING, progress: 0, startedAt }, at(3))).toEqual({ percent: 0, timeLeftMs: null });
  });

  it('has nothing before the work starts or once it has ended', () => {
    expect(workProgressOf({ state: AssetState.values.GENERATING, progress: 0, startedAt: null }, at(1))).toBeNull();
    expect(workProgressOf({ state: AssetState.values.COMPLETED, progress: 95, startedAt }, at(1))).toBeNull();
  });
});
