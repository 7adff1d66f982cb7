/**
 * A template's fields as a form: which input each type gets, the form's values (one string per
 * field, in the template's own notation: `true`/`false` for a check box, the template's date and
 * time formats), and the checks the template itself states (required, the options of a select
 * list, the date and time formats). Everything else (lengths, one line...) is the service's to
 * say, through POST /clientproperty/validate/.
 */
import { z } from 'zod';
import { PropertyFieldType, type ClientProperty, type ClientPropertyValues } from '#schema';
import { compileFormat, DEFAULT_DATE_FORMAT, DEFAULT_TIME_FORMAT } from './date-formats.ts';

export type FieldKind = (typeof PropertyFieldType.names)[number] | 'Other';

/** The type of a field by name; a type this dashboard does not know is 'Other' (a text input). */
export function fieldKind(property: Pick<ClientProperty, 'type'>): FieldKind {
  const parsed = PropertyFieldType.input.safeParse(property.type);
  return (parsed.success ? PropertyFieldType.nameOf(parsed.data) : undefined) ?? 'Other';
}

/** What an operator is told each type is, for hints and tests. */
export const KIND_LABELS: Record<FieldKind, string> = {
  TextField: 'Text',
  TextArea: 'Text, several lines',
  DateField: 'Date',
  TimeField: 'Time',
  CheckBox: 'Yes or no',
  SelectList: 'Choice',
  Other: 'Text',
};

export const fieldLabel = (property: Pick<ClientProperty, 'displayName' | 'name'>) => property.displayName.trim() || property.name;

export function selectOptions(property: ClientProperty): string[] {
  const options = property.additionalProperties?.options;
  return Array.isArray(options) ? options.filter((o): o is string => typeof o === 'string') : [];
}

function stringOption(property: ClientProperty, key: string): string | undefined {
  const value = property.additionalProperties?.[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

export const dateFormatOf = (property: ClientProperty) => compileFormat(stringOption(property, 'dateFormat') ?? DEFAULT_DATE_FORMAT);
export const timeFormatOf = (property: ClientProperty) => compileFormat(stringOption(property, 'timeFormat') ?? DEFAULT_TIME_FORMAT);

/**
 * Form values are keyed by position (`f0`, `f1`...), not by the template's names: a name may hold
 * a dot or a bracket, which react-hook-form would read as a path.
 */
export type ClientPropertyFormValues = Record<string, string>;
export const formKey = (index: number) => `f${index}`;

/** The form's values: the event's values, or for a template not applied yet, its defaults. */
export function formValuesOf(properties: readonly ClientProperty[], { withDefaults }: { withDefaults: boolean }): ClientPropertyFormValues {
  const values: ClientPropertyFormValues = {};
  properties.forEach((p, i) => {
    const value = withDefaults && p.value === '' ? (p.defaultValue ?? '') : p.value;
    // A check box is always yes or no: an unset one shows (and is saved) as no.
    values[formKey(i)] = fieldKind(p) === 'CheckBox' ? (value.toLowerCase() === 'true' ? 'true' : 'false') : value;
  });
  return values;
}

/** The values dictionary the service takes, from the form's values (only `keys` when given). */
export function toServiceValues(properties: readonly ClientProperty[], values: ClientPropertyFormValues, keys?: readonly string[]): ClientPropertyValues {
  const out: ClientPropertyValues = {};
  properties.forEach((p, i) => {
    const key = formKey(i);
    if (keys && !keys.includes(key)) return;
    out[p.name] = values[key] ?? '';
  });
  return out;
}

/** The form key of a property name (what the service names in its messages), if the template has it. */
export function keyOfName(properties: readonly ClientProperty[], name: string): string | undefined {
  const index = properties.findIndex((p) => p.name === name);
  return index === -1 ? undefined : formKey(index);
}

/**
 * What the template says about a value, in the service's words; undefined when it is fine by the
 * template (the service may still refuse it).
 */
export function templateCheck(property: ClientProperty, value: string): string | undefined {
  const label = fieldLabel(property);
  if (value.trim() === '') return property.required ? `${label} is required` : undefined;
  switch (fieldKind(property)) {
    case 'DateField': {
      const format = dateFormatOf(property);
      return format.matches(value) ? undefined : `${label} must be a date in the format ${format.format} (for example ${format.example})`;
    }
    case 'TimeField': {
      const format = timeFormatOf(property);
      return format.matches(value) ? undefined : `${label} must be a time in the format ${format.format} (for example ${format.example})`;
    }
    case 'CheckBox':
      return /^(true|false)$/i.test(value) ? undefined : `${label} must be true or false`;
    case 'SelectList': {
      const options = selectOptions(property);
      return options.includes(value) ? undefined : `${label} must be one of: ${options.join(', ')}`;
    }
    default:
      return undefined;
  }
}

/** The form's zod schema, generated from the template: what zodResolver checks before anything is sent. */
export function templateSchema(properties: readonly ClientProperty[]) {
  return z.object(
    Object.fromEntries(
      properties.map((p, i) => [
        formKey(i),
        z.string().superRefine((value, ctx) => {
          const message = templateCheck(p, value);
          if (message) ctx.addIssue({ code: 'custom', message });
        }),
      ]),
    ),
  );
}

/** The service's field names in a 400 (`body.values.rightsHolder`) as property names. */
export function propertyNameOfField(field: string): string | undefined {
  const match = /^(?:body\.)?values\.(.+)$/.exec(field);
  return match?.[1];
}
