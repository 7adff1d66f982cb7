import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export type FormTextFieldProps<T extends FieldValues, TT = T> = Omit<TextFieldProps, 'name' | 'value' | 'defaultValue' | 'onChange' | 'error'> & {
  name: FieldPath<T>;
  control: Control<T, unknown, TT>;
};

/**
 * A text field bound to a react-hook-form field: the value, the error text (the form's or the
 * service's, under the field) and the focus target for "go to the first error".
 * A null value shows as empty; what the user types is kept as text (`''` when cleared).
 *
 * @example
 * <FormTextField control={form.control} name="Title" label="Title" required />
 */
export function FormTextField<T extends FieldValues, TT = T>({ name, control, helperText, ...props }: FormTextFieldProps<T, TT>) {
  const { field, fieldState } = useController({ name, control });
  return (
    <TextField
      {...props}
      name={field.name}
      value={field.value ?? ''}
      onChange={(event) => field.onChange(event.target.value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
    />
  );
}
