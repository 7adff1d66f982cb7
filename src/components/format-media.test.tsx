import { describe, expect, it } from 'vitest';
import { formatBytes, formatTimecode } from './format-media.ts';

describe('formatTimecode', () => {
  it('writes the service’s hh:mm:ss.fff, below zero as zero', () => {
    expect(formatTimecode(83_456)).toBe('00:01:23.456');
    expect(formatTimecode(-5)).toBe('00:00:00.000');
    expect(formatTimecode(359_999_999)).toBe('99:59:59.999');
  });
  it('shortens for people: tenths for a clip mark, milliseconds only where there are any', () => {
    expect(formatTimecode(20_049, 'tenths')).toBe('00:00:20.0');
    expect(formatTimecode(59_960, 'tenths')).toBe('00:01:00.0');
    expect(formatTimecode(3_600_000, 'when-any')).toBe('01:00:00');
    expect(formatTimecode(3_600_005, 'when-any')).toBe('01:00:00.005');
  });
});

describe('formatBytes', () => {
  it('writes decimal units as the service does, and nothing for an unknown size', () => {
    expect(formatBytes(950, 'en')).toBe('950 B');
    expect(formatBytes(190_600, 'en')).toBe('190.6 KB');
    expect(formatBytes(999_960, 'en')).toBe('1.0 MB');
    expect(formatBytes(null)).toBe('');
  });
});
