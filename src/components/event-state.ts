/**
 * What the dashboard says and shows for each event state (public-facts.md §2): a human label,
 * the meaning, and how a chip draws it. Colour encodes the family (tone); a filled chip means the
 * audience can see it (published/public), an outlined one that it is private, waiting or at rest.
 */
import { EventState, Mp4State, type EventMp4, type EventStateName } from '#schema';
import type { StateTone } from '#app/theme.ts';

/** An extra cue beside colour, so a state never depends on colour alone. */
export type StateCue = 'on-air' | 'progress' | 'paused' | 'error' | null;

export interface EventStateInfo {
  /** The enumeration name, as in `stateString`; undefined for a value the schema does not know. */
  name: EventStateName | undefined;
  value: number | undefined;
  label: string;
  description: string;
  tone: StateTone;
  variant: 'filled' | 'outlined';
  cue: StateCue;
}

type Look = Omit<EventStateInfo, 'name' | 'value'>;

const looks: Record<EventStateName, Look> = {
  PRE_LIVE: { label: 'Pre-live', description: 'Waiting for stream content', tone: 'upcoming', variant: 'outlined', cue: null },
  LIVE_STARTING: { label: 'Starting', description: 'The encoder is starting', tone: 'transition', variant: 'filled', cue: 'progress' },
  LIVE_UNPUBLISHED: {
    label: 'Live (unpublished)',
    description: 'Streaming for private or internal viewing',
    tone: 'live',
    variant: 'outlined',
    cue: 'on-air',
  },
  LIVE_PUBLISHED: { label: 'Live (published)', description: 'Streaming for public viewing', tone: 'live', variant: 'filled', cue: 'on-air' },
  SUSPENDED: {
    label: 'Suspended',
    description: 'Not streaming; the publishing point is kept and resumes without a gap',
    tone: 'transition',
    variant: 'outlined',
    cue: 'paused',
  },
  LIVE_STOPPING: { label: 'Stopping', description: 'The encoder is stopping', tone: 'transition', variant: 'filled', cue: 'progress' },
  STOPPED: { label: 'Stopped', description: 'Stopped; about to rest in instant VOD', tone: 'neutral', variant: 'outlined', cue: null },
  INSTANT_VOD: {
    label: 'Instant VOD',
    description: 'Finished live event, playable on demand',
    tone: 'instantVod',
    variant: 'filled',
    cue: null,
  },
  INSTANT_VOD_BACKUP: {
    label: 'Instant VOD (backup)',
    description: 'Finished and moved to long-term storage',
    tone: 'instantVod',
    variant: 'outlined',
    cue: null,
  },
  INSTANT_VOD_DELETE: {
    label: 'Instant VOD (deleted)',
    description: 'Finished and deleted',
    tone: 'neutral',
    variant: 'outlined',
    cue: null,
  },
  PRE_VOD: { label: 'Pre-VOD', description: 'VOD event waiting for content', tone: 'upcoming', variant: 'outlined', cue: null },
  VOD_INGESTING: { label: 'Ingesting', description: 'VOD content being ingested', tone: 'transition', variant: 'filled', cue: 'progress' },
  VOD_PRIVATE: { label: 'VOD (private)', description: 'Playable from the protected URL only', tone: 'vod', variant: 'outlined', cue: null },
  VOD_PUBLIC: { label: 'VOD (public)', description: 'Public on demand', tone: 'vod', variant: 'filled', cue: null },
  VOD_ERROR: { label: 'VOD error', description: 'VOD processing failed', tone: 'error', variant: 'outlined', cue: 'error' },
  REMIX_GENERATING: {
    label: 'Remix generating',
    description: 'Older composition being generated',
    tone: 'transition',
    variant: 'filled',
    cue: 'progress',
  },
  REMIX_PRIVATE: { label: 'Remix (private)', description: 'Older composition, private', tone: 'vod', variant: 'outlined', cue: null },
  REMIX_PUBLIC: { label: 'Remix (public)', description: 'Older composition, public', tone: 'vod', variant: 'filled', cue: null },
  REMIX_ERROR: { label: 'Remix error', description: 'Older composition failed', tone: 'error', variant: 'outlined', cue: 'error' },
  ARCHIVER_PRIVATE: { label: 'Archive (private)', description: 'Catch-up content, private', tone: 'vod', variant: 'outlined', cue: null },
  ARCHIVER_PUBLIC: { label: 'Archive (public)', description: 'Catch-up content, public', tone: 'vod', variant: 'filled', cue: null },
  COMPOSE_WAITING: {
    label: 'Compose waiting',
    description: 'Composition waiting for the live stream to start',
    tone: 'upcoming',
    variant: 'outlined',
    cue: null,
  },
  COMPOSE_GENERATING: {
    label: 'Composing',
    description: 'Composition being generated',
    tone: 'transition',
    variant: 'filled',
    cue: 'progress',
  },
  COMPOSE_PRIVATE: { label: 'Composition (private)', description: 'Generated composition, private', tone: 'vod', variant: 'outlined', cue: null },
  COMPOSE_PUBLIC: { label: 'Composition (public)', description: 'Generated composition, public', tone: 'vod', variant: 'filled', cue: null },
  COMPOSE_ERROR: { label: 'Compose error', description: 'Composition generation failed', tone: 'error', variant: 'outlined', cue: 'error' },
};

