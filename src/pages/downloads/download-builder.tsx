/**
 * The download being put together (clip-draft.ts): its clips in order with the master, the total
 * duration, the recipient, the mail's language, the file name and frame accuracy; submitting asks
 * the service for it and then follows it to ready (`?download=<id>` in the URL), with its link.
 * Problems the service names come back onto their fields and clips.
 */
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import OpenIcon from '@mui/icons-material/OpenInNew';
import { VodDownloadBody, type VodDownloadDetails } from '#schema';
import { useServiceUrl } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { RoleNotice } from '#app/role-notice.tsx';
import { useCan } from '#app/use-role.ts';
import { CopyButton } from '#components/copy-button.tsx';
import { formatBytes } from '#components/format-media.ts';
import { FormSelectField } from '#components/form/select-field.tsx';
import { applyFieldErrors, type MappedServerErrors } from '#components/form/server-errors.ts';
import { FormSwitchField } from '#components/form/switch-field.tsx';
import { FormTextField } from '#components/form/text-field.tsx';
import { useFormSubmit } from '#components/form/use-form-submit.ts';
import { useUrlParams } from '#components/use-url-params.ts';
import { ClipList } from './clip-list.tsx';
import { masterOf, totalMs, updateDraft, useClipDraft, type ClipDraft } from './clip-draft.ts';
import { formatDuration, MAIL_LABELS, serviceTime, STATE_COLORS, STATE_LABELS } from './download-format.ts';
import { linkOf, useDownloadDetails } from './use-downloads.ts';

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'de', label: 'Deutsch' },
  { code: 'fr', label: 'Français' },
  { code: 'nl', label: 'Nederlands' },
] as const;

/** The request body of a draft. */
export function bodyOf(draft: ClipDraft): VodDownloadBody {
  const master = masterOf(draft);
  return {
    emailAddress: draft.emailAddress.trim(),
    emailLanguage: draft.emailLanguage,
    frameAccurate: draft.frameAccurate,
    ...(draft.mp4Filename.trim() ? { mp4Filename: draft.mp4Filename.trim() } : {}),
    downloadClips: draft.clips.map((clip) => ({
      eventId: clip.eventId,
      start: serviceTime(clip.fromMs),
      // To the end of the media: the service knows where that is (clip-draft.ts, toEnd).
      ...(clip.toEnd ? {} : { end: serviceTime(clip.toMs) }),
      isMasterClip: clip.key === master?.key,
    })),
  };
}

/** The form's own fields; the clips stay in the draft, `downloadClips` holds their keys so a clip's error has a field. */
interface Fields {
  emailAddress: string;
  emailLanguage: string;
  mp4Filename: string;
  frameAccurate: boolean;
  downloadClips: string[];
}
type FieldName = 'emailAddress' | 'mp4Filename' | `downloadClips.${number}`;

/** The service's (and the schema's) field names onto the form's: a clip's error on the clip, whatever part of it. */
export function mapDownloadErrors(errors: readonly { field: string; message: string }[]): MappedServerErrors<FieldName> {
  const mapped: MappedServerErrors<FieldName> = { fields: [], other: [] };
  for (const { field, message } of errors) {
    const path = field.replace(/^body\./, '');
    const clip = /^downloadClips\.(\d+)/.exec(path);
    const name: FieldName | undefined = path === 'emailAddress' || path === 'mp4Filename' ? path : clip ? `downloadClips.${Number(clip[1])}` : undefined;
    const existing = mapped.fields.find((f) => f.name === name);
    if (!name) mapped.other.push(message);
    else if (existing) existing.message = `${existing.message}; ${message}`;
    else mapped.fields.push({ name, message });
  }
  return mapped;
}

/** A submitted download, followed until it is ready (or failed). */
export function FollowDownload({ row, onDone }: { row: VodDownloadDetails | undefined; onDone: () => void }) {
  const serviceUrl = useServiceUrl();
  if (!row) return <LinearProgress aria-label="Loading the download" />;
  const link = row.state === 'ready' ? linkOf(row, serviceUrl) : null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label={`Download ${row.mp4Filename}`}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600, flex: 1, minWidth: 0 }} noWrap title={row.mp4Filename}>
          {row.mp4Filename}
        </Typography>
        <Chip size="small" label={STATE_LABELS[row.state]} color={STATE_COLORS[row.state]} />
      </Box>
      {row.state === 'processing' && (
        <>
          <LinearProgress variant={(row.progress?.percent ?? 0) > 0 ? 'determinate' : 'indeterminate'} value={row.progress?.percent ?? 0} aria-label={`Processing ${row.mp4Filename}`} />
          <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
            Cutting and stitching {row.clips.length === 1 ? '1 clip' : `${row.clips.length} clips`} ({formatDuration(row.durationMs)})… This updates by itself.
          </Typography>
        </>
      )}
      {row.state === 'failed' && <Alert severity="error">{row.failureReason ?? 'The download failed.'} Retry it from the Downloads page.</Alert>}
      {link && (
        <>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
            {formatDuration(row.durationMs)} · {formatBytes(row.fileBytes) || '—'} · {MAIL_LABELS[row.mail.status]} to {row.emailAddress}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Button variant="contained" href={link} target="_blank" rel="noopener" startIcon={<OpenIcon />}>
              Open the MP4
            </Button>
            <CopyButton text={link} what="the download link" />
            <Box sx={{ flex: 1 }} />
            <Button component={RouterLink} to="/downloads">
              All downloads
            </Button>
          </Box>
        </>
      )}
      <Box sx={{ mt: 1.5 }}>
        <Button size="small" onClick={onDone}>
          Build another download
        </Button>
      </Box>
    </Paper>
  );
}

