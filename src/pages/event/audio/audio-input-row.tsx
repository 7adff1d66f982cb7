/** One row of the audio inputs editor, with its cells: the language (a picker), the channel, the enabled switch. */
import { useController, type Control } from 'react-hook-form';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { Tooltip } from '#components/tooltip.tsx';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { MISSING_LANGUAGE, type AudioFormValues } from './audio-inputs.ts';
import { LanguagePicker } from './language-picker.tsx';
import { languageLabel } from './languages.ts';

interface CellProps {
  control: Control<AudioFormValues>;
  index: number;
  /** Checks every row again: a change in one may make or end a duplicate in another. */
  revalidate: () => void;
}

function LanguageCell({ control, index, revalidate }: CellProps) {
  const { field, fieldState, formState } = useController({ control, name: `AudioInputs.${index}.LanguageCode` });
  // A row just added is not told off for its missing language before the operator has been there.
  const message = fieldState.error?.message;
  const shown = message === MISSING_LANGUAGE && !fieldState.isTouched && formState.submitCount === 0 ? undefined : message;
  return (
    <LanguagePicker
      label="Language"
      ariaLabel={`Language of input ${index + 1}`}
      name={field.name}
      value={field.value}
      onChange={(code) => {
        field.onChange(code);
        revalidate();
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={shown}
    />
  );
}

function ChannelCell({ control, index, revalidate }: CellProps) {
  const { field, fieldState } = useController({ control, name: `AudioInputs.${index}.AudioChannel` });
  return (
    <TextField
      label="Audio channel"
      size="small"
      name={field.name}
      value={field.value}
      onChange={(e) => {
        field.onChange(e.target.value);
        revalidate();
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message}
      type="number"
      slotProps={{ htmlInput: { min: 0, step: 1, inputMode: 'numeric', 'aria-label': `Audio channel of input ${index + 1}` } }}
    />
  );
}

function EnabledCell({ control, index }: { control: Control<AudioFormValues>; index: number }) {
  const { field } = useController({ control, name: `AudioInputs.${index}.AudioEnabled` });
  return (
    <FormControlLabel
      label="Enabled"
      sx={{ mr: 0, mt: 0.5, whiteSpace: 'nowrap' }}
      control={
        <Switch
          checked={field.value}
          onChange={(e) => field.onChange(e.target.checked)}
          onBlur={field.onBlur}
          slotProps={{ input: { ref: field.ref, 'aria-label': `Input ${index + 1} enabled` } }}
        />
      }
    />
  );
}

export interface AudioInputRowProps {
  control: Control<AudioFormValues>;
  index: number;
  /** The row's language code as typed (its label names the row). */
  language: string | undefined;
  /** The row has a problem worth showing (drawn red). */
  error: boolean;
  revalidate: () => void;
  onRemove: () => void;
}

/** One input: its number, language, channel, enabled switch and Remove; red when it has a problem. */
export function AudioInputRow({ control, index, language, error, revalidate, onRemove }: AudioInputRowProps) {
  return (
    <Box
      component="li"
 
      aria-label={`Input ${index + 1}`}
      data-invalid={error ? 'true' : undefined}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr) 7.5rem', sm: '2rem minmax(0, 1fr) 9rem auto auto' },
        gridTemplateAreas: { xs: '"n n" "lang chan" "on del"', sm: '"n lang chan on del"' },
        alignItems: 'start',
        columnGap: 1.5,
        rowGap: 1,
        p: 1.5,
        border: 1,
        borderColor: error ? 'error.main' : 'divider',
        borderRadius: 1,
        bgcolor: error ? (theme) => (theme.palette.mode === 'dark' ? 'rgba(244, 67, 54, 0.08)' : 'rgba(211, 47, 47, 0.04)') : undefined,
      }}
    >
      <Typography
        aria-hidden
        sx={{ gridArea: 'n', color: 'text.secondary', fontVariantNumeric: 'tabular-nums', pt: { sm: 1 }, fontWeight: 600, fontSize: { xs: 13, sm: 14 } }}
      >
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {index + 1}
        </Box>
        <Box component="span" sx={{ display: { sm: 'none' } }}>
          Input {index + 1}
          {language ? ` · ${languageLabel(language)}` : ''}
        </Box>
      </Typography>
      <Box sx={{ gridArea: 'lang', minWidth: 0 }}>
        <LanguageCell control={control} index={index} revalidate={revalidate} />
      </Box>
      <Box sx={{ gridArea: 'chan' }}>
        <ChannelCell control={control} index={index} revalidate={revalidate} />
      </Box>
      <Box sx={{ gridArea: 'on' }}>
        <EnabledCell control={control} index={index} />
      </Box>
      <Box sx={{ gridArea: 'del', justifySelf: 'end' }}>
        <Tooltip title="Remove this input">
          <IconButton
            aria-label={`Remove input ${index + 1}${language ? ` (${languageLabel(language)})` : ''}`}
            onClick={onRemove}
          >
            <DeleteIcon />
          </IconButton>
        </Tooltip>
      </Box>
    </Box>
  );
}
