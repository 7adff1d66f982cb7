/**
 * The extra headers of a webhook as rows of name and value: add, remove, each checked as the
 * service checks additionalPropertiesJson (a name and a value of at least one character), and the
 * service's own refusals (a header it sets itself, a name listed twice) shown on the row.
 */
import { useFieldArray, useFormState, type Control } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import { Tooltip } from '#components/tooltip.tsx';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { FormTextField } from '#components/form/text-field.tsx';
import type { WebhookFormValues } from './webhook-form-values.ts';

export function HeadersEditor({ control }: { control: Control<WebhookFormValues> }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'headers' });
  const { errors } = useFormState({ control, name: 'headers' });
  const rootError = errors.headers?.root?.message ?? errors.headers?.message;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
        Extra headers
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        Sent with every call, e.g. a token the receiver checks. Each needs a name and a value.
      </Typography>
      {fields.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary', fontStyle: 'italic', mb: 1 }}>
          No extra headers.
        </Typography>
      )}
      <Box role="list" aria-label="Extra headers" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        {fields.map((field, index) => (
          <Box
            role="listitem"
            key={field.id}
            aria-label={`Header ${index + 1}`}
            sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr auto', sm: 'minmax(0, 2fr) minmax(0, 3fr) auto' }, gap: 1, alignItems: 'start' }}
          >
            <FormTextField control={control} name={`headers.${index}.name`} label="Name" size="small" required fullWidth slotProps={{ htmlInput: { spellCheck: false, autoComplete: 'off' } }} />
            <Box sx={{ gridColumn: { xs: '1 / 2', sm: 'auto' }, gridRow: { xs: 2, sm: 'auto' } }}>
              <FormTextField control={control} name={`headers.${index}.value`} label="Value" size="small" required fullWidth slotProps={{ htmlInput: { spellCheck: false, autoComplete: 'off' } }} />
            </Box>
            <Tooltip title="Remove this header">
              <IconButton aria-label={`Remove header ${index + 1}`} onClick={() => remove(index)} sx={{ mt: 0.25, gridColumn: { xs: 2, sm: 'auto' }, gridRow: { xs: 1, sm: 'auto' } }}>
                <DeleteIcon />
              </IconButton>
            </Tooltip>
          </Box>
        ))}
      </Box>
      {rootError && (
        <FormHelperText error role="alert" sx={{ mt: 1 }}>
          {String(rootError)}
        </FormHelperText>
      )}
      <Button startIcon={<AddIcon />} onClick={() => append({ name: '', value: '' })} sx={{ mt: 1 }}>
        Add header
      </Button>
    </Box>
  );
}
