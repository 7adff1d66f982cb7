import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export interface SelectOption {
  value: string;
  label: string;
  /** A second line in the menu: a reference id, a description. */
  hint?: string;
  /** Something to draw before the label (a colour swatch). */
  adornment?: ReactNode;
}

export type FormSelectFieldProps<T extends FieldValues, TT = T> = Omit<
  TextFieldProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'error' | 'select' | 'children'
> & {
  name: FieldPath<T>;
  control: Control<T, unknown, TT>;
  options: readonly SelectOption[];
  /** Offer "none" (stored as null) under this label; leave out for a required choice. */
  noneLabel?: string;
  /** The options are still loading: says so instead of an empty menu. */
  loading?: boolean;
  /** Why the options could not be loaded; the current value stays selectable. */
  loadError?: string;
  /** A label for a value that is not among the options (a deleted channel, a list that failed). */
  unknownLabel?: (value: string) => string;
};

/**
 * A choice among a few named things (channels, rooms, workflows) bound to a react-hook-form
 * field holding the chosen id, or null for none. A value missing from the options is still shown,
 * by `unknownLabel`, so the form never silently drops what the event refers to.
 *
 * @example
 * <FormSelectField control={form.control} name="RoomId" label="Room" noneLabel="No room"
 *   options={rooms.map((r) => ({ value: r.id, label: r.name }))} loading={roomsQuery.isPending} />
 */
export function FormSelectField<T extends FieldValues, TT = T>({
  name,
  control,
  options,
  noneLabel,
  loading,
  loadError,
  unknownLabel = (value) => `Unknown (${value})`,
  helperText,
  ...props
}: FormSelectFieldProps<T, TT>) {
  const { field, fieldState } = useController({ name, control });
  const value = field.value === null || field.value === undefined ? '' : String(field.value);
  const all = value && !options.some((o) => o.value === value) ? [{ value, label: unknownLabel(value) }, ...options] : options;
  const status = loading ? 'Loading the choices…' : loadError;
  return (
    <TextField
      {...props}
      select
      name={field.name}
      value={value}
      onChange={(event) => field.onChange(event.target.value === '' ? null : event.target.value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? status ?? helperText}
      slotProps={{
        ...props.slotProps,
        select: {
          displayEmpty: noneLabel !== undefined,
          renderValue: (selected: unknown) => {
            const option = all.find((o) => o.value === selected);
            if (!option) return <Typography component="span" sx={{ color: 'text.secondary' }}>{noneLabel ?? ''}</Typography>;
            return (
              <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
                {option.adornment}
                {option.label}
              </Box>
            );
          },
        },
        inputLabel: { shrink: noneLabel !== undefined || Boolean(value) ? true : undefined },
      }}
    >
      {noneLabel !== undefined && (
        <MenuItem value="">
          <Typography component="span" sx={{ color: 'text.secondary' }}>
            {noneLabel}
          </Typography>
        </MenuItem>
      )}
      {all.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
            {option.adornment}
            <Box sx={{ minWidth: 0 }}>
              <Typography component="span" sx={{ display: 'block' }} noWrap>
                {option.label}
              </Typography>
              {option.hint && (
                <Typography component="span" variant="caption" sx={{ display: 'block', color: 'text.secondary' }} noWrap>
                  {option.hint}
                </Typography>
              )}
            </Box>
          </Box>
        </MenuItem>
      ))}
    </TextField>
  );
}
