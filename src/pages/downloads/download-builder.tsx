/**
 * The download being put together (clip-draft.ts): its clips in order with the master, the total
 * duration, the recipient, the mail's language, the file name and frame accuracy; submitting asks
 * the service for it and then follows it to ready (`?download=<id>` in the URL), with its link.
 * Problems the service names come back onto their fields and clips.
 */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import OpenIcon from '@mui/icons-material/OpenInNew';
import { VodDownloadBody, type VodDownloadDetails } from '#schema';
import { ApiError } from '#client';
import { useServiceUrl } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { CopyButton } from '#components/copy-button.tsx';
import { useUrlParams } from '#components/use-url-params.ts';
import { ClipList } from './clip-list.tsx';
import { masterOf, totalMs, updateDraft, useClipDraft, type ClipDraft } from './clip-draft.ts';
import { formatBytes, formatDuration, MAIL_LABELS, serviceTime, STATE_COLORS, STATE_LABELS } from './download-format.ts';
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

interface Problems {
  email?: string;
  filename?: string;
  clips: Record<number, string>;
  general: string[];
}

function problemsOf(fields: readonly { field: string; message: string }[]): Problems {
  const problems: Problems = { clips: {}, general: [] };
  for (const { field, message } of fields) {
    const path = field.replace(/^body\./, '');
    const clip = /^downloadClips\.(\d+)/.exec(path);
    if (path === 'emailAddress') problems.email = message;
    else if (path === 'mp4Filename') problems.filename = message;
    else if (clip) problems.clips[Number(clip[1])] = message;
    else problems.general.push(message);
  }
  return problems;
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
            {formatDuration(row.durationMs)} · {formatBytes(row.fileBytes)} · {MAIL_LABELS[row.mail.status]} to {row.emailAddress}
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
  const draft = useClipDraft();
  const [params, setParams] = useUrlParams();
  const following = params.get('download');
  const followed = useDownloadDetails();
  const [problems, setProblems] = useState<Problems>({ clips: {}, general: [] });
  const create = useMutation(api.vodDownload.create.mutationOptions());
  const total = totalMs(draft.clips);

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

  if (following) {
    return <FollowDownload row={followed.data?.find((d) => d.id === following)} onDone={() => setFollowing(null)} />;
  }

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = bodyOf(draft);
    const checked = VodDownloadBody.safeParse(body);
    if (!checked.success) {
      setProblems(problemsOf(checked.error.issues.map((i) => ({ field: `body.${i.path.join('.')}`, message: i.message }))));
      return;
    }
    setProblems({ clips: {}, general: [] });
    create.mutate(
      { body },
      {
        onSuccess: (created) => {
          updateDraft((d) => ({ ...d, clips: [], masterKey: null, mp4Filename: '' }));
          setFollowing(created.id);
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? error.fieldErrors : [];
          setProblems(fields.length > 0 ? problemsOf(fields) : { clips: {}, general: [error.message] });
        },
      },
    );
  };

  return (
    <Paper variant="outlined" component="form" onSubmit={submit} noValidate aria-label="New download" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
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
        <ClipList draft={draft} errors={problems.clips} />
      )}
      <TextField
        label="E-mail the link to"
        type="email"
        required
        size="small"
        value={draft.emailAddress}
        onChange={(e) => updateDraft((d) => ({ ...d, emailAddress: e.target.value }))}
        error={Boolean(problems.email)}
        helperText={problems.email}
        autoComplete="email"
      />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TextField select label="Mail language" size="small" value={draft.emailLanguage} onChange={(e) => updateDraft((d) => ({ ...d, emailLanguage: e.target.value }))} sx={{ minWidth: 160 }}>
          {LANGUAGES.map((l) => (
            <MenuItem key={l.code} value={l.code}>
              {l.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="File name"
          size="small"
          value={draft.mp4Filename}
          onChange={(e) => updateDraft((d) => ({ ...d, mp4Filename: e.target.value }))}
          placeholder={masterOf(draft) ? `${masterOf(draft)!.eventTitle}.mp4` : 'From the master clip’s event'}
          error={Boolean(problems.filename)}
          helperText={problems.filename ?? 'Optional'}
          sx={{ flex: 1, minWidth: 200 }}
        />
      </Box>
      <FormControlLabel
        control={<Switch checked={draft.frameAccurate} onChange={(e) => updateDraft((d) => ({ ...d, frameAccurate: e.target.checked }))} />}
        label={
          <Box>
            <Typography variant="body2">Frame-accurate cuts</Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              Off: clips widen to the nearest key frames (every 2 s) and are ready at once. On: re-encoded to the exact frames.
            </Typography>
          </Box>
        }
      />
      {problems.general.length > 0 && (
        <Alert severity="error" role="alert">
          {problems.general.join(' ')}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        {draft.clips.length > 0 && (
          <Button onClick={() => updateDraft((d) => ({ ...d, clips: [], masterKey: null }))} disabled={create.isPending}>
            Clear clips
          </Button>
        )}
        <Button type="submit" variant="contained" startIcon={<DownloadIcon />} disabled={draft.clips.length === 0 || create.isPending}>
          {create.isPending ? 'Requesting…' : 'Request download'}
        </Button>
      </Box>
    </Paper>
  );
}
