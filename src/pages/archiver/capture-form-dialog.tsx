/**
 * Adding or editing a capture, in a dialog: its id (fixed once made), the publishing points it
 * records (picked from the channels' encoders, or typed), when it starts and ends, whether it
 * records, how long content is kept, and the key to decrypt the source (KID:CEK). Checked by the
 * schema module's CaptureBody before sending; the service's 400s land on their fields.
 */
import { useMemo } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ArchiverId, ChannelConfigurationSchema, KidCek, parseJsonText, type Capture, type CaptureBody } from '#schema';
import { api } from '#app/api.ts';
import { notify } from '#app/notifications.tsx';
import { ActionDialog } from '#components/action-dialog.tsx';
import { useFormSubmit } from '#components/form/use-form-submit.ts';
import { FormDateTimeField } from '#components/form/date-time-field.tsx';
import { FormNumberField } from '#components/form/number-field.tsx';
import { FormSwitchField } from '#components/form/switch-field.tsx';
import { FormTextField } from '#components/form/text-field.tsx';

export const CaptureFormSchema = z
  .object({
    id: ArchiverId,
    startTime: z.string().nullable(),
    endTime: z.string().nullable(),
    active: z.boolean(),
    decryptKey: z.union([z.literal(''), KidCek]),
    expiresIn: z.number().int().min(0, 'Must be 0 or more').nullable(),
    publishingPoints: z.array(z.string().trim().min(1)).min(1, 'Pick or type at least one publishing point'),
  })
  .refine((v) => !v.startTime || !v.endTime || new Date(v.endTime) > new Date(v.startTime), { path: ['endTime'], message: 'Must be after the start' });
export type CaptureFormValues = z.infer<typeof CaptureFormSchema>;

export function captureToFormValues(capture: Capture | null): CaptureFormValues {
  if (!capture) return { id: '', startTime: null, endTime: null, active: true, decryptKey: '', expiresIn: 7 * 86_400, publishingPoints: [] };
  return { ...capture, decryptKey: capture.decryptKey ?? '' };
}

export function formToCaptureBody(values: CaptureFormValues): CaptureBody {
  return { ...values, decryptKey: values.decryptKey === '' ? null : values.decryptKey };
}

const resolver = zodResolver(CaptureFormSchema) as unknown as Resolver<CaptureFormValues>;

interface PointOption {
  url: string;
  label: string;
}

/** The publishing points of the client's channels, for the picker. */
function usePointOptions(): PointOption[] {
  const channels = useQuery(api.channel.list.queryOptions({ query: {} }));
  return useMemo(() => {
    const options: PointOption[] = [];
    for (const channel of channels.data ?? []) {
      const parsed = parseJsonText(ChannelConfigurationSchema, channel.configurationJson);
      if (!parsed.success) continue;
      parsed.data.encoders.forEach((encoder, i) => {
        const server = encoder.streamingServer;
        options.push({ url: server.primaryPublishingPoint, label: `${channel.name} · encoder ${i + 1} primary` });
        if (server.secondaryPublishingPoint) options.push({ url: server.secondaryPublishingPoint, label: `${channel.name} · encoder ${i + 1} secondary` });
      });
    }
    return options;
  }, [channels.data]);
}

export interface CaptureFormDialogProps {
  open: boolean;
  capture: Capture | null;
  onClose(): void;
  onSaved(capture: Capture): void;
}

export function CaptureFormDialog(props: CaptureFormDialogProps) {
  return props.open ? <CaptureForm {...props} /> : null;
}

function CaptureForm({ capture, onClose, onSaved }: CaptureFormDialogProps) {
  const creating = capture === null;
  const form = useForm<CaptureFormValues>({ resolver, defaultValues: captureToFormValues(capture), mode: 'onSubmit', reValidateMode: 'onChange' });
  const { control } = form;
  const options = usePointOptions();
  const create = useMutation(api.archiverCapture.create.mutationOptions());
  const update = useMutation(api.archiverCapture.update.mutationOptions());
  const labelOf = (url: string) => options.find((o) => o.url === url)?.label;

  const submit = useFormSubmit(
    form,
    async (values) => {
      const body = formToCaptureBody(values);
      const saved = capture ? await update.mutateAsync({ params: { id: capture.id }, body }) : await create.mutateAsync({ body });
      notify(creating ? `Added the capture ${saved.id}` : `Saved the capture ${saved.id}`, { severity: 'success' });
      onSaved(saved);
    },
    { names: ['id', 'startTime', 'endTime', 'active', 'decryptKey', 'expiresIn', 'publishingPoints'], conflict: { name: 'id', message: 'A capture with this id exists already' } },
  );

  return (
    <ActionDialog
      title={creating ? 'Add a capture' : `Edit the capture ${capture.id}`}
      actionLabel={creating ? 'Add capture' : 'Save'}
      {...submit}
      onClose={onClose}
      long
    >
      <Stack spacing={2.5}>
        <FormTextField
          control={control}
          name="id"
          label="Id"
          required
          fullWidth
          autoFocus={creating}
          disabled={!creating}
          helperText={creating ? 'Letters, digits and underscores, e.g. main_stage_catchup. Fixed once added.' : 'The id of a capture does not change.'}
          slotProps={{ htmlInput: { spellCheck: false, autoComplete: 'off' } }}
        />
        <Controller
          control={control}
          name="publishingPoints"
          render={({ field, fieldState }) => (
            <Autocomplete
              multiple
              freeSolo
              options={options.map((o) => o.url)}
              value={field.value}
              onChange={(_e, value) => field.onChange(value.map((v) => v.trim()).filter(Boolean))}
              onBlur={field.onBlur}
              getOptionLabel={(url) => labelOf(url) ?? url}
              renderOption={(props, url) => {
                const { key, ...rest } = props as typeof props & { key: string };
                return (
                  <Box component="li" key={key} {...rest} sx={{ display: 'block !important' }}>
                    <Box>{labelOf(url) ?? url}</Box>
                    <Box sx={{ typography: 'caption', color: 'text.secondary', wordBreak: 'break-all' }}>{url}</Box>
                  </Box>
                );
              }}
              renderValue={(value, getItemProps) =>
                value.map((url, index) => {
                  const { key, ...itemProps } = getItemProps({ index });
                  return <Chip key={key} size="small" label={labelOf(url) ?? url} title={url} {...itemProps} />;
                })
              }
              renderInput={(params) => (
                <TextField
                  {...params}
                  inputRef={field.ref}
                  label="Publishing points"
                  required
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message ?? 'What the capture records: a channel’s publishing points (pick), or any URL (type, then Enter).'}
                />
              )}
            />
          )}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormDateTimeField control={control} name="startTime" label="Start" fullWidth helperText="Empty: now" />
          <FormDateTimeField control={control} name="endTime" label="End" fullWidth helperText="Empty: records until stopped" />
        </Stack>
        <FormSwitchField control={control} name="active" label="Recording" description="An inactive capture keeps its content but records nothing." />
        <FormNumberField control={control} name="expiresIn" label="Keep content for" unit="seconds" fullWidth helperText="Content older than this is removed. Empty: kept for ever. 604800 is a week." />
        <FormTextField
          control={control}
          name="decryptKey"
          label="Decrypt key"
          fullWidth
          placeholder="KID:CEK"
          helperText="For an encrypted source: key id and content key, 32 hexadecimal digits each, separated by a colon."
          slotProps={{ htmlInput: { spellCheck: false, autoComplete: 'off' } }}
        />
      </Stack>
    </ActionDialog>
  );
}
