/**
 * The event's MP4 for the publishing dialogs: VOD publications upload it, so a dialog opened on an
 * event without one offers to generate it (POST /event/{id}/mp4: NONE or FAILED -> GENERATING ->
 * AVAILABLE) and follows it until it is there, instead of sending the operator elsewhere.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Mp4State } from '#schema';
import { api } from '#app/api.ts';
import { useDescribeError } from '#app/use-describe-error.ts';
import { WorkProgressBar } from '#components/work-progress.tsx';

const { AVAILABLE, GENERATING } = Mp4State.values;

/** The event's MP4 state, followed while it is being generated. */
export function useEventMp4(eventId: string, initialState: number) {
  const query = useQuery({
    ...api.asset.vodFile.queryOptions({ params: { id: eventId } }),
    refetchInterval: (q) => (q.state.data?.mp4State === GENERATING ? 1_500 : false),
  });
  const generate = useMutation(api.asset.generateVodFile.mutationOptions());
  const state = generate.isPending ? GENERATING : (query.data?.mp4State ?? initialState);
  return {
    state,
    ready: state === AVAILABLE,
    error: query.data?.mp4State === Mp4State.values.FAILED ? query.data.error : null,
    progress: query.data?.progress ?? null,
    generate: () => generate.mutate({ params: { id: eventId }, body: {} }, { onSuccess: () => void query.refetch() }),
    generateError: generate.error,
  };
}

/** Says what is missing and offers to make it; nothing when the MP4 is there. */
export function Mp4Offer({ mp4 }: { mp4: ReturnType<typeof useEventMp4> }) {
  const describe = useDescribeError();
  if (mp4.ready) return null;
  if (mp4.state === GENERATING) {
    return (
      <Alert severity="info">
        Generating the MP4… publishing becomes possible when it is ready.
        <WorkProgressBar progress={mp4.progress} label="Generating the MP4" sx={{ mt: 1 }} />
      </Alert>
    );
  }
  return (
    <Alert
      severity="warning"
      action={
        <Button color="inherit" size="small" onClick={mp4.generate}>
          Generate the MP4
        </Button>
      }
    >
      {mp4.generateError ? describe(mp4.generateError).message : mp4.error ? `The last MP4 failed: ${mp4.error}` : 'The event has no MP4 yet: VOD publications upload it. Generate it first.'}
    </Alert>
  );
}
