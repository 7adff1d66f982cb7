/**
 * Saving the playlist editor against versions (DESIGN.md "Trust"), the way useFormConflict does it
 * for a form, with the one conflict dialog (`useVersionConflict`): the editor's document is saved
 * in two requests, the playlist (its own version) and the composition event's fields (the event's
 * version), each sent with the version it is based on. A 412 on either opens the dialog with the
 * whole document field by field (as loaded or last saved, theirs, yours); "keep mine" puts the
 * operator's changes on theirs and saves again, "take theirs" leaves that merge in the editor,
 * unsaved. A record that changed only where the editor shows nothing (a generation moving the
 * event's state) is no conflict: the save goes again on the new version without asking.
 */
import { useRef } from 'react';
import type { ComposePlaylist, Event } from '#schema';
import { ApiError } from '#client';
import { useVersionConflict } from '#components/use-version-conflict.tsx';
import { differences, sameValue, type FieldValues } from '#components/version-conflict.ts';
import { eventFieldsFromService, playlistPartFromService, type EditorAction, type EditorItem, type EditorState, type PlaylistDocument } from './playlist-document.ts';

/** The versions the editor's document was loaded with (absent for a new composition). */
export interface LoadedVersions {
  playlist?: number | undefined;
  event?: number | undefined;
}

export const FIELD_LABELS: Record<string, string> = {
  name: 'Playlist name',
  looped: 'Looped',
  title: 'Title',
  description: 'Description',
  workflowId: 'Workflow',
  channelId: 'Channel',
  liveStreamStart: 'Live stream start',
  scheduledStart: 'Scheduled start',
  scheduledEnd: 'Scheduled end',
  autoStart: 'Start automatically',
  autoEnd: 'End automatically',
  refId: 'Reference id',
  externalId: 'External id',
  eventTypeId: 'Event type',
  roomId: 'Room',
  categoryIds: 'Categories',
  setPrivateAfterGeneration: 'Private after generation',
  vodDrm: 'DRM',
  items: 'Items',
};

/** Whether two documents' values are the same field by field. */
const same = (a: FieldValues, b: FieldValues) => differences(a, b, a).length === 0;

/** `settings.name` -> "Playlist name". */
const labelOf = (field: string) => FIELD_LABELS[field.split('.').pop()!] ?? field;

interface Options {
  eventId: string | null;
  loaded: LoadedVersions;
  /** The composition event as the page has it now (follows the change feed). */
  liveEvent: Event | null;
  stateRef: React.RefObject<EditorState>;
  dispatch: (action: EditorAction) => void;
  titleOf: (item: EditorItem) => string;
  /** Saves again (after "keep mine", or on a new version that changed nothing shown). */
  resave: () => void;
}

export function useComposeConflict({ eventId, loaded, liveEvent, stateRef, dispatch, titleOf, resave }: Options) {
  const versions = useRef({ ...loaded });
  const { open, dialog } = useVersionConflict();
  // One silent retry per save the operator asked for: a record that keeps moving gets the dialog.
  const silentRetries = useRef(0);
  const automatic = useRef(false);

  /** An item in words, everything the service keeps of it: a list compares and shows item by item. */
  const itemLine = (item: EditorItem, index: number) => {
    const details = [
      ...Object.entries(item.properties).map(([name, value]) => `${name} ${typeof value === 'string' ? value : JSON.stringify(value)}`),
      ...(item.markers && item.markers.length > 0 ? [`markers ${JSON.stringify(item.markers)}`] : []),
    ];
    return `${index + 1}. ${titleOf(item)}${details.length > 0 ? ` (${details.join(', ')})` : ''}`;
  };
  const valuesOf = (doc: PlaylistDocument): FieldValues => ({ settings: doc.settings, event: doc.event, items: doc.items.map(itemLine) });

  /** The event's If-Match: the live event's version when it shows the same fields as what the editor is based on. */
  const eventIfMatch = (based: PlaylistDocument) => {
    const held = versions.current.event;
    const live = liveEvent?.version;
    if (live !== undefined && (held === undefined || live > held) && sameValue(eventFieldsFromService(liveEvent!), based.event)) return live;
    return held;
  };

  /** After a refused save: the document as the service has it now, which part the 412 was about. */
  const handle = (error: unknown, refused: 'playlist' | 'event', saved: PlaylistDocument): boolean => {
    if (!(error instanceof ApiError) || !error.isVersionConflict || !error.conflict?.current || eventId === null) return false;
    const current = error.conflict.current;
    const theirsEvent = refused === 'event' ? (current as Event) : liveEvent;
    const theirs: PlaylistDocument = {
      ...(refused === 'playlist' ? playlistPartFromService(current as ComposePlaylist) : { settings: saved.settings, items: saved.items }),
      event: theirsEvent ? eventFieldsFromService(theirsEvent) : saved.event,
    };
    const rebaseVersions = () => {
      if (refused === 'playlist') versions.current.playlist = (current as ComposePlaylist).version;
      const eventVersion = theirsEvent?.version;
      if (eventVersion !== undefined && eventVersion > (versions.current.event ?? -1)) versions.current.event = eventVersion;
    };
    const yours = stateRef.current.doc;
    const merge = (merged: FieldValues): PlaylistDocument => {
      const doc: PlaylistDocument = {
        settings: merged.settings as PlaylistDocument['settings'],
        event: merged.event as PlaylistDocument['event'],
        items: sameValue(merged.items, valuesOf(yours).items) ? yours.items : theirs.items,
      };
      // Nothing of yours left on theirs: the editor is clean again.
      return same(valuesOf(doc), valuesOf(theirs)) ? theirs : doc;
    };

    const base = valuesOf(saved);
    const theirValues = valuesOf(theirs);
    if (same(base, theirValues) && silentRetries.current < 1) {
      silentRetries.current += 1;
      rebaseVersions();
      dispatch({ type: 'rebase', saved, doc: yours, label: 'saved on the new version' });
      automatic.current = true;
      resave();
      return true;
    }
    const title = stateRef.current.saved.event.title.trim() || 'this composition';
    open({
      what: `the playlist of ‘${title}’`,
      entity: refused === 'playlist' ? 'compose' : 'event',
      id: refused === 'playlist' ? (current as ComposePlaylist).id : eventId,
      labelOf,
      base,
      theirs: theirValues,
      yours: valuesOf(yours),
      onTakeTheirs: (merged) => {
        rebaseVersions();
        dispatch({ type: 'rebase', saved: theirs, doc: merge(merged), label: 'took their changes' });
      },
      onKeepMine: (merged) => {
        rebaseVersions();
        dispatch({ type: 'rebase', saved: theirs, doc: merge(merged), label: 'kept your changes on theirs' });
        resave();
      },
    });
    return true;
  };

  return {
    dialog,
    handle,
    /** A save begins: one the operator asked for has its one silent retry again. */
    started: () => {
      if (automatic.current) automatic.current = false;
      else silentRetries.current = 0;
    },
    ifMatch: { playlist: () => versions.current.playlist, event: eventIfMatch },
    savedPlaylist: (playlist: ComposePlaylist) => {
      versions.current.playlist = playlist.version;
    },
    savedEvent: (event: Event) => {
      versions.current.event = event.version;
    },
  };
}
