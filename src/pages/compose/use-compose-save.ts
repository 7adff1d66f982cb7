/**
 * Saving the playlist editor: one explicit save, checked locally first; a new composition is
 * created (and the page replaced by it), an existing one gets its playlist and its event's
 * changes. The service's 400s go back onto the items they concern, kept while an item is
 * unchanged; every problem is listed in words (`Problem`) with a way to the item or setting.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import type { Event } from '#schema';
import { ApiError } from '#client';
import { api } from '#app/api.ts';
import { notify } from '#app/notifications.tsx';
import { useDescribeError } from '#app/use-describe-error.ts';
import { isTextTarget } from './editor-keys.ts';
import { type CompositionKind, type EditorAction, type EditorItem, type EditorState } from './playlist-document.ts';
import { encoderCreateBody, eventPatch, mapServerErrors, playlistBody, standardCreateBody } from './playlist-service.ts';
import { FIELD_LABELS, useComposeConflict, type LoadedVersions } from './use-compose-conflict.ts';
import { type DocumentIssues, type ItemIssue } from './playlist-validation.ts';

export interface ServerErrors {
  /** Item issues with the item as it was when the service spoke: shown while the item is unchanged. */
  items: Map<string, { item: EditorItem; issues: ItemIssue[] }>;
  fields: DocumentIssues['fields'];
  other: string[];
}

export const NO_SERVER_ERRORS: ServerErrors = { items: new Map(), fields: {}, other: [] };

export interface Problem {
  title: string;
  lines: { text: string; itemKey?: string; settings?: boolean }[];
}

interface Options {
  kind: CompositionKind;
  event: Event | null;
  stateRef: React.RefObject<EditorState>;
  dispatch: (action: EditorAction) => void;
  /** What the editor's own checks found (nothing is sent while they find something). */
  local: { items: ReadonlyMap<string, readonly ItemIssue[]>; fields: DocumentIssues['fields']; count: number };
  /** How an item is named in the problem list ("Item 3 (Goal highlights): …"). */
  titleOf: (item: EditorItem) => string;
  showSettings: () => void;
  /** The versions the document was loaded with: what the first save is based on. */
  loaded: LoadedVersions;
}

