/**
 * The event's MP4 for the publishing dialogs: VOD publications upload its file, so a dialog opened
 * on an event without one (not made, failed, or marked AVAILABLE with its file missing) offers to
 * generate it (POST /event/{id}/mp4) and follows it until it is there, instead of sending the
 * operator elsewhere. "Ready" means the file is there (GET /event/{id}/mp4 `fileExists`).
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { api } from '#app/api.ts';
import { useDescribeError } from '#app/use-describe-error.ts';
import { mp4Condition, type Mp4Condition } from '#components/event-state.ts';
import { WorkProgressBar } from '#components/work-progress.tsx';

/** The event's MP4, followed while it is being made; `condition` is undefined until the service answered. */
export function useEventMp4(eventId: string) {
  const query = useQuery({
    ...api.asset.vodFile.queryOptions({ params: { id: eventId } }),
  });
  const generate = useMutation(api.asset.generateVodFile.mutationOptions());
  const condition: Mp4Condition | undefined = generate.isPending ? 'making' : query.data && mp4Condition(query.data);
  return {
    condition,
    ready: condition === 'ready',
    error: condition === 'failed' ? (query.data?.error ?? null) : null,
    // A file marked AVAILABLE but missing is made again only when asked to.
    generate: () => generate.mutate({ params: { id: eventId }, body: { regenerate: condition === 'missing' } }, { onSuccess: () => void query.refetch() }),
    progress: query.data?.progress ?? null,
    generateError: generate.error,
  };
}

/** Says what is missing and offers to make it; nothing when the MP4 is there. */
export function Mp4Offer({ mp4 }: { mp4: ReturnType<typeof useEventMp4> }) {
  const describe = useDescribeError();
  if (mp4.ready || !mp4.condition) return null;
  if (mp4.condition === 'making') {
    return (
      <Alert severity="info">
        Generating the MP4… publishing becomes possible when it is ready.
        <WorkProgressBar progress={mp4.progress} label="Generating the MP4" sx={{ mt: 1 }} />
      </Alert>
    );
  }
  const words = mp4.generateError
    ? describe(mp4.generateError).message
    : mp4.error
      ? `The last MP4 failed: ${mp4.error}`
      : mp4.condition === 'missing'
        ? 'The event is marked as having an MP4, but its file is missing (never made, or removed): VOD publications upload the file. Generate it first.'
        : 'The event has no MP4 yet: VOD publications upload it. Generate it first.';
  return (
    <Alert
      severity="warning"
      action={
        <Button color="inherit" size="small" onClick={mp4.generate}>
          Generate the MP4
        </Button>
      }
    >
      {words}
    </Alert>
  );
}
