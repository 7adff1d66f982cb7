/** The dialog that creates or edits a playout profile: its form (schema, values from a profile, the service's 400 on the fields). */
import { Controller, useFieldArray, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { ArchiverId, KidCek, playoutProfileToBody, type PlayoutProfile, type PlayoutProfileBody } from '#schema';
import { api } from '#app/api.ts';
import { notify } from '#app/notifications.tsx';
import { ActionDialog } from '#components/action-dialog.tsx';
import { useFormSubmit } from '#components/form/use-form-submit.ts';
import { FormNumberField } from '#components/form/number-field.tsx';
import { FormTextField } from '#components/form/text-field.tsx';

const optional = z.string().trim().transform((v) => (v === '' ? null : v));

export const ProfileFormSchema = z.object({
  id: ArchiverId,
  expiresIn: z.number().int().min(0, 'Must be 0 or more').nullable(),
  key: z.union([z.literal(''), KidCek]).transform((v) => (v === '' ? null : v)),
  issKeyIv: optional,
  issLicenseUrl: optional,
  widevineDrmData: optional,
  widevineLicenseUrl: optional,
  aesKey: optional,
  aesKeyIv: optional,
  aesLicenseUrl: optional,
  captures: z.array(z.object({ captureId: ArchiverId, liveRedirectUrl: optional })),
});
export type ProfileFormInput = z.input<typeof ProfileFormSchema>;
export type ProfileFormOutput = z.output<typeof ProfileFormSchema>;

export function profileToFormValues(profile: PlayoutProfile | null): ProfileFormInput {
  const body: PlayoutProfileBody = profile
    ? playoutProfileToBody(profile)
    : { id: '', expiresIn: 86_400, key: null, issKeyIv: null, issLicenseUrl: null, widevineDrmData: null, widevineLicenseUrl: null, aesKey: null, aesKeyIv: null, aesLicenseUrl: null, captures: [] };
  const text = (v: string | null | undefined) => v ?? '';
  return {
    id: body.id,
    expiresIn: body.expiresIn ?? null,
    key: text(body.key),
    issKeyIv: text(body.issKeyIv),
    issLicenseUrl: text(body.issLicenseUrl),
    widevineDrmData: text(body.widevineDrmData),
    widevineLicenseUrl: text(body.widevineLicenseUrl),
    aesKey: text(body.aesKey),
    aesKeyIv: text(body.aesKeyIv),
    aesLicenseUrl: text(body.aesLicenseUrl),
    captures: body.captures.map((c) => ({ captureId: c.captureId, liveRedirectUrl: text(c.liveRedirectUrl) })),
  };
}

const resolver = zodResolver(ProfileFormSchema) as unknown as Resolver<ProfileFormInput, unknown, ProfileFormOutput>;

export function ProfileFormDialog({ open, profile, onClose }: { open: boolean; profile: PlayoutProfile | null; onClose(): void }) {
  return open ? <ProfileForm profile={profile} onClose={onClose} /> : null;
}

function ProfileForm({ profile, onClose }: { profile: PlayoutProfile | null; onClose(): void }) {
  const creating = profile === null;
  const form = useForm<ProfileFormInput, unknown, ProfileFormOutput>({ resolver, defaultValues: profileToFormValues(profile) });
  const { control } = form;
  const captures = useFieldArray({ control, name: 'captures' });
  const picked = useWatch({ control, name: 'captures' });
  const captureIds = useQuery(api.archiverCapture.list.queryOptions({ query: { onlyIds: true } }));
  const available = ((captureIds.data ?? []) as unknown[]).filter((c): c is string => typeof c === 'string').filter((id) => !picked.some((p) => p.captureId === id));
  const create = useMutation(api.archiverPlayoutProfile.create.mutationOptions());
  const update = useMutation(api.archiverPlayoutProfile.update.mutationOptions());

  const submit = useFormSubmit(
    form,
    async (values) => {
      const saved = profile ? await update.mutateAsync({ params: { id: profile.id }, body: values }) : await create.mutateAsync({ body: values });
      notify(creating ? `Added the playout profile ${saved.id}` : `Saved the playout profile ${saved.id}`, { severity: 'success' });
      onClose();
    },
    { conflict: { name: 'id', message: 'A playout profile with this id exists already' } },
  );

  const text = (name: keyof ProfileFormInput, label: string, helperText?: string) => (
    <FormTextField control={control} name={name} label={label} fullWidth helperText={helperText} slotProps={{ htmlInput: { spellCheck: false, autoComplete: 'off' } }} />
  );

  return (
    <ActionDialog
      title={creating ? 'Add a playout profile' : `Edit the playout profile ${profile.id}`}
      actionLabel={creating ? 'Add profile' : 'Save'}
      {...submit}
      onClose={onClose}
      maxWidth="md"
      long
    >
      <Stack spacing={2.5}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField control={control} name="id" label="Id" required fullWidth disabled={!creating} autoFocus={creating} helperText="Letters, digits and underscores. Fixed once added." />
          <FormNumberField control={control} name="expiresIn" label="Streams expire after" unit="seconds" fullWidth helperText="Empty: never" />
        </Stack>
        <Box>
          <Typography component="h3" variant="subtitle2" sx={{ mb: 1 }}>
            Captures
          </Typography>
          <Stack spacing={1}>
            {captures.fields.map((field, index) => (
              <Stack key={field.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <Chip label={picked[index]?.captureId} sx={{ mt: 1 }} />
                <FormTextField
                  control={control}
                  name={`captures.${index}.liveRedirectUrl`}
                  label="Live redirect URL"
                  size="small"
                  fullWidth
                  helperText="Optional: where players go for the live part"
                />
                <IconButton aria-label={`Remove ${picked[index]?.captureId ?? 'the capture'}`} onClick={() => captures.remove(index)} sx={{ mt: 0.5 }}>
                  <CloseIcon />
                </IconButton>
              </Stack>
            ))}
            <Controller
              control={control}
              name="captures"
              render={({ fieldState }) => (
                <Autocomplete
                  options={available}
                  value={null}
                  onChange={(_e, id) => id && captures.append({ captureId: id, liveRedirectUrl: '' })}
                  renderInput={(params) => (
                    <TextField {...params} label="Add a capture" size="small" error={Boolean(fieldState.error)} helperText={fieldState.error?.message ?? (available.length === 0 ? 'Every capture is listed already (or there is none)' : undefined)} />
                  )}
                />
              )}
            />
          </Stack>
        </Box>
        <Box>
          <Typography component="h3" variant="subtitle2">
            DRM
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            The service derives the streaming formats from these: none set plays in every format; otherwise HLS with an AES key, DASH with Widevine, Smooth with PlayReady (ISS).
          </Typography>
          <Stack spacing={2}>
            {text('key', 'Content key (KID:CEK)', 'Key id and content key, 32 hexadecimal digits each')}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {text('aesKey', 'AES key')}
              {text('aesKeyIv', 'AES key IV')}
            </Stack>
            {text('aesLicenseUrl', 'AES license URL')}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {text('widevineLicenseUrl', 'Widevine license URL')}
              {text('widevineDrmData', 'Widevine DRM data')}
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {text('issLicenseUrl', 'PlayReady (ISS) license URL')}
              {text('issKeyIv', 'ISS key IV')}
            </Stack>
          </Stack>
        </Box>
      </Stack>
    </ActionDialog>
  );
}
