import { useMemo, useState } from 'react';
import { useController } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { Tooltip } from '#components/tooltip.tsx';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import type { DrmConfiguration } from '#schema';
import { FormSwitchField } from '#components/form/switch-field.tsx';
import { monospace } from './advanced-section.tsx';
import { emptyEntry, ENTRY_FIELDS, parseDrm, serializeDrm, type DrmEntry } from './drm.ts';
import { FIELD_LABELS } from './event-form-values.ts';
import { FormSection, fullWidth, type EventFormControl } from './form-section.tsx';

type ProviderChoice = '' | 'NONE' | 'THIRDPARTY';

/**
 * DrmJson as a form (provider, then CENC and FairPlay entries) with a switch to the raw JSON.
 * Both edit the same text field, which the schema validates; a setting the form cannot show
 * without losing something opens as JSON.
 */
export function DrmSection({ control }: { control: EventFormControl }) {
  const { field, fieldState } = useController({ name: 'DrmJson', control });
  const text = typeof field.value === 'string' ? field.value : '';
  const parsed = useMemo(() => parseDrm(text), [text]);
  const [rawChosen, setRawChosen] = useState(false);
  const raw = rawChosen || parsed.kind === 'raw';
  const config: DrmConfiguration | null = parsed.kind === 'structured' ? parsed.config : null;
  const provider: ProviderChoice = config ? (config.drm_provider as ProviderChoice) : '';
  const entries = config?.drm_data ?? [];

  const write = (next: DrmConfiguration | null) => field.onChange(next ? serializeDrm(next) : '');
  const setEntries = (next: DrmEntry[]) => write({ drm_provider: 'THIRDPARTY', drm_data: next });

  return (
    <FormSection id="drm" title="DRM" description="How the stream is protected: no DRM, or keys from a third-party DRM service.">
      <Box sx={{ ...fullWidth, display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography component="h3" variant="subtitle2">
          DRM setting
        </Typography>
        <FormControlLabel
          control={<Switch checked={raw} onChange={(event) => setRawChosen(event.target.checked)} disabled={parsed.kind === 'raw'} />}
          label="Edit as JSON"
        />
      </Box>

      {raw ? (
        <>
          {parsed.kind === 'raw' && (
            <Alert severity="info" sx={fullWidth}>
              {parsed.reason}
            </Alert>
          )}
          <TextField
            name={field.name}
            label="DRM JSON"
            value={text}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? 'For example {"drm_provider": "NONE"}. Leave empty for no DRM setting.'}
            multiline
            minRows={4}
            maxRows={20}
            sx={fullWidth}
            slotProps={{ htmlInput: { spellCheck: false, style: monospace } }}
          />
        </>
      ) : (
        <>
          <RadioGroup
            aria-label="DRM provider"
            value={provider}
            onChange={(event) => {
              const next = event.target.value as ProviderChoice;
              write(next === '' ? null : next === 'NONE' ? { drm_provider: 'NONE' } : { drm_provider: 'THIRDPARTY', drm_data: entries.length > 0 ? entries : [emptyEntry('CENC')] });
            }}
            sx={fullWidth}
          >
            <FormControlLabel value="" control={<Radio slotProps={{ input: { ref: field.ref } }} />} label="No DRM setting (the channel’s default)" />
            <FormControlLabel value="NONE" control={<Radio />} label="No DRM (NONE)" />
            <FormControlLabel value="THIRDPARTY" control={<Radio />} label="Third-party DRM (THIRDPARTY)" />
          </RadioGroup>
          {fieldState.error && (
            <Alert severity="error" sx={fullWidth}>
              {fieldState.error.message}
            </Alert>
          )}
          {provider === 'THIRDPARTY' && (
            <Stack spacing={2} sx={fullWidth}>
              {entries.map((entry, index) => (
                <DrmEntryEditor
                  key={index}
                  entry={entry}
                  index={index}
                  onChange={(next) => setEntries(entries.map((e, i) => (i === index ? next : e)))}
                  onRemove={() => setEntries(entries.filter((_, i) => i !== index))}
                />
              ))}
              {entries.length === 0 && (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  No DRM systems yet: add CENC (Widevine and PlayReady) and/or FairPlay.
                </Typography>
              )}
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
                <Button startIcon={<AddIcon />} variant="outlined" onClick={() => setEntries([...entries, emptyEntry('CENC')])}>
                  Add CENC
                </Button>
                <Button startIcon={<AddIcon />} variant="outlined" onClick={() => setEntries([...entries, emptyEntry('FAIRPLAY')])}>
                  Add FairPlay
                </Button>
              </Stack>
            </Stack>
          )}
        </>
      )}
      <FormSwitchField control={control} name="VodEnableDrm" label={FIELD_LABELS.VodEnableDrm} description="Protects the on-demand recording with the same DRM." />
    </FormSection>
  );
}

function DrmEntryEditor({ entry, index, onChange, onRemove }: { entry: DrmEntry; index: number; onChange: (next: DrmEntry) => void; onRemove: () => void }) {
  const title = entry.name === 'CENC' ? 'CENC (Widevine and PlayReady)' : 'FairPlay';
  const fields = ENTRY_FIELDS[entry.name];
  return (
    <Paper variant="outlined" component="fieldset" sx={{ p: 2, m: 0, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}>
        <Typography component="legend" variant="subtitle2" sx={{ float: 'left', p: 0 }}>
          {index + 1}. {title}
        </Typography>
        <Tooltip title="Remove">
          <IconButton aria-label={`Remove ${title} entry ${index + 1}`} onClick={onRemove} size="small">
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      <Box sx={{ clear: 'both', display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, gap: 2 }}>
        {fields.map(([key, label]) => (
          <TextField
            key={key}
            label={label}
            size="small"
            value={(entry as Record<string, string | undefined>)[key] ?? ''}
            onChange={(event) => onChange({ ...entry, [key]: event.target.value } as DrmEntry)}
            slotProps={{ htmlInput: { spellCheck: false, style: monospace } }}
          />
        ))}
      </Box>
    </Paper>
  );
}
