import { describe, expect, it } from 'vitest';
import { compileFormat, dateInputFits, fromDateInput, fromTimeInput, timeInputFits, toDateInput, toTimeInput } from './date-formats.ts';

describe('template date formats on a native date input', () => {
  it('read and write the template’s notation, real dates only', () => {
    const format = compileFormat('dd/MM/yyyy');
    expect(dateInputFits(format)).toBe(true);
    expect(toDateInput('16/05/2026', format)).toBe('2026-05-16');
    expect(fromDateInput('2026-05-16', format)).toBe('16/05/2026');
    expect(toDateInput('31/04/2026', format)).toBeUndefined();
    expect(toDateInput('', format)).toBe('');
    expect(fromDateInput('', format)).toBe('');
    const long = compileFormat("dddd d MMMM yyyy");
    expect(fromDateInput('2026-01-15', long)).toBe('Thursday 15 January 2026');
    expect(toDateInput('Thursday 15 January 2026', long)).toBe('2026-01-15');
  });

  it('leave formats a date input cannot stand for to a text field', () => {
    expect(dateInputFits(compileFormat('MM/yyyy'))).toBe(false);
    expect(dateInputFits(compileFormat('yyyy-MM-ddTHH:mm'))).toBe(false);
    expect(timeInputFits(compileFormat('HH:mm:ss.fff'))).toBe(false);
  });
});

describe('template time formats on a native time input', () => {
  it('convert 12-hour clocks and seconds', () => {
    const twelve = compileFormat('h:mm tt');
    expect(timeInputFits(twelve)).toBe(true);
    expect(toTimeInput('2:30 PM', twelve)).toBe('14:30');
    expect(toTimeInput('12:05 AM', twelve)).toBe('00:05');
    expect(fromTimeInput('14:30', twelve)).toBe('2:30 PM');
    expect(fromTimeInput('00:05', twelve)).toBe('12:05 AM');
    const seconds = compileFormat('HH:mm:ss');
    expect(toTimeInput('09:15:07', seconds)).toBe('09:15:07');
    expect(fromTimeInput('09:15', seconds)).toBe('09:15:00');
    expect(toTimeInput('24:00:00', seconds)).toBeUndefined();
  });
});
