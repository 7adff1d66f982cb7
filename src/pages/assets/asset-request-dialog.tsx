/**
 * The short form of an asset request from the player: "Image here" (a JPEG at the playing time),
 * "GIF of the clip" (fps, width, speed, repeats), "Video of the clip" (frame accurate, copyTs,
 * track filter), each with name and priority. react-hook-form with zodResolver; the service's 400s
 * land on the fields they name (`body.fps` -> fps, `body.clip.start` -> start...).
 */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import Stack from '@mui/material/Stack';
import { api } from '#app/api.ts';
import { notify } from '#app/notifications.tsx';
import { ActionDialog } from '#components/action-dialog.tsx';
import { useFormSubmit } from '#components/form/use-form-submit.ts';
import { FormNumberField } from '#components/form/number-field.tsx';
import { FormSwitchField } from '#components/form/switch-field.tsx';
import { FormTextField } from '#components/form/text-field.tsx';

export type RequestKind = 'image' | 'gif' | 'video';

const time = z.string().regex(/^\d{2,}:\d{2}:\d{2}(\.\d{1,3})?$/, 'HH:mm:ss.fff from the stream start');

const FormSchema = z.object({
  name: z.string().trim().min(1, 'Give the asset a name').max(200),
  time,
  start: time,
  end: time,
  priority: z.number().int().min(1, '1 to 10').max(10, '1 to 10'),
  fps: z.number().int().min(1, '1 to 30').max(30, '1 to 30'),
  width: z.number().int().min(16, '16 to 1920').max(1920, '16 to 1920'),
  playbackSpeed: z.number().min(0, '0 (a still) or 0.1 to 8').max(8, '0 (a still) or 0.1 to 8'),
  playbackRepeats: z.number().int().min(-1, '-1 plays once, 0 loops for ever').max(1000),
  frameAccurate: z.boolean(),
  copyTs: z.boolean(),
  filter: z.string(),
});
type FormValues = z.infer<typeof FormSchema>;

/** Where the service's field names land in the form. */
const FIELD_OF: Record<string, keyof FormValues> = {
  'body.name': 'name',
  'body.time': 'time',
  'body.clip.start': 'start',
  'body.clip.end': 'end',
  'body.priority': 'priority',
  'body.fps': 'fps',
  'body.width': 'width',
  'body.playbackSpeed': 'playbackSpeed',
  'body.playbackRepeats': 'playbackRepeats',
  'body.clip.filter': 'filter',
};

const TITLES: Record<RequestKind, string> = { image: 'Image at the playing time', gif: 'GIF of the clip', video: 'Video of the clip' };

export interface AssetRequestDialogProps {
  kind: RequestKind;
  eventId: string;
  eventTitle: string;
  /** The playing time, for an image. */
  at: string;
  start: string;
  end: string;
  onClose: () => void;
}

export function AssetRequestDialog({ kind, eventId, eventTitle, at, start, end, onClose }: AssetRequestDialogProps) {
  const label = kind === 'image' ? `Still at ${at}` : kind === 'gif' ? `GIF ${start}–${end}` : `Clip ${start}–${end}`;
  const form = useForm<FormValues>({
    resolver: zodResolver(FormSchema),
    defaultValues: {
      name: `${eventTitle || 'Event'}: ${label}`.slice(0, 200),
      time: at,
      start: start || '00:00:00.000',
      end: end || '00:00:05.000',
      priority: 5,
      fps: 10,
      width: 480,
      playbackSpeed: 1,
      playbackRepeats: 0,
      frameAccurate: true,
      copyTs: false,
      filter: '',
    },
  });
  const image = useMutation(api.asset.createImage.mutationOptions());
  const gif = useMutation(api.asset.createGif.mutationOptions());
  const video = useMutation(api.asset.createVideo.mutationOptions());
  const busy = image.isPending || gif.isPending || video.isPending;

  const submit = useFormSubmit(
    form,
    async (v) => {
      if (kind === 'image') await image.mutateAsync({ body: { eventId, name: v.name, time: v.time, priority: v.priority } });
      else if (kind === 'gif') {
        await gif.mutateAsync({
          body: { clip: { eventId, start: v.start, end: v.end }, name: v.name, fps: v.fps, width: v.width, playbackSpeed: v.playbackSpeed, playbackRepeats: v.playbackRepeats, priority: v.priority },
        });
      } else {
        await video.mutateAsync({
          body: { clip: { eventId, start: v.start, end: v.end, filter: v.filter.trim() || null }, name: v.name, frameAccurate: v.frameAccurate, copyTs: v.copyTs, priority: v.priority },
        });
      }
      notify(`Requested “${v.name}”: it appears in the gallery below when made`, { severity: 'success' });
      onClose();
    },
    {
      map: (errors) => ({
        fields: errors.flatMap((f) => (FIELD_OF[f.field] ? [{ name: FIELD_OF[f.field]!, message: f.message }] : [])),
        other: errors.filter((f) => !FIELD_OF[f.field]).map((f) => `${f.field}: ${f.message}`),
      }),
    },
  );

  return (
    <ActionDialog title={TITLES[kind]} actionLabel="Make it" {...submit} busy={busy} onClose={onClose} maxWidth="xs">
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField control={form.control} name="name" label="Name" autoFocus />
        {kind === 'image' ? (
          <FormTextField control={form.control} name="time" label="Time" helperText="HH:mm:ss.fff from the stream start" />
        ) : (
          <Stack direction="row" spacing={1}>
            <FormTextField control={form.control} name="start" label="In" />
            <FormTextField control={form.control} name="end" label="Out" />
          </Stack>
        )}
        {kind === 'gif' && (
          <>
            <Stack direction="row" spacing={1}>
              <FormNumberField control={form.control} name="fps" label="Frame rate" unit="fps" />
              <FormNumberField control={form.control} name="width" label="Width" unit="px" />
            </Stack>
            <Stack direction="row" spacing={1}>
              <FormNumberField control={form.control} name="playbackSpeed" label="Speed" helperText="1 normal, 0 a still" />
              <FormNumberField control={form.control} name="playbackRepeats" label="Repeats" helperText="0 for ever, -1 once" />
            </Stack>
          </>
        )}
        {kind === 'video' && (
          <>
            <FormSwitchField control={form.control} name="frameAccurate" label="Frame accurate" description="Re-encoded to the exact frames; off: cut at the 2 s key frames around the clip, much faster" />
            <FormSwitchField control={form.control} name="copyTs" label="Keep the stream's timestamps" description="The MP4 starts at the clip's time in the stream" />
            <FormTextField control={form.control} name="filter" label="Track filter" helperText='Optional, e.g. type=="video" for no sound' />
          </>
        )}
        <FormNumberField control={form.control} name="priority" label="Priority" helperText="1 first, 10 last" />
      </Stack>
    </ActionDialog>
  );
}
