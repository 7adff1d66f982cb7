import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { CopyButton } from '#components/copy-button.tsx';
import { FormSwitchField } from '#components/form/switch-field.tsx';
import { FormTextField } from '#components/form/text-field.tsx';
import { FIELD_LABELS } from './event-form-values.ts';
import { FormSection, fullWidth, type EventFormControl } from './form-section.tsx';

export const monospace = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 13 } as const;

export function AdvancedSection({ control, eventId }: { control: EventFormControl; eventId: string | null }) {
  return (
    <FormSection id="advanced" title="Advanced" description="For integrations: the task engine’s job description and the search index.">
      {eventId && (
        <Box sx={{ ...fullWidth, display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Event ID
          </Typography>
          <Typography variant="body2" sx={{ ...monospace, overflowWrap: 'anywhere' }}>
            {eventId}
          </Typography>
          <CopyButton text={eventId} what="the event ID" />
        </Box>
      )}
      <FormTextField
        control={control}
        name="TaskEngineJson"
        label={FIELD_LABELS.TaskEngineJson}
        multiline
        minRows={3}
        maxRows={16}
        sx={fullWidth}
        helperText="JSON text; leave empty for none."
        slotProps={{ htmlInput: { spellCheck: false, style: monospace } }}
      />
      <FormSwitchField control={control} name="RefreshIndex" label={FIELD_LABELS.RefreshIndex} description="Re-index the event for search when it is saved." />
    </FormSection>
  );
}
