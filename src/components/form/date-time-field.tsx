import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Tooltip } from '../tooltip.tsx';
import ClearIcon from '@mui/icons-material/Clear';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { isoToLocalInput, localInputToIso } from './date-time.ts';

export type FormDateTimeFieldProps<T extends FieldValues, TT = T> = Omit<TextFieldProps, 'name' | 'value' | 'defaultValue' | 'onChange' | 'error' | 'type'> & {
  name: FieldPath<T>;
  control: Control<T, unknown, TT>;
};

/**
 * A date and time in the user's time zone, bound to a react-hook-form field that holds an ISO
 * 8601 date-time in UTC (as the service sends and takes it), or null when not set. A value the
 * user did not touch is kept exactly as the service sent it (seconds included). Say the time
 * zone once near the fields (`timeZoneLabel()`).
 *
 * @example
 * <FormDateTimeField control={form.control} name="ScheduledStart" label="Scheduled start" />
 */
export function FormDateTimeField<T extends FieldValues, TT = T>({ name, control, helperText, label, disabled, slotProps, ...props }: FormDateTimeFieldProps<T, TT>) {
  const { field, fieldState } = useController({ name, control });
  const text = isoToLocalInput(typeof field.value === 'string' ? field.value : null);
  return (
    <TextField
      {...props}
      type="datetime-local"
      label={label}
      disabled={disabled}
      name={field.name}
      value={text}
      onChange={(event) => {
        const next = event.target.value;
        if (next !== text) field.onChange(localInputToIso(next));
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
      slotProps={{
        ...slotProps,
        inputLabel: { shrink: true },
        input: {
          endAdornment:
            text && !disabled ? (
              <InputAdornment position="end">
                <Tooltip title="Clear">
                  <IconButton size="small" edge="end" aria-label={`Clear ${typeof label === 'string' ? label.toLowerCase() : 'the date'}`} onClick={() => field.onChange(null)}>
                    <ClearIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </InputAdornment>
            ) : undefined,
        },
      }}
    />
  );
}