export function DownloadBuilder() {
  const [params, setParams] = useUrlParams();
  const following = params.get('download');
  const followed = useDownloadDetails();
  const setFollowing = (id: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id) next.set('download', id);
        else next.delete('download');
        return next;
      },
      { replace: id === null },
    );
  if (following) return <FollowDownload row={followed.data?.find((d) => d.id === following)} onDone={() => setFollowing(null)} />;
  return <DownloadForm onCreated={setFollowing} />;
}

/** Mounted afresh for each download: its fields start from the draft and write back to it as they change. */
function DownloadForm({ onCreated }: { onCreated: (id: string) => void }) {
  const draft = useClipDraft();
  const total = totalMs(draft.clips);
  const form = useForm<Fields>({
    defaultValues: { emailAddress: draft.emailAddress, emailLanguage: draft.emailLanguage, mp4Filename: draft.mp4Filename, frameAccurate: draft.frameAccurate, downloadClips: [] },
  });
  useEffect(() => {
    // The draft outlives the page (another event's tab adds to it): the fields go back into it.
    return form.subscribe({
      formState: { values: true },
      callback: ({ values: { emailAddress, emailLanguage, mp4Filename, frameAccurate } }) => updateDraft((d) => ({ ...d, emailAddress, emailLanguage, mp4Filename, frameAccurate })),
    });
  }, [form]);
  // A clip's error names it by its place, which a clip added, moved or removed changes. The clips are
  // no registered field, so the submit would not clear it either (and would not run while it stands).
  useEffect(() => form.clearErrors('downloadClips'), [form, draft.clips]);
  const create = useMutation(api.vodDownload.create.mutationOptions());
  const request = useCan()(api.vodDownload.create);
  const submit = useFormSubmit(
    form,
    async (values) => {
      const body = bodyOf({ ...draft, ...values });
      // The schema module's own checks first, so most mistakes show before a round trip.
      const checked = VodDownloadBody.safeParse(body);
      if (!checked.success) {
        const { other } = applyFieldErrors(form, checked.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })), { map: mapDownloadErrors });
        if (other.length > 0) throw new Error(other.join(' '));
        return;
      }
      const created = await create.mutateAsync({ body });
      updateDraft((d) => ({ ...d, clips: [], masterKey: null, mp4Filename: '' }));
      onCreated(created.id);
    },
    { map: mapDownloadErrors },
  );
  const clipErrors: Record<number, string> = {};
  draft.clips.forEach((_, i) => {
    const message = form.formState.errors.downloadClips?.[i]?.message;
    if (message) clipErrors[i] = message;
  });

  return (
    <Paper variant="outlined" component="form" onSubmit={(e: React.FormEvent<HTMLFormElement>) => {
        form.clearErrors('downloadClips');
        submit.onSubmit(e);
      }}
      noValidate aria-label="New download" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
        <Typography variant="h2" sx={{ flex: 1, fontSize: '1.1rem' }}>
          New download
        </Typography>
        <Typography variant="body2" aria-live="polite" sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}>
          {draft.clips.length === 0 ? 'No clips' : `${draft.clips.length} ${draft.clips.length === 1 ? 'clip' : 'clips'} · ${draft.clips.some((c) => c.toEnd) ? 'about ' : ''}${formatDuration(total)} in all`}
        </Typography>
      </Box>
      {draft.clips.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Play the event, press <strong>I</strong> at the clip’s start and <strong>O</strong> at its end, then <strong>A</strong> to add it. Clips of other events join the same download: open
          another event’s Downloads tab and mark more.
        </Typography>
      ) : (
        <ClipList draft={draft} errors={clipErrors} />
      )}
      <FormTextField control={form.control} name="emailAddress" label="E-mail the link to" type="email" required size="small" autoComplete="email" />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <FormSelectField control={form.control} name="emailLanguage" label="Mail language" size="small" options={LANGUAGES.map((l) => ({ value: l.code, label: l.label }))} sx={{ minWidth: 160 }} />
        <FormTextField
          control={form.control}
          name="mp4Filename"
          label="File name"
          size="small"
          placeholder={masterOf(draft) ? `${masterOf(draft)!.eventTitle}.mp4` : 'From the master clip’s event'}
          helperText="Optional"
          sx={{ flex: 1, minWidth: 200 }}
        />
      </Box>
      <FormSwitchField
        control={form.control}
        name="frameAccurate"
        label="Frame-accurate cuts"
        description="Off: clips widen to the nearest key frames (every 2 s) and are ready at once. On: re-encoded to the exact frames."
      />
      <RoleNotice permission={request}>This key may mark clips and cannot request the download.</RoleNotice>
      {submit.error && (
        <Alert severity="error" role="alert">
          {submit.error}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        {draft.clips.length > 0 && (
          <Button onClick={() => updateDraft((d) => ({ ...d, clips: [], masterKey: null }))} disabled={submit.busy}>
            Clear clips
          </Button>
        )}
        <Button type="submit" variant="contained" startIcon={<DownloadIcon />} disabled={draft.clips.length === 0 || submit.busy || !request.allowed}>
          {submit.busy ? 'Requesting…' : 'Request download'}
        </Button>
      </Box>
    </Paper>
  );
}
