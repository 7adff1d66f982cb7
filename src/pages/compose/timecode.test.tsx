import { describe, expect, it } from 'vitest';
import {
  formatClock,
  formatTimeSpan,
  formatTimecode,
  isDateOrTime,
  isIsoDateTime,
  normalizeTimeSpan,
  normalizeTimecode,
  parseTimeSpan,
  parseTimecode,
  spokenDuration,
} from './timecode.ts';

describe('timecodes typed by operators', () => {
  it('read the service form hh:mm:ss.fff', () => {
    expect(parseTimecode('00:01:23.456')).toBe(83_456);
    expect(parseTimecode('01:00:00.000')).toBe(3_600_000);
    expect(parseTimecode('100:00:00')).toBe(360_000_000);
  });

  it('read shorter forms: h:mm:ss, mm:ss, seconds, a fraction of one or two digits', () => {
    expect(parseTimecode('1:02:03')).toBe(3_723_000);
    expect(parseTimecode('02:03')).toBe(123_000);
    expect(parseTimecode('90:00')).toBe(5_400_000);
    expect(parseTimecode('83.25')).toBe(83_250);
    expect(parseTimecode('0:00:01.5')).toBe(1_500);
    expect(parseTimecode(' 00:00:10 ')).toBe(10_000);
  });

  it('refuse what is not a time', () => {
    for (const text of ['', 'soon', '1:2:3', '00:60:00', '00:00:60', '00:00:10.1234', '1.2.3', '-00:00:01', '00:00:1', ':10', '10:']) {
      expect(parseTimecode(text), text).toBeNull();
    }
  });

  it('normalise to the form the service takes', () => {
    expect(normalizeTimecode('1:30')).toBe('00:01:30.000');
    expect(normalizeTimecode('2:00:00.5')).toBe('02:00:00.500');
    expect(normalizeTimecode('nope')).toBeNull();
    expect(formatTimecode(0)).toBe('00:00:00.000');
    expect(formatTimecode(-5)).toBe('00:00:00.000');
    expect(formatTimecode(359_999_999)).toBe('99:59:59.999');
  });
});

describe('time spans', () => {
  it('read the .NET forms, day part and fraction included', () => {
    expect(parseTimeSpan('00:42:10')).toBe(2_530_000);
    expect(parseTimeSpan('1.02:00:00')).toBe(26 * 3_600_000);
    expect(parseTimeSpan('00:00:30.5')).toBe(30_500);
    expect(parseTimeSpan('00:61:00')).toBeNull();
    expect(parseTimeSpan(null)).toBeNull();
    expect(parseTimeSpan('-00:00:10')).toBeNull();
  });

  it('write hh:mm:ss with a fraction only when there is one', () => {
    expect(formatTimeSpan(30_000)).toBe('00:00:30');
    expect(formatTimeSpan(30_500)).toBe('00:00:30.5');
    expect(formatTimeSpan(30_050)).toBe('00:00:30.05');
    expect(normalizeTimeSpan('30')).toBe('00:00:30');
    expect(normalizeTimeSpan('1:15')).toBe('00:01:15');
    expect(normalizeTimeSpan('x')).toBeNull();
  });
});

describe('display', () => {
  it('shows running times compactly and reads them out in words', () => {
    expect(formatClock(754_000)).toBe('12:34');
    expect(formatClock(3_723_900)).toBe('1:02:03');
    expect(formatClock(0)).toBe('0:00');
    expect(spokenDuration(3_723_000)).toBe('1 h 2 min 3 s');
    expect(spokenDuration(60_000)).toBe('1 min');
    expect(spokenDuration(0)).toBe('0 s');
  });
});

describe('DateOrTime', () => {
  it('is a time of two or more hour digits, or a full ISO date-time', () => {
    expect(isDateOrTime('00:01:00.000')).toBe(true);
    expect(isDateOrTime('00:01:00')).toBe(true);
    expect(isDateOrTime('1:00:00')).toBe(false);
    expect(isDateOrTime('2026-01-15T12:00:00Z')).toBe(true);
    expect(isDateOrTime('2026-01-15')).toBe(false);
    expect(isIsoDateTime('2026-02-30T12:00:00Z')).toBe(true); // Date.parse rolls over, as the service's parser would accept
    expect(isIsoDateTime('tomorrow')).toBe(false);
  });
});
