/**
 * The download being put together: clips marked on one event's player or on several, in order,
 * with the master clip, the recipient and the language. It lives in the browser (localStorage),
 * so it survives going from one event's page to another's and a reload, and every page showing
 * it sees the same one (other tabs too).
 */
import { useSyncExternalStore } from 'react';

export interface DraftClip {
  /** Local identity (drag and drop, keys). */
  key: string;
  eventId: string;
  eventTitle: string;
  /** Milliseconds from the start of the event's media. */
  fromMs: number;
  toMs: number;
  /**
   * The clip runs to the end of the media ("Add whole event"): sent without an end, so the service
   * cuts it where the media ends. toMs is then the player's length, which rounds the segments up
   * and may run past it (0.37 s on the test stream), so it is shown, never sent.
   */
  toEnd?: boolean;
}

export interface ClipDraft {
  clips: DraftClip[];
  /** The master clip's key; the first clip when unset. */
  masterKey: string | null;
  emailAddress: string;
  emailLanguage: string;
  mp4Filename: string;
  frameAccurate: boolean;
}

export const EMPTY_DRAFT: ClipDraft = { clips: [], masterKey: null, emailAddress: '', emailLanguage: 'en', mp4Filename: '', frameAccurate: false };

const STORAGE_KEY = 'control-room.download-draft';
const listeners = new Set<() => void>();
let cached: { raw: string | null; draft: ClipDraft } | undefined;

function read(): ClipDraft {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(STORAGE_KEY);
  } catch {
    raw = null;
  }
  if (cached && cached.raw === raw) return cached.draft;
  let draft = EMPTY_DRAFT;
  if (raw) {
    try {
      const parsed = JSON.parse(raw) as Partial<ClipDraft>;
      draft = {
        ...EMPTY_DRAFT,
        ...parsed,
        clips: Array.isArray(parsed.clips)
          ? parsed.clips.filter((c): c is DraftClip => typeof c?.key === 'string' && typeof c.eventId === 'string' && typeof c.fromMs === 'number' && typeof c.toMs === 'number')
          : [],
      };
    } catch {
      draft = EMPTY_DRAFT;
    }
  }
  cached = { raw, draft };
  return draft;
}

function write(draft: ClipDraft): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(draft));
  } catch {
    // Storage full or refused: the draft lives as long as the page.
  }
  cached = { raw: JSON.stringify(draft), draft };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function updateDraft(change: (draft: ClipDraft) => ClipDraft): void {
  write(change(read()));
}

export function useClipDraft(): ClipDraft {
  return useSyncExternalStore(subscribe, read, () => EMPTY_DRAFT);
}

let counter = 0;
export function addClip(clip: Omit<DraftClip, 'key'>): void {
  counter += 1;
  const key = `${Date.now().toString(36)}-${counter}`;
  updateDraft((d) => ({ ...d, clips: [...d.clips, { ...clip, key }] }));
}

export function removeClip(key: string): void {
  updateDraft((d) => ({ ...d, clips: d.clips.filter((c) => c.key !== key), masterKey: d.masterKey === key ? null : d.masterKey }));
}

export function moveClip(from: number, to: number): void {
  updateDraft((d) => {
    if (from === to || from < 0 || to < 0 || from >= d.clips.length || to >= d.clips.length) return d;
    const clips = [...d.clips];
    const [moved] = clips.splice(from, 1);
    clips.splice(to, 0, moved!);
    return { ...d, clips };
  });
}

/** The master clip: the one marked, else the first. */
export function masterOf(draft: ClipDraft): DraftClip | undefined {
  return draft.clips.find((c) => c.key === draft.masterKey) ?? draft.clips[0];
}

export const totalMs = (clips: readonly DraftClip[]) => clips.reduce((sum, c) => sum + Math.max(0, c.toMs - c.fromMs), 0);
