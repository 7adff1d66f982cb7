import { useState } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export type FormNumberFieldProps<T extends FieldValues, TT = T> = Omit<TextFieldProps, 'name' | 'value' | 'defaultValue' | 'onChange' | 'error' | 'type'> & {
  name: FieldPath<T>;
  control: Control<T, unknown, TT>;
  /** Shown after the number: "seconds". */
  unit?: string;
};

const toText = (value: unknown) => (typeof value === 'number' ? String(value) : '');

/**
 * A whole number bound to a react-hook-form field: empty is `null` (not set), digits are a
 * number, anything else stays in the box as typed and is kept as text, so the schema reports it
 * ("expected a number") instead of the field silently dropping it.
 *
 * @example
 * <FormNumberField control={form.control} name="DvrLength" label="DVR window" unit="seconds" />
 */
export function FormNumberField<T extends FieldValues, TT = T>({ name, control, unit, helperText, slotProps, ...props }: FormNumberFieldProps<T, TT>) {
  const { field, fieldState } = useController({ name, control });
  const [text, setText] = useState(() => toText(field.value));
  const [seen, setSeen] = useState<unknown>(field.value);
  // Follow values set from outside (reset, discard) unless they are what the text already says.
  if (field.value !== seen) {
    setSeen(field.value);
    const outside = !(text.trim() === toText(field.value) || (typeof field.value === 'string' && text === field.value));
    if (outside) setText(toText(field.value));
  }
  return (
    <TextField
      {...props}
      name={field.name}
      value={text}
      inputMode="numeric"
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        const trimmed = next.trim();
        field.onChange(trimmed === '' ? null : /^-?\d+$/.test(trimmed) ? Number(trimmed) : trimmed);
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
      slotProps={{
        ...slotProps,
        htmlInput: { inputMode: 'numeric', ...(slotProps?.htmlInput as object) },
        input: unit ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } : undefined,
      }}
    />
  );
}
