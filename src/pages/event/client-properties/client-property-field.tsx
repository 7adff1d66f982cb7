/**
 * One field of a template as the input its type calls for: TextField a line of text, TextArea
 * several lines, DateField a date input, TimeField a time input, CheckBox a check box, SelectList
 * a choice among its options; a type this dashboard does not know is a line of text. The value
 * stays in the template's notation (its date and time formats, `true`/`false`).
 */
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useController, type Control } from 'react-hook-form';
import type { ClientProperty } from '#schema';
import {
  dateInputFits,
  fromDateInput,
  fromTimeInput,
  timeInputFits,
  toDateInput,
  toTimeInput,
  type CompiledFormat,
} from './date-formats.ts';
import { dateFormatOf, fieldKind, fieldLabel, selectOptions, timeFormatOf, type ClientPropertyFormValues } from './fields.ts';

export interface ClientPropertyFieldProps {
  property: ClientProperty;
  /** The form key (`f0`...). */
  name: string;
  control: Control<ClientPropertyFormValues>;
  /** The service's message for this value (POST /clientproperty/validate/), shown when the form has none. */
  serviceMessage?: string;
  /** Read only: the key may not change client properties. */
  disabled?: boolean;
}

function formatHint(format: CompiledFormat, kind: 'date' | 'time', native: boolean): string | undefined {
  const iso = kind === 'date' ? 'yyyy-MM-dd' : 'HH:mm';
  if (native) return format.format === iso ? undefined : `Saved as ${format.format}, e.g. ${format.example}`;
  return `Format ${format.format}, e.g. ${format.example}`;
}

export function ClientPropertyField({ property, name, control, serviceMessage, disabled = false }: ClientPropertyFieldProps) {
  const { field, fieldState } = useController({ name, control });
  const value = typeof field.value === 'string' ? field.value : '';
  const label = fieldLabel(property);
  const kind = fieldKind(property);
  const message = fieldState.error?.message ?? serviceMessage;
  const invalid = Boolean(message);
  const common = {
    name: field.name,
    label,
    required: property.required,
    onBlur: field.onBlur,
    inputRef: field.ref,
    error: invalid,
    fullWidth: true,
    disabled,
    'data-field-type': kind,
  } as const;
  const helper = (hint?: string) => message ?? hint;
  const defaultHint = property.defaultValue ? `Default: ${property.defaultValue}` : undefined;

  switch (kind) {
    case 'TextArea':
      return (
        <TextField
          {...common}
          multiline
          minRows={3}
          maxRows={12}
          value={value}
          onChange={(e) => field.onChange(e.target.value)}
          helperText={helper(defaultHint)}
          sx={{ gridColumn: '1 / -1' }}
        />
      );

    case 'DateField':
    case 'TimeField': {
      const isDate = kind === 'DateField';
      const format = isDate ? dateFormatOf(property) : timeFormatOf(property);
      const inputValue = isDate ? toDateInput(value, format) : toTimeInput(value, format);
      // A native input when the format maps onto it and the value reads in it; otherwise text, so nothing is lost.
      const native = (isDate ? dateInputFits(format) : timeInputFits(format)) && inputValue !== undefined;
      if (!native) {
        return (
          <TextField
            {...common}
            value={value}
            placeholder={format.format}
            onChange={(e) => field.onChange(e.target.value)}
            helperText={helper(formatHint(format, isDate ? 'date' : 'time', false))}
          />
        );
      }
      return (
        <TextField
          {...common}
          type={isDate ? 'date' : 'time'}
          value={inputValue}
          onChange={(e) => field.onChange(isDate ? fromDateInput(e.target.value, format) : fromTimeInput(e.target.value, format))}
          helperText={helper(formatHint(format, isDate ? 'date' : 'time', true) ?? defaultHint)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: !isDate && format.has.has('s') ? { step: 1 } : undefined }}
        />
      );
    }

    case 'CheckBox': {
      const helperId = `${name}-helper`;
      const hint = helper(property.required ? 'Required: saved as yes or no' : undefined);
      return (
        <FormControl error={invalid} disabled={disabled} data-field-type={kind} sx={{ justifyContent: 'center' }}>
          <FormControlLabel
            label={label}
            control={
              <Checkbox
                name={field.name}
                checked={value.toLowerCase() === 'true'}
                onChange={(e) => field.onChange(e.target.checked ? 'true' : 'false')}
                onBlur={field.onBlur}
                slotProps={{ input: { ref: field.ref, 'aria-describedby': hint ? helperId : undefined, 'aria-invalid': invalid || undefined } }}
              />
            }
          />
          {hint && <FormHelperText id={helperId}>{hint}</FormHelperText>}
        </FormControl>
      );
    }

    case 'SelectList': {
      const options = selectOptions(property);
      const unknown = value !== '' && !options.includes(value);
      return (
        <TextField
          {...common}
          select
          value={value}
          onChange={(e) => field.onChange(e.target.value)}
          helperText={helper(defaultHint)}
          slotProps={{ select: { displayEmpty: !property.required }, inputLabel: { shrink: !property.required || value !== '' ? true : undefined } }}
        >
          {!property.required && (
            <MenuItem value="">
              <Typography component="span" sx={{ color: 'text.secondary' }}>
                None
              </Typography>
            </MenuItem>
          )}
          {unknown && (
            <MenuItem value={value}>
              <Box component="span" sx={{ color: 'error.main' }}>
                {value} (not an option)
              </Box>
            </MenuItem>
          )}
          {options.map((option) => (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ))}
        </TextField>
      );
    }

    default:
      return <TextField {...common} value={value} onChange={(e) => field.onChange(e.target.value)} helperText={helper(defaultHint)} />;
  }
}