/**
 * Everything needed to show a state, from its value (`state`) or its name (`stateString`).
 * A value the schema does not know is shown neutrally with what the service sent.
 */
export function eventStateInfo(state: number | string): EventStateInfo {
  const value = typeof state === 'number' ? state : Object.hasOwn(EventState.values, state) ? EventState.values[state as EventStateName] : undefined;
  const name = value === undefined ? undefined : EventState.nameOf(value);
  if (name === undefined || value === undefined) {
    return {
      name: undefined,
      value: typeof state === 'number' ? state : undefined,
      label: `Unknown (${state})`,
      description: 'A state this dashboard does not know',
      tone: 'neutral',
      variant: 'outlined',
      cue: null,
    };
  }
  return { name, value, ...looks[name] };
}

/**
 * The state as words ("Instant VOD", not `INSTANT_VOD`), from its value or its name: the one
 * place the dashboard turns a state into text.
 */
export function stateLabel(state: number | string): string {
  return eventStateInfo(state).label;
}

const MP4_LABELS: Record<string, string> = { NONE: 'not made', AVAILABLE: 'ready', GENERATING: 'being made', FAILED: 'failed' };

/** An event's MP4 state in words ("not made", not `NONE`), from its value or its name. */
export function mp4StateLabel(state: number | string): string {
  const name = typeof state === 'number' ? Mp4State.nameOf(state) : state;
  return (name !== undefined ? MP4_LABELS[name] : undefined) ?? `unknown (${state})`;
}

/**
 * What an event's MP4 is, from GET /event/{id}/mp4, which says beside its state whether the file is
 * there: "ready" only then. An event may be marked AVAILABLE without a file (never made, or
 * removed): "file missing", which a new request makes again.
 */
export type Mp4Condition = 'none' | 'making' | 'ready' | 'missing' | 'failed';

export function mp4Condition(mp4: Pick<EventMp4, 'mp4State' | 'fileExists' | 'making'>): Mp4Condition {
  if (mp4.making) return 'making';
  if (mp4.mp4State === Mp4State.values.AVAILABLE) return mp4.fileExists ? 'ready' : 'missing';
  return mp4.mp4State === Mp4State.values.FAILED ? 'failed' : 'none';
}

const CONDITION_LABELS: Record<Mp4Condition, string> = { none: 'not made', making: 'being made', ready: 'ready', missing: 'file missing', failed: 'failed' };

/** The condition in words: "ready", "file missing"... */
export function mp4ConditionLabel(condition: Mp4Condition): string {
  return CONDITION_LABELS[condition];
}

/** Which parts came with a ready MP4, exactly: its thumbnail and sprite may each fail (or time out) alone. */
export function mp4Parts(mp4: Pick<EventMp4, 'thumbnail' | 'sprite'>): string {
  if (mp4.thumbnail && mp4.sprite) return 'with a thumbnail and a sprite (system assets)';
  if (mp4.thumbnail) return 'with a thumbnail (system asset); the sprite could not be made';
  if (mp4.sprite) return 'with a sprite (system asset); the thumbnail could not be made';
  return 'without a thumbnail or a sprite: they could not be made';
}
