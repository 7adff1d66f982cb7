/**
 * Client properties: the fields of a template (a property configuration) and the one validation
 * of a value against its field, which validating, adding and updating client properties all use.
 */
import {
  parseJsonText,
  PropertyConfigurationContentSchema,
  PropertyFieldType,
  type ClientProperty,
  type ClientPropertyValidation,
  type PropertyField,
} from '#schema';
import { compileFormat } from './formats.ts';

/** Used when a DateField or TimeField does not give its format. */
export const DEFAULT_DATE_FORMAT = 'yyyy-MM-dd';
export const DEFAULT_TIME_FORMAT = 'HH:mm';

/** Sensible bounds: one line of text for a text field, a few paragraphs for a text area. */
export const MAX_TEXT_FIELD = 255;
export const MAX_TEXT_AREA = 4000;

export type FieldTypeName = (typeof PropertyFieldType.names)[number];

export function typeOf(field: PropertyField): FieldTypeName | undefined {
  const parsed = PropertyFieldType.input.safeParse(field.type);
  return parsed.success ? PropertyFieldType.nameOf(parsed.data) : undefined;
}

/** The fields of a template's configurationJson, or the reasons it cannot be read. */
export function templateFields(configurationJson: string): { ok: true; fields: PropertyField[] } | { ok: false; messages: string[] } {
  const parsed = parseJsonText(PropertyConfigurationContentSchema, configurationJson);
  return parsed.success ? { ok: true, fields: parsed.data.configuration } : { ok: false, messages: parsed.messages };
}

const label = (field: PropertyField) => field.displayName.trim() || field.name;

/**
 * What is wrong with a value for a field, or undefined when it is valid. A missing or blank value
 * is valid unless the field is required. Type rules: TextField one line of at most 255
 * characters; TextArea at most 4000; DateField and TimeField in their format (yyyy-MM-dd and HH:mm
 * when none is given); CheckBox true or false (any case); SelectList one of its options, exactly.
 */
export function validateValue(field: PropertyField, value: string | undefined): string | undefined {
  const name = label(field);
  if (value === undefined || value.trim() === '') return field.required ? `${name} is required` : undefined;
  const options = field.additionalProperties ?? {};
  switch (typeOf(field)) {
    case 'TextField':
      if (/[\r\n]/.test(value)) return `${name} must be a single line`;
      if (value.length > MAX_TEXT_FIELD) return `${name} must have at most ${MAX_TEXT_FIELD} characters`;
      return undefined;
    case 'DateField': {
      const format = compileFormat(options.dateFormat?.trim() || DEFAULT_DATE_FORMAT);
      return format.matches(value) ? undefined : `${name} must be a date in the format ${format.format} (for example ${format.example})`;
    }
    case 'TimeField': {
      const format = compileFormat(options.timeFormat?.trim() || DEFAULT_TIME_FORMAT);
      return format.matches(value) ? undefined : `${name} must be a time in the format ${format.format} (for example ${format.example})`;
    }
    case 'CheckBox':
      return /^(true|false)$/i.test(value) ? undefined : `${name} must be true or false`;
    case 'SelectList': {
      const choices = options.options ?? [];
      return choices.includes(value) ? undefined : `${name} must be one of: ${choices.join(', ')}`;
    }
    default:
      // TextArea, and any type a newer template may carry: free text.
      return value.length > MAX_TEXT_AREA ? `${name} must have at most ${MAX_TEXT_AREA} characters` : undefined;
  }
}

/**
 * Validates a complete set of values (property name -> value) against a template's fields: every
 * field's value, and no name the template does not have. Answers name -> message; empty when valid.
 */
export function validateValues(fields: readonly PropertyField[], values: Readonly<Record<string, string>>): ClientPropertyValidation {
  const errors: ClientPropertyValidation = {};
  const known = new Set(fields.map((f) => f.name));
  for (const name of Object.keys(values)) {
    if (!known.has(name)) errors[name] = `${name} is not a property of the template`;
  }
  for (const field of fields) {
    const message = validateValue(field, Object.hasOwn(values, field.name) ? values[field.name] : undefined);
    if (message) errors[field.name] = message;
  }
  return errors;
}

/**
 * The values a template would be applied with: those given, plus the default of every field that
 * is not required and was not given (a required field must be given, default or not).
 */
export function withDefaults(fields: readonly PropertyField[], values: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = { ...values };
  for (const field of fields) {
    if (!field.required && !Object.hasOwn(values, field.name) && field.defaultValue) out[field.name] = field.defaultValue;
  }
  return out;
}

/** The value as stored: check boxes are kept as `true` / `false`, whatever case was sent. */
export function storedValue(field: PropertyField, value: string): string {
  return typeOf(field) === 'CheckBox' ? value.toLowerCase() : value;
}

export function toClientProperty(field: PropertyField, value: string): ClientProperty {
  return {
    name: field.name,
    displayName: field.displayName,
    type: field.type,
    category: field.category,
    key: field.key,
    defaultValue: field.defaultValue ?? null,
    value,
    required: field.required,
    ...(field.additionalProperties ? { additionalProperties: field.additionalProperties } : {}),
  };
}
