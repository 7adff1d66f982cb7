/** The one validation of client property values, field type by field type. */
import { describe, expect, it } from 'vitest';
import type { PropertyField } from '#schema';
import { validateValue, validateValues, withDefaults } from './fields.ts';
import { compileFormat } from './formats.ts';

const field = (over: Partial<PropertyField>): PropertyField => ({
  name: 'f',
  displayName: 'Field',
  type: 'TextField',
  category: 'c',
  key: 'k',
  defaultValue: '',
  required: false,
  ...over,
});

describe('required', () => {
  it('refuses a missing or blank value only when required', () => {
    expect(validateValue(field({ required: true }), undefined)).toBe('Field is required');
    expect(validateValue(field({ required: true }), '   ')).toBe('Field is required');
    expect(validateValue(field({ required: false }), '')).toBeUndefined();
    expect(validateValue(field({ required: true, displayName: '' }), '')).toBe('f is required');
  });
});

describe('text', () => {
  it('keeps a TextField to one line of at most 255 characters', () => {
    expect(validateValue(field({}), 'x'.repeat(255))).toBeUndefined();
    expect(validateValue(field({}), 'x'.repeat(256))).toBe('Field must have at most 255 characters');
    expect(validateValue(field({}), 'two\nlines')).toBe('Field must be a single line');
  });

  it('lets a TextArea hold lines, up to 4000 characters; type 1 is TextArea', () => {
    expect(validateValue(field({ type: 'TextArea' }), 'two\nlines')).toBeUndefined();
    expect(validateValue(field({ type: 1 }), 'x'.repeat(4001))).toBe('Field must have at most 4000 characters');
  });
});

describe('dates and times', () => {
  it('check a DateField against its format, real dates only', () => {
    const date = field({ type: 'DateField', additionalProperties: { dateFormat: 'dd/MM/yyyy' } });
    expect(validateValue(date, '29/02/2028')).toBeUndefined();
    expect(validateValue(date, '29/02/2026')).toBe('Field must be a date in the format dd/MM/yyyy (for example 15/01/2026)');
    expect(validateValue(date, '2026-01-15')).toBeDefined();
    expect(validateValue(date, '31/04/2026')).toBeDefined();
  });

  it('use yyyy-MM-dd and HH:mm when the field gives no format', () => {
    expect(validateValue(field({ type: 'DateField' }), '2026-01-15')).toBeUndefined();
    expect(validateValue(field({ type: 'DateField' }), '2026-13-01')).toBe('Field must be a date in the format yyyy-MM-dd (for example 2026-01-15)');
    expect(validateValue(field({ type: 'TimeField' }), '23:59')).toBeUndefined();
    expect(validateValue(field({ type: 'TimeField' }), '24:00')).toBe('Field must be a time in the format HH:mm (for example 14:30)');
  });

  it('check a TimeField against its format, 12-hour clocks included', () => {
    const time = field({ type: 'TimeField', additionalProperties: { timeFormat: 'h:mm tt' } });
    expect(validateValue(time, '7:05 PM')).toBeUndefined();
    expect(validateValue(time, '7:05 pm')).toBeUndefined();
    expect(validateValue(time, '13:05 PM')).toBeDefined();
    expect(validateValue(field({ type: 'TimeField', additionalProperties: { timeFormat: 'HH:mm:ss' } }), '18:30:00')).toBeUndefined();
  });

  it('read the formats people write', () => {
    expect(compileFormat("dddd, d MMMM yyyy 'at' HH:mm").matches('Thursday, 15 January 2026 at 14:30')).toBe(true);
    expect(compileFormat('MMM d, yy').matches('Feb 29, 28')).toBe(true);
    expect(compileFormat('YYYY-MM-DD').matches('2026-01-15')).toBe(true);
    expect(compileFormat('yyyy-MM-ddTHH:mm:ss.fffzzz').matches('2026-01-15T14:30:00.123+01:00')).toBe(true);
    expect(compileFormat('yyyy.MM.dd').matches('2026x01x15')).toBe(false);
    expect(compileFormat('dd/MM/yyyy').example).toBe('15/01/2026');
  });
});

describe('check boxes and select lists', () => {
  it('take true or false in any case', () => {
    const box = field({ type: 'CheckBox' });
    expect(validateValue(box, 'true')).toBeUndefined();
    expect(validateValue(box, 'FALSE')).toBeUndefined();
    expect(validateValue(box, 'yes')).toBe('Field must be true or false');
  });

  it('take one of the options, exactly', () => {
    const list = field({ type: 'SelectList', additionalProperties: { options: ['Worldwide', 'Europe'] } });
    expect(validateValue(list, 'Europe')).toBeUndefined();
    expect(validateValue(list, 'europe')).toBe('Field must be one of: Worldwide, Europe');
  });
});

describe('a set of values', () => {
  const fields = [
    field({ name: 'holder', displayName: 'Rights holder', required: true }),
    field({ name: 'rating', type: 'SelectList', defaultValue: 'U', additionalProperties: { options: ['U', 'PG'] }, key: 'rating' }),
    field({ name: 'territory', type: 'SelectList', required: true, defaultValue: 'Worldwide', additionalProperties: { options: ['Worldwide'] }, key: 't' }),
  ];

  it('reports every bad value and every unknown name', () => {
    expect(validateValues(fields, { rating: 'X', nope: '1' })).toEqual({
      nope: 'nope is not a property of the template',
      holder: 'Rights holder is required',
      rating: 'Field must be one of: U, PG',
      territory: 'Field is required',
    });
    expect(validateValues(fields, { holder: 'Ada', territory: 'Worldwide' })).toEqual({});
  });

  it('fills in the defaults of optional fields only', () => {
    expect(withDefaults(fields, { holder: 'Ada' })).toEqual({ holder: 'Ada', rating: 'U' });
    expect(withDefaults(fields, { rating: '' })).toEqual({ rating: '' });
  });
});
