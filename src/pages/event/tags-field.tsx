import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useController } from 'react-hook-form';
import type { TagModelBody } from '#schema';
import type { EventFormControl } from './form-section.tsx';

/**
 * The event's tags: pick existing ones or type new names (Enter or comma adds one). Existing
 * tags go to the service by id and name, new ones by name (the service reuses a tag of that name).
 */
export function TagsField({ control, known, loading }: { control: EventFormControl; known: readonly { id: string; name: string }[]; loading: boolean }) {
  const { field, fieldState } = useController({ name: 'Tags', control });
  const value: TagModelBody[] = Array.isArray(field.value) ? field.value : [];
  const error = fieldState.error;
  // An array field's errors sit on its items (`Tags.2.name`); say the first.
  const nested = Array.isArray(error) ? (error as ({ name?: { message?: string } } | undefined)[]).find(Boolean)?.name?.message : undefined;
  const message = error?.message ?? nested;
  return (
    <Autocomplete
      multiple
      freeSolo
      autoSelect
      options={known.map((t) => t.name)}
      loading={loading}
      value={value.map((t) => t.name)}
      onChange={(_event, names) => {
        const unique = [...new Set(names.flatMap((n) => n.split(',')).map((n) => n.trim()).filter(Boolean))];
        field.onChange(
          unique.map((name) => {
            const existing = value.find((t) => t.name === name) ?? known.find((t) => t.name.toLowerCase() === name.toLowerCase());
            return existing?.id ? { id: existing.id, name: existing.name } : { name };
          }),
        );
      }}
      onBlur={field.onBlur}
      renderValue={(names, getItemProps) =>
        names.map((name, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={name} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          label="Tags"
          placeholder={value.length === 0 ? 'Add tags' : undefined}
          error={Boolean(message)}
          helperText={message ?? 'Choose tags or type a new one and press Enter.'}
        />
      )}
    />
  );
}
