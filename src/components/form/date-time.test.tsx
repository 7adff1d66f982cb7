import { describe, expect, it } from 'vitest';
import { isoToLocalInput, localInputToIso, utcOffsetLabel } from './date-time.ts';

// The test process's time zone is whatever the machine has; these hold in any zone.
describe('date-times between the service and datetime-local inputs', () => {
  it('round-trips a UTC time through the local wall clock, to the minute', () => {
    const iso = '2026-03-12T13:30:00.000Z';
    const local = isoToLocalInput(iso);
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(localInputToIso(local)).toBe(iso);
  });

  it('reads a time without an offset as UTC, as the service means it', () => {
    expect(localInputToIso(isoToLocalInput('2026-03-12T13:30:00'))).toBe('2026-03-12T13:30:00.000Z');
  });

  it('treats empty and unreadable input as no date', () => {
    expect(isoToLocalInput(null)).toBe('');
    expect(isoToLocalInput('not a date')).toBe('');
    expect(localInputToIso('')).toBeNull();
    expect(localInputToIso('2026-13-45T99:99')).toBeNull();
  });

  it('labels the offset', () => {
    expect(utcOffsetLabel()).toMatch(/^UTC[+−]\d{2}:\d{2}$/);
  });
});
