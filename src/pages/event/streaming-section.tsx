import { useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { FormNumberField } from '#components/form/number-field.tsx';
import { FormTextField } from '#components/form/text-field.tsx';
import { FIELD_LABELS } from './event-form-values.ts';
import { FormSection, fullWidth, type EventFormControl } from './form-section.tsx';

export function StreamingSection({ control }: { control: EventFormControl }) {
  const thumbnail = useWatch({ control, name: 'Thumbnail' });
  const preview = typeof thumbnail === 'string' && /^(https?:\/\/|data:image\/)/i.test(thumbnail.trim()) ? thumbnail.trim() : null;
  return (
    <FormSection id="streaming" title="Streaming options" description="What players get: how far back viewers can rewind, which qualities, and the picture shown before playback.">
      <FormNumberField control={control} name="DvrLength" label={FIELD_LABELS.DvrLength} unit="seconds" helperText="How far back viewers can rewind a live stream." />
      <Box aria-hidden sx={{ display: { xs: 'none', md: 'block' } }} />
      <FormNumberField control={control} name="MinBitrate" label={FIELD_LABELS.MinBitrate} helperText="Lowest quality players may choose (added to the streaming URLs)." />
      <FormNumberField control={control} name="MaxBitrate" label={FIELD_LABELS.MaxBitrate} helperText="Highest quality players may choose." />
      <FormTextField
        control={control}
        name="AdditionalStreamingOptions"
        label={FIELD_LABELS.AdditionalStreamingOptions}
        sx={fullWidth}
        helperText="Streaming option flags, passed on as they are."
        slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' } } }}
      />
      <FormTextField control={control} name="Thumbnail" label={FIELD_LABELS.Thumbnail} sx={fullWidth} helperText="An image URL shown before playback." />
      {preview && (
        <Box sx={{ ...fullWidth, display: 'flex', gap: 1.5, alignItems: 'center' }}>
          <Box component="img" src={preview} alt="Thumbnail preview" sx={{ height: 72, maxWidth: 160, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider' }} />
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            Preview
          </Typography>
        </Box>
      )}
    </FormSection>
  );
}
