import { describe, expect, it } from 'vitest';
import { endpoints, parseJsonText, PropertyConfigurationBody, PropertyConfigurationContentSchema, PropertyFieldType } from '#schema';

const field = (over: Record<string, unknown> = {}) => ({
  name: 'speaker',
  displayName: 'Speaker',
  type: 'TextField',
  category: 'meta',
  key: 'speaker',
  defaultValue: '',
  required: true,
  ...over,
});

describe('property configuration JSON', () => {
  it('accepts the documented shape, with the type as a name or a number', () => {
    const content = {
      configuration: [
        field(),
        field({ name: 'room', key: 'room', type: 5, additionalProperties: { options: ['A', 'B'] }, defaultValue: 'A' }),
        field({ name: 'day', key: 'day', type: 'DateField', additionalProperties: { dateFormat: 'yyyy-MM-dd' } }),
        field({ name: 'live', key: 'live', type: 'CheckBox', defaultValue: 'True', additionalProperties: null }),
      ],
    };
    const parsed = PropertyConfigurationContentSchema.parse(content);
    expect(parsed.configuration.map((f) => f.type)).toEqual(['TextField', 5, 'DateField', 'CheckBox']);
    expect(PropertyConfigurationBody.safeParse({ name: 'Talks', configurationJson: JSON.stringify(content) }).success).toBe(true);
  });

  it('defaults required to false and keeps unknown option keys', () => {
    const parsed = PropertyConfigurationContentSchema.parse({
      configuration: [{ ...field(), required: undefined, additionalProperties: { placeholder: 'Name' } }],
    });
    expect(parsed.configuration[0]).toMatchObject({ required: false, additionalProperties: { placeholder: 'Name' } });
  });

  it('rejects unknown field types', () => {
    expect(PropertyConfigurationContentSchema.safeParse({ configuration: [field({ type: 'Slider' })] }).success).toBe(false);
    expect(PropertyConfigurationContentSchema.safeParse({ configuration: [field({ type: 42 })] }).success).toBe(false);
    expect(PropertyFieldType.input.parse('selectlist')).toBe(5);
  });

  it('rejects duplicate names and duplicate (category, key) pairs', () => {
    const names = PropertyConfigurationContentSchema.safeParse({ configuration: [field(), field({ key: 'other' })] });
    expect(names.error?.issues.map((i) => i.path)).toEqual([['configuration', 1, 'name']]);
    const pairs = PropertyConfigurationContentSchema.safeParse({ configuration: [field(), field({ name: 'other' })] });
    expect(pairs.error?.issues.map((i) => i.path)).toEqual([['configuration', 1, 'key']]);
    // The same key in another category is another custom property.
    expect(PropertyConfigurationContentSchema.safeParse({ configuration: [field(), field({ name: 'b', category: 'other' })] }).success).toBe(true);
  });

  it('checks SelectList options and CheckBox defaults', () => {
    expect(PropertyConfigurationContentSchema.safeParse({ configuration: [field({ type: 'SelectList' })] }).success).toBe(false);
    expect(
      PropertyConfigurationContentSchema.safeParse({
        configuration: [field({ type: 'SelectList', additionalProperties: { options: ['A'] }, defaultValue: 'C' })],
      }).success,
    ).toBe(false);
    expect(PropertyConfigurationContentSchema.safeParse({ configuration: [field({ type: 'CheckBox', defaultValue: 'yes' })] }).success).toBe(false);
  });

  it('reports a bad configurationJson on the field, with the inner path in the message', () => {
    const body = PropertyConfigurationBody.safeParse({ name: 'Talks', configurationJson: '{"configuration": [{"name": ""}]}' });
    expect(body.success).toBe(false);
    expect(new Set(body.error?.issues.map((i) => i.path.join('.')))).toEqual(new Set(['configurationJson']));
    expect(body.error?.issues.map((i) => i.message)).toContain('configuration[0].displayName: Invalid input: expected string, received undefined');
    expect(PropertyConfigurationBody.safeParse({ name: 'Talks', configurationJson: 'configuration' }).success).toBe(false);
    expect(parseJsonText(PropertyConfigurationContentSchema, '{"configuration": []}')).toEqual({ success: true, data: { configuration: [] } });
  });

  it('answers 204 for a missing template and invalidates client properties on change', () => {
    expect(endpoints.propertyConfiguration.get.responses[204]).toBeNull();
    expect(endpoints.propertyConfiguration.update.invalidates).toContain('clientProperty');
    expect(Object.values(endpoints.propertyConfiguration).every((e) => e.extension)).toBe(true);
  });
});
