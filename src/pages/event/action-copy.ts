/**
 * What each live control's confirmation says, in operator words: what happens, to which event,
 * on which channel, and what viewers will see.
 */
import type { Event } from '#schema';
import type { EventActionId } from './event-transitions.ts';

export interface ActionCopy {
  title: string;
  message: string;
  confirmLabel: string;
  /** Said in the notification once the service accepted the action. */
  done: string;
}

const quoted = (title: string) => `‘${title || 'Untitled event'}’`;

export function actionCopy(action: EventActionId, event: Pick<Event, 'title' | 'channel'>): ActionCopy {
  const name = quoted(event.title);
  const onChannel = event.channel ? ` on channel ${event.channel}` : '';
  switch (action) {
    case 'start':
      return {
        title: 'Start the event?',
        message: `Start the encoder for ${name}${onChannel}. Viewers will not see it until you publish.`,
        confirmLabel: 'Start',
        done: `Starting ${name}: the encoder is warming up.`,
      };
    case 'publish':
      return {
        title: 'Publish the event?',
        message: `Make ${name} public. Viewers on every public player see the live stream from now on.`,
        confirmLabel: 'Publish',
        done: `${name} is published.`,
      };
    case 'unpublish':
      return {
        title: 'Unpublish the event?',
        message: `Take ${name} off the public players. The encoder keeps running, and you can still watch it here.`,
        confirmLabel: 'Unpublish',
        done: `${name} is no longer public.`,
      };
    case 'suspend':
      return {
        title: 'Suspend the event?',
        message: `Pause streaming of ${name}. Viewers see no picture until you resume; the publishing point is kept, so it resumes without a gap.`,
        confirmLabel: 'Suspend',
        done: `${name} is suspended.`,
      };
    case 'resume':
      return {
        title: 'Resume the event?',
        message: `Resume streaming of ${name}, unpublished: you can watch it here; viewers will not see it until you publish.`,
        confirmLabel: 'Resume',
        done: `${name} is streaming again (unpublished).`,
      };
    case 'resumePublished':
      return {
        title: 'Resume and publish?',
        message: `Resume streaming of ${name} and make it public at once. Viewers see the live stream again.`,
        confirmLabel: 'Resume and publish',
        done: `${name} is streaming again, published.`,
      };
    case 'stop':
      return {
        title: 'Stop the event?',
        message: `Stop the encoder for ${name}${onChannel}. The live stream ends for everyone, and the recording becomes an instant VOD.`,
        confirmLabel: 'Stop the event',
        done: `Stopping ${name}.`,
      };
    case 'cancelStart':
      return {
        title: 'Cancel the start?',
        message: `Stop starting the encoder for ${name}${onChannel}. Nothing has been streamed yet; the event goes back to pre-live and can be started again.`,
        confirmLabel: 'Cancel the start',
        done: `Calling off the start of ${name}.`,
      };
    case 'forceRestart':
      return {
        title: 'Force a restart?',
        message: `Stop the channel of ${name} completely and start it again. Viewers lose the picture for a moment; the event then returns to its current state. Use it when the stream is stuck.`,
        confirmLabel: 'Restart the channel',
        done: `${name} was restarted.`,
      };
    case 'forceStop':
      return {
        title: 'Force stop the encoder?',
        message: `Stop the encoder of ${name}${onChannel} immediately, without the safety checks, and clear its locks. Viewers lose the stream at once. Use it only when a normal stop does not work.`,
        confirmLabel: 'Force stop',
        done: `${name} was force-stopped.`,
      };
  }
}
