/**
 * Emotion's insertion hook as the dashboard's build has it (vite.config.ts replaces emotion's own
 * with emotion-insertion.ts; tests of pages run emotion's CommonJS build, which the replacement
 * does not reach): until the first screen has committed, a style goes in as its component renders,
 * and again (a no-op in emotion) at commit; from then on at commit only.
 */
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { firstScreenCommitted, useInsertionEffectAlwaysWithSyncFallback } from './emotion-insertion.ts';

function Styled({ log }: { log: string[] }) {
  log.push('render');
  useInsertionEffectAlwaysWithSyncFallback(() => log.push('insert'));
  log.push('rendered');
  return null;
}

describe('emotion’s insertion hook', () => {
  it('inserts as the component renders until the first screen has committed, then at commit only', () => {
    const first: string[] = [];
    render(<Styled log={first} />);
    expect(first).toEqual(['render', 'insert', 'rendered', 'insert']);

    firstScreenCommitted();
    const later: string[] = [];
    render(<Styled log={later} />);
    expect(later).toEqual(['render', 'rendered', 'insert']);
  });
});
