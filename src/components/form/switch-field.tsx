import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { useId } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export interface FormSwitchFieldProps<T extends FieldValues, TT = T> {
  name: FieldPath<T>;
  control: Control<T, unknown, TT>;
  label: string;
  /** What turning it on does, in a line under the label. */
  description?: ReactNode;
  disabled?: boolean;
}

/**
 * An on/off setting bound to a react-hook-form boolean field, with a line saying what it does.
 * An unset value (undefined) shows as off.
 *
 * @example
 * <FormSwitchField control={form.control} name="AutoStart" label="Start automatically" description="At the scheduled start." />
 */
export function FormSwitchField<T extends FieldValues, TT = T>({ name, control, label, description, disabled }: FormSwitchFieldProps<T, TT>) {
  const { field, fieldState } = useController({ name, control });
  const descriptionId = useId();
  const message = fieldState.error?.message;
  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            name={field.name}
            checked={Boolean(field.value)}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            disabled={disabled}
            slotProps={{ input: { ref: field.ref, 'aria-describedby': description || message ? descriptionId : undefined } }}
          />
        }
        label={label}
      />
      {(description || message) && (
        <FormHelperText id={descriptionId} error={Boolean(message)} sx={{ mt: -0.5, ml: 5.75 }}>
          {message ?? description}
        </FormHelperText>
      )}
    </Box>
  );
}
