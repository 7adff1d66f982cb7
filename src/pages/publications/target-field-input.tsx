/** One field of a target's publication form (public-facts: the targets' fields), as the input its type calls for. */
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Ref } from 'react';
import type { TargetField } from '#schema';

interface FieldInputProps {
  field: TargetField;
  value: unknown;
  error?: string;
  onChange: (v: unknown) => void;
  /** The input element, for the form to focus the field the service refused. */
  inputRef?: Ref<HTMLInputElement>;
}

export function FieldInput({ field, value, error, onChange, inputRef }: FieldInputProps) {
  const common = { label: field.label, error: Boolean(error), helperText: error ?? field.help, required: field.required && !field.suppliedByDestination, fullWidth: true, size: 'small' as const, inputRef };
  switch (field.type) {
    case 'boolean':
      return <FormControlLabel control={<Checkbox slotProps={{ input: { ref: inputRef } }} checked={value === true} onChange={(e) => onChange(e.target.checked)} />} label={field.label} />;
    case 'select':
      return (
        <TextField select {...common} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.target.value)}>
          <MenuItem value="">Default</MenuItem>
          {(field.options ?? []).map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      );
    case 'datetime':
      return (
        <TextField
          {...common}
          type="datetime-local"
          value={typeof value === 'string' && value ? toLocal(value) : ''}
          onChange={(e) => onChange(e.target.value ? new Date(e.target.value).toISOString() : '')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      );
    case 'urls':
      return (
        <TextField
          {...common}
          value={Array.isArray(value) ? value.join('\n') : ''}
          onChange={(e) => onChange(e.target.value.split('\n').map((s) => s.trim()).filter(Boolean))}
          multiline
          minRows={1}
          helperText={error ?? `${field.help ? `${field.help}. ` : ''}One URL per line.`}
        />
      );
    default:
      return (
        <TextField
          {...common}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
          multiline={field.type === 'textarea'}
          minRows={field.type === 'textarea' ? 2 : undefined}
          slotProps={{ htmlInput: field.maxLength ? { maxLength: field.maxLength } : {} }}
        />
      );
  }
}

function toLocal(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