export function useComposeSave({ kind, event, stateRef, dispatch, local, titleOf, showSettings, loaded }: Options) {
  const describeError = useDescribeError();
  const navigate = useNavigate();
  const location = useLocation();
  const isNew = event === null;
  const [server, setServer] = useState<ServerErrors>(NO_SERVER_ERRORS);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [attempted, setAttempted] = useState(false);
  // Just created (the page was replaced by the saved composition's): follow its generation through to the player.
  const [justSaved, setJustSaved] = useState(() => Boolean((location.state as { justCreated?: boolean } | null)?.justCreated));

  const create = useMutation(api.compose.create.mutationOptions());
  const createEncoder = useMutation(api.compose.createEncoder.mutationOptions());
  const update = useMutation(api.compose.update.mutationOptions());
  const upsertEncoder = useMutation(api.compose.upsertEncoder.mutationOptions());
  const patchEvent = useMutation(api.event.patch.mutationOptions());
  const saving = create.isPending || createEncoder.isPending || update.isPending || upsertEncoder.isPending || patchEvent.isPending;
  const [saveRequest, setSaveRequest] = useState(0);
  const conflict = useComposeConflict({ eventId: event?.id ?? null, loaded, liveEvent: event, stateRef, dispatch, titleOf, resave: () => setSaveRequest((n) => n + 1) });

  const problemLines = (items: ReadonlyMap<string, readonly ItemIssue[]>, fields: DocumentIssues['fields'], other: string[] = []): Problem['lines'] => {
    const lines: Problem['lines'] = [];
    for (const [field, message] of Object.entries(fields)) {
      if (!message) continue;
      if (field === 'items') lines.push({ text: message });
      else lines.push({ text: `${FIELD_LABELS[field] ?? field}: ${message}`, settings: true });
    }
    stateRef.current.doc.items.forEach((item, index) => {
      for (const issue of items.get(item.key) ?? []) lines.push({ text: `Item ${index + 1} (${titleOf(item)}): ${issue.message}`, itemKey: item.key });
    });
    for (const text of other) lines.push({ text });
    return lines;
  };

  const save = async () => {
    const current = stateRef.current;
    setAttempted(true);
    if (local.count > 0) {
      const lines = problemLines(local.items, local.fields);
      setProblem({ title: `${local.count === 1 ? 'One thing needs' : `${local.count} things need`} attention before saving`, lines });
      const first = lines.find((l) => l.itemKey);
      if (first?.itemKey) dispatch({ type: 'setActive', key: first.itemKey });
      else if (lines.some((l) => l.settings)) showSettings();
      return;
    }
    setProblem(null);
    setServer(NO_SERVER_ERRORS);
    conflict.started();
    const sentItems = current.doc.items;
    // What the service holds of the document as the requests go through (the playlist may be saved and the event refused).
    let saved = current.saved;
    let refused: 'playlist' | 'event' = 'playlist';
    try {
      if (isNew) {
        const id =
          kind === 'standard'
            ? await create.mutateAsync({ body: standardCreateBody(current.doc) })
            : await createEncoder.mutateAsync({ body: encoderCreateBody(current.doc) });
        dispatch({ type: 'markSaved' });
        notify(`Created ‘${current.doc.event.title.trim()}’.`, { severity: 'success' });
        void navigate(`/compose/${id}`, { replace: true, state: { saved: true, justCreated: true } });
        return;
      }
      const playlistChanged = current.doc.items !== current.saved.items || current.doc.settings !== current.saved.settings;
      const ops = eventPatch(current.saved.event, current.doc.event, kind);
      if (playlistChanged || ops.length === 0) {
        const params = { eventId: event.id };
        const ifMatch = conflict.ifMatch.playlist();
        const playlist =
          kind === 'standard'
            ? await update.mutateAsync({ params, body: playlistBody(current.doc, 'standard'), ifMatch })
            : await upsertEncoder.mutateAsync({ params, body: playlistBody(current.doc, 'encoder'), ifMatch });
        conflict.savedPlaylist(playlist);
        saved = { ...saved, settings: current.doc.settings, items: current.doc.items };
        dispatch({ type: 'markSaved', doc: saved });
      }
      refused = 'event';
      if (ops.length > 0) conflict.savedEvent(await patchEvent.mutateAsync({ params: { id: event.id }, body: ops, ifMatch: conflict.ifMatch.event(saved) }));
      // Only what was sent is saved: edits made while saving stay unsaved.
      dispatch({ type: 'markSaved', doc: current.doc });
      setAttempted(false);
      setJustSaved(kind === 'standard');
      notify(kind === 'standard' ? 'Saved. The composition is being generated again.' : 'Saved. The encoder plays the new playlist.', { severity: 'success' });
    } catch (error) {
      if (conflict.handle(error, refused, saved)) return;
      if (error instanceof ApiError && error.status === 400 && error.fieldErrors.length > 0) {
        const mapped = mapServerErrors(error.fieldErrors);
        const items = new Map<string, { item: EditorItem; issues: ItemIssue[] }>();
        for (const [index, list] of mapped.items) {
          const item = sentItems[index];
          if (item) items.set(item.key, { item, issues: list });
          else mapped.other.push(...list.map((i) => `Item ${index + 1}: ${i.message}`));
        }
        setServer({ items, fields: mapped.fields, other: mapped.other });
        const byKey = new Map([...items].map(([key, v]) => [key, v.issues]));
        setProblem({ title: 'The service did not accept the playlist', lines: problemLines(byKey, mapped.fields, mapped.other) });
        const firstKey = [...items.keys()][0];
        if (firstKey) dispatch({ type: 'setActive', key: firstKey });
      } else {
        const described = describeError(error);
        setProblem({ title: 'Could not save', lines: [{ text: described.message }] });
      }
    }
  };
  const saveRef = useRef(save);
  useLayoutEffect(() => {
    saveRef.current = save;
  });
  useEffect(() => {
    if (saveRequest > 0) void saveRef.current();
  }, [saveRequest]);
  /** Commits a field being typed in (blur), then saves with what it committed. */
  const requestSave = useCallback(() => {
    if (document.activeElement instanceof HTMLElement && isTextTarget(document.activeElement)) document.activeElement.blur();
    setSaveRequest((n) => n + 1);
  }, []);

  return { server, problem, dismissProblem: () => setProblem(null), attempted, saving, justSaved, requestSave, conflictDialog: conflict.dialog };
}
