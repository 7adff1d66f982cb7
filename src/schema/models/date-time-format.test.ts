import { describe, expect, it } from 'vitest';
import { compileFormat } from './date-time-format.ts';

describe('template date and time formats, read once for the service and the dashboard', () => {
  it('read the parts of a value, real dates only', () => {
    expect(compileFormat('dd/MM/yyyy').parse('16/05/2026')).toEqual({ year: 2026, month: 5, day: 16 });
    expect(compileFormat('dd/MM/yyyy').parse('31/04/2026')).toBeUndefined();
    expect(compileFormat('h:mm tt').parse('12:05 AM')).toEqual({ hour: 0, minute: 5 });
    expect(compileFormat('h:mm tt').parse('2:30 pm')).toEqual({ hour: 14, minute: 30 });
    expect(compileFormat('dd/MM').matches('29/02')).toBe(true);
    expect(compileFormat('HH:mm').matches(' 14:30')).toBe(false);
  });

  it('take fractions and offsets, which the dashboard used to refuse while the service took them', () => {
    const format = compileFormat('yyyy-MM-ddTHH:mm:ss.fffzzz');
    expect(format.matches('2026-01-15T14:30:00.123+01:00')).toBe(true);
    expect(format.matches('2026-01-15T14:30:00.123+15:00')).toBe(false);
    expect(format.example).toBe('2026-01-15T14:30:00.000+00:00');
    expect([...format.has].sort()).toEqual(['H', 'M', 'd', 'f', 'm', 's', 'y', 'z']);
  });

  it('write values and examples in the template’s notation', () => {
    expect(compileFormat("dddd, d MMMM yyyy 'at' HH:mm").example).toBe('Thursday, 15 January 2026 at 14:30');
    expect(compileFormat('MMM d, yy').write({ year: 2028, month: 2, day: 29, hour: 0, minute: 0, second: 0 })).toBe('Feb 29, 28');
    expect(compileFormat('YYYY-MM-DD').example).toBe('2026-01-15');
    expect(compileFormat('h:mm a').example).toBe('2:30 PM');
  });
});
