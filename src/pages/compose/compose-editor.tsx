/**
 * The playlist editor: available content on the left, the playlist in the middle, the open
 * item's details on the right (a drawer on narrower screens), the playlist settings on their own
 * tab. One reducer with a history holds every edit (playlist-model.ts); one explicit save sends
 * them, with the service's 400s put back on the items they concern, and a standard composition's
 * generation followed live afterwards.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { visuallyHidden } from '@mui/utils';
import UndoIcon from '@mui/icons-material/UndoRounded';
import RedoIcon from '@mui/icons-material/RedoRounded';
import SaveIcon from '@mui/icons-material/SaveOutlined';
import CheckIcon from '@mui/icons-material/CheckCircleOutlineRounded';
import EditIcon from '@mui/icons-material/EditOutlined';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import type { Event } from '#schema';
import { ApiError } from '#client';
import { useDescribeError } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { notify } from '#app/notifications.tsx';
import { BackLink } from '#components/back-link.tsx';
import { LeaveGuard } from '#components/leave-guard.tsx';
import { StateChip } from '#components/state-chip.tsx';
import { useTabParam } from '#components/use-tab-param.ts';
import { useEventLookups } from '#pages/event/index.ts';
import { AvailableContent, type SourceDragData } from './available-content.tsx';
import { CompositionStatus } from './composition-status.tsx';
import { ItemDetails } from './item-details.tsx';
import {
  canRedo,
  canUndo,
  computeTimeline,
  createEditorState,
  encoderCreateBody,
  eventPatch,
  isDirty,
  mapServerErrors,
  playlistBody,
  playlistReducer,
  redoLabel,
  standardCreateBody,
  undoLabel,
  countIssues,
  validateFields,
  validateItems,
  type CompositionKind,
  type DocumentIssues,
  type EditorAction,
  type EditorItem,
  type EditorState,
  type ItemIssue,
  type NewItem,
  type PlaylistDocument,
} from './playlist-model.ts';
import { itemTitle, PLAYLIST_DROP_ID, PlaylistPane, type RowDragData } from './playlist-pane.tsx';
import { KIND_FIXED, KIND_LABEL, PlaylistSettingsPanel } from './playlist-settings.tsx';
import { useSources } from './use-sources.ts';

export interface ComposeEditorProps {
  kind: CompositionKind;
  initial: PlaylistDocument;
  /** The composition event; null while it is not created yet. */
  event: Event | null;
}

interface ServerErrors {
  /** Item issues with the item as it was when the service spoke: shown while the item is unchanged. */
  items: Map<string, { item: EditorItem; issues: ItemIssue[] }>;
  fields: DocumentIssues['fields'];
  other: string[];
}

const NO_SERVER_ERRORS: ServerErrors = { items: new Map(), fields: {}, other: [] };
/** No rows move with a drag: one array, so the memoised playlist pane is not re-rendered for a new []. */
const NO_KEYS: readonly string[] = [];

const EDITOR_TABS = ['playlist', 'settings'] as const;
type EditorTab = (typeof EDITOR_TABS)[number];

interface Problem {
  title: string;
  lines: { text: string; itemKey?: string; settings?: boolean }[];
}

function isTextTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLTextAreaElement || target.isContentEditable) return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(target.type);
}

export function ComposeEditor({ kind, initial, event}: ComposeEditorProps) {
  const describeError = useDescribeError();
  const navigate = useNavigate();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('lg'));
  const lookups = useEventLookups();
  const [tab, setTab] = useTabParam({ tabs: EDITOR_TABS, fallback: 'playlist', history: 'replace' });

  const [state, dispatch] = useReducer(playlistReducer, undefined, () => createEditorState(kind, initial));
  const stateRef = useRef<EditorState>(state);
  useLayoutEffect(() => {
    stateRef.current = state;
  });
  const isNew = event === null;
  const dirty = isDirty(state) || isNew;
  const { doc } = state;

  const sources = useSources(doc.items);
  const timeline = useMemo(() => computeTimeline(doc.items, sources.lookup), [doc.items, sources.lookup]);
  // Items and fields apart, so typing in a setting does not re-check (and re-render) 500 items.
  const localItems = useMemo(() => validateItems(doc.items, kind, sources.lookup, timeline), [doc.items, kind, sources.lookup, timeline]);
  const localFields = useMemo(() => validateFields(doc, kind, isNew), [doc, kind, isNew]);
  const local = useMemo(() => ({ items: localItems, fields: localFields, count: countIssues(localFields, localItems) }), [localItems, localFields]);
  const [server, setServer] = useState<ServerErrors>(NO_SERVER_ERRORS);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [attempted, setAttempted] = useState(false);
  const location = useLocation();
  // Just created (the page was replaced by the saved composition's): follow its generation through to the player.
  const [justSaved, setJustSaved] = useState(() => Boolean((location.state as { justCreated?: boolean } | null)?.justCreated));

  const issues = useMemo(() => {
    const merged = new Map<string, ItemIssue[]>();
    for (const item of doc.items) {
      const list = [...(localItems.get(item.key) ?? [])];
      const fromService = server.items.get(item.key);
      if (fromService && fromService.item === item) list.push(...fromService.issues);
      if (list.length) merged.set(item.key, list);
    }
    return merged;
  }, [doc.items, localItems, server.items]);
  const fieldErrors = useMemo(() => ({ ...(attempted ? local.fields : pick(local.fields, ['scheduledEnd', 'refId', 'externalId'])), ...server.fields }), [attempted, local.fields, server.fields]);
  const settingsProblems = Object.keys(fieldErrors).filter((f) => f !== 'items').length;

  // ---- Saving -----------------------------------------------------------------------------------

  const create = useMutation(api.compose.create.mutationOptions());
  const createEncoder = useMutation(api.compose.createEncoder.mutationOptions());
  const update = useMutation(api.compose.update.mutationOptions());
  const upsertEncoder = useMutation(api.compose.upsertEncoder.mutationOptions());
  const patchEvent = useMutation(api.event.patch.mutationOptions());
  const saving = create.isPending || createEncoder.isPending || update.isPending || upsertEncoder.isPending || patchEvent.isPending;
  const [saveRequest, setSaveRequest] = useState(0);

  const problemLines = (items: ReadonlyMap<string, readonly ItemIssue[]>, fields: DocumentIssues['fields'], other: string[] = []): Problem['lines'] => {
    const labels: Record<string, string> = {
      name: 'Playlist name',
      title: 'Title',
      workflowId: 'Workflow',
      channelId: 'Channel',
      liveStreamStart: 'Live stream start',
      scheduledStart: 'Scheduled start',
      scheduledEnd: 'Scheduled end',
      refId: 'Reference id',
      externalId: 'External id',
      eventTypeId: 'Event type',
      roomId: 'Room',
      categoryIds: 'Categories',
    };
    const lines: Problem['lines'] = [];
    for (const [field, message] of Object.entries(fields)) {
      if (!message) continue;
      if (field === 'items') lines.push({ text: message });
      else lines.push({ text: `${labels[field] ?? field}: ${message}`, settings: true });
    }
    doc.items.forEach((item, index) => {
      for (const issue of items.get(item.key) ?? []) {
        lines.push({ text: `Item ${index + 1} (${itemTitle(item, sources.lookup(item))}): ${issue.message}`, itemKey: item.key });
      }
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
      else if (lines.some((l) => l.settings)) setTab('settings');
      return;
    }
    setProblem(null);
    setServer(NO_SERVER_ERRORS);
    const sentItems = current.doc.items;
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
        if (kind === 'standard') await update.mutateAsync({ params, body: playlistBody(current.doc, 'standard') });
        else await upsertEncoder.mutateAsync({ params, body: playlistBody(current.doc, 'encoder') });
      }
      if (ops.length > 0) await patchEvent.mutateAsync({ params: { id: event.id }, body: ops });
      // Only what was sent is saved: edits made while saving stay unsaved.
      dispatch({ type: 'markSaved', doc: current.doc });
      setAttempted(false);
      setJustSaved(kind === 'standard');
      notify(kind === 'standard' ? 'Saved. The composition is being generated again.' : 'Saved. The encoder plays the new playlist.', { severity: 'success' });
    } catch (error) {
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

  // ---- Leaving with unsaved edits -----------------------------------------------------------------

  const hasUnsaved = isDirty(state) || (isNew && state.past.length > 0);

  // ---- Keyboard: undo, redo, save ------------------------------------------------------------------

  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      const mod = e.ctrlKey || e.metaKey;
      if (!mod || e.altKey) return;
      const key = e.key.toLowerCase();
      if (key === 's') {
        e.preventDefault();
        requestSave();
        return;
      }
      if (isTextTarget(e.target) || (e.target instanceof Element && e.target.closest('[role="dialog"]'))) return;
      if (key === 'z' || key === 'y') {
        e.preventDefault();
        dispatch({ type: key === 'y' || e.shiftKey ? 'redo' : 'undo' });
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [requestSave]);

  // ---- Adding ------------------------------------------------------------------------------------

  const [focusRequest, setFocusRequest] = useState<{ key: string; n: number } | null>(null);
  const onAdd = useCallback((items: NewItem[]) => {
    dispatch({ type: 'insert', items });
  }, []);

  // ---- Drag and drop ------------------------------------------------------------------------------

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: sortableKeyboardCoordinates,
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
      // Instant: a smooth scroll lags behind quick key presses, and rows it has not reached are not rendered yet.
      scrollBehavior: 'auto',
    }),
  );
  const [drag, setDrag] = useState<{ id: string; keys: string[]; title: string; source: NewItem | null } | null>(null);

  const collision: CollisionDetection = useCallback((args) => {
    if (args.pointerCoordinates) {
      const hits = pointerWithin(args);
      const row = hits.find((h) => h.id !== PLAYLIST_DROP_ID);
      return row ? [row] : hits;
    }
    return closestCenter({ ...args, droppableContainers: args.droppableContainers.filter((c) => c.id !== PLAYLIST_DROP_ID) });
  }, []);

  const titleOfKey = (key: string) => {
    const item = stateRef.current.doc.items.find((i) => i.key === key);
    return item ? itemTitle(item, sources.lookup(item)) : '';
  };
  const positionOf = (key: string) => stateRef.current.doc.items.findIndex((i) => i.key === key);

  const onDragStart = ({ active }: DragStartEvent) => {
    const data = active.data.current as RowDragData | SourceDragData | undefined;
    if (data?.kind === 'source') {
      setDrag({ id: String(active.id), keys: [], title: data.title, source: data.item });
    } else if (data?.kind === 'row') {
      const selection = stateRef.current.selection;
      const keys = selection.includes(data.key) && selection.length > 1 ? [...selection] : [data.key];
      setDrag({ id: data.key, keys, title: titleOfKey(data.key), source: null });
    }
  };
  const endDrag = () => setDrag(null);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const current = drag;
    endDrag();
    if (!over || !current) return;
    const items = stateRef.current.doc.items;
    const overKey = String(over.id);
    if (current.source) {
      const index = overKey === PLAYLIST_DROP_ID ? items.length : positionOf(overKey);
      dispatch({ type: 'insert', items: [current.source], index: index < 0 ? items.length : index });
      return;
    }
    const activeKey = String(active.id);
    if (overKey === PLAYLIST_DROP_ID) {
      dispatch({ type: 'move', keys: current.keys, to: items.length });
      return;
    }
    if (overKey === activeKey) return;
    if (current.keys.length === 1) {
      dispatch({ type: 'move', keys: current.keys, to: positionOf(overKey) });
    } else if (!current.keys.includes(overKey)) {
      const rest = items.filter((i) => !current.keys.includes(i.key));
      const restIndex = rest.findIndex((i) => i.key === overKey);
      const down = positionOf(overKey) > positionOf(activeKey);
      dispatch({ type: 'move', keys: current.keys, to: down ? restIndex + 1 : restIndex });
    }
    setFocusRequest({ key: activeKey, n: Date.now() });
  };

  const announcements: Announcements = {
    onDragStart({ active }) {
      const data = active.data.current as RowDragData | SourceDragData | undefined;
      if (data?.kind === 'source') return `Picked up ${data.title} from the available content. Drop it on the playlist to add it.`;
      const key = String(active.id);
      const n = stateRef.current.doc.items.length;
      const selection = stateRef.current.selection;
      const others = selection.includes(key) && selection.length > 1 ? ` with ${selection.length - 1} other selected ${selection.length === 2 ? 'item' : 'items'}` : '';
      return `Picked up item ${positionOf(key) + 1} of ${n}, ${titleOfKey(key)}${others}. Use the up and down arrows to move it, Space to drop it here, Escape to cancel.`;
    },
    onDragOver({ active, over }) {
      if (!over) return 'Not over the playlist.';
      const n = stateRef.current.doc.items.length;
      if (String(active.id).startsWith('source:')) return over.id === PLAYLIST_DROP_ID ? `Will be added at the end, position ${n + 1}.` : `Will be added at position ${positionOf(String(over.id)) + 1}.`;
      if (over.id === PLAYLIST_DROP_ID) return `Will move to the end, position ${n}.`;
      return `Position ${positionOf(String(over.id)) + 1} of ${n}.`;
    },
    onDragEnd({ active, over }) {
      if (!over) return String(active.id).startsWith('source:') ? 'Dropped outside the playlist: nothing added.' : 'Dropped outside the playlist: the item stays where it was.';
      if (String(active.id).startsWith('source:')) return `Added to the playlist.`;
      const n = stateRef.current.doc.items.length;
      const to = over.id === PLAYLIST_DROP_ID ? n : positionOf(String(over.id)) + 1;
      return `Dropped ${titleOfKey(String(active.id))} at position ${to} of ${n}.`;
    },
    onDragCancel({ active }) {
      if (String(active.id).startsWith('source:')) return 'Cancelled: nothing added.';
      return `Moving cancelled. ${titleOfKey(String(active.id))} is back at position ${positionOf(String(active.id)) + 1}.`;
    },
  };

  // ---- Layout --------------------------------------------------------------------------------------

  const activeIndex = state.active ? doc.items.findIndex((i) => i.key === state.active) : -1;
  const activeItem = activeIndex >= 0 ? doc.items[activeIndex]! : null;
  const closeDetails = () => {
    const key = state.active;
    dispatch({ type: 'setActive', key: null });
    if (key) setFocusRequest({ key, n: Date.now() });
  };
  const details = activeItem ? (
    <ItemDetails
      key={activeItem.key}
      item={activeItem}
      index={activeIndex}
      count={doc.items.length}
      kind={kind}
      source={sources.lookup(activeItem)}
      timing={timeline.items[activeIndex]}
      issues={issues.get(activeItem.key)}
      dispatch={dispatch}
      onClose={closeDetails}
    />
  ) : null;

  const status = saving ? 'Saving…' : isNew ? (state.past.length ? 'New composition — not saved yet' : 'New composition — add items, then save') : isDirty(state) ? 'Unsaved changes' : 'All changes saved';
  const title = doc.event.title.trim() || (isNew ? `New ${KIND_LABEL[kind].toLowerCase()}` : 'Untitled composition');

  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && activeItem && wide && !isTextTarget(e.target) && !(e.target instanceof Element && e.target.closest('[role="dialog"], [role="listbox"], [role="menu"]'))) {
          closeDetails();
        }
      }}
    >
      <Box component="header" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1.5, mb: 1.5 }}>
        <Box sx={{ flex: '1 1 320px', minWidth: 0 }}>
          <BackLink to="/compose" label="Playlists" />
          <Typography variant="h1" sx={{ fontSize: { xs: '1.2rem', sm: '1.5rem' }, overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
            <Tooltip title={KIND_FIXED}>
              <Chip size="small" variant="outlined" icon={<InfoIcon />} label={KIND_LABEL[kind]} tabIndex={0} aria-label={`${KIND_LABEL[kind]}. ${KIND_FIXED}`} />
            </Tooltip>
            {event && <StateChip state={event.state} />}
            {doc.settings.looped && <Chip size="small" label="Looped" />}
          </Box>
        </Box>
        <Paper variant="outlined" role="region" aria-label="Save" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, p: 0.5, pl: 1.5, flexWrap: 'wrap', maxWidth: '100%' }}>
          <Box role="status" data-testid="save-status" sx={{ display: 'flex', alignItems: 'center', gap: 0.75, mr: 1, fontSize: 14, fontWeight: dirty ? 600 : 400, color: dirty ? 'warning.main' : 'text.secondary' }}>
            {saving ? <CircularProgress size={14} aria-hidden /> : dirty ? <EditIcon sx={{ fontSize: 16 }} aria-hidden /> : <CheckIcon sx={{ fontSize: 16, color: 'success.main' }} aria-hidden />}
            {status}
          </Box>
          <Tooltip title={canUndo(state) ? `Undo ${undoLabel(state)} (Ctrl+Z)` : 'Nothing to undo'}>
            <span>
              <IconButton aria-label={canUndo(state) ? `Undo ${undoLabel(state)}` : 'Undo'} disabled={!canUndo(state)} onClick={() => dispatch({ type: 'undo' })}>
                <UndoIcon />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title={canRedo(state) ? `Redo ${redoLabel(state)} (Ctrl+Shift+Z)` : 'Nothing to redo'}>
            <span>
              <IconButton aria-label={canRedo(state) ? `Redo ${redoLabel(state)}` : 'Redo'} disabled={!canRedo(state)} onClick={() => dispatch({ type: 'redo' })}>
                <RedoIcon />
              </IconButton>
            </span>
          </Tooltip>
          <Button
            variant="contained"
            onClick={requestSave}
            disabled={saving || (!dirty && !isNew)}
            startIcon={saving ? <CircularProgress size={16} color="inherit" aria-hidden /> : <SaveIcon />}
            aria-keyshortcuts="Control+S"
          >
            {isNew ? 'Create' : 'Save'}
          </Button>
        </Paper>
      </Box>

      <Box sx={visuallyHidden} aria-live="polite" data-testid="editor-announcement">
        {state.announcement}
      </Box>

      {problem && (
        <Alert severity="error" onClose={() => setProblem(null)} sx={{ mb: 1.5 }} data-testid="save-problem">
          <AlertTitle>{problem.title}</AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2, maxHeight: 160, overflowY: 'auto' }}>
            {problem.lines.slice(0, 50).map((line, index) => (
              <li key={index}>
                {line.itemKey || line.settings ? (
                  <Link
                    component="button"
                    type="button"
                    color="inherit"
                    sx={{ textAlign: 'left', verticalAlign: 'baseline' }}
                    onClick={() => {
                      if (line.itemKey) {
                        setTab('playlist');
                        dispatch({ type: 'setActive', key: line.itemKey });
                        setFocusRequest({ key: line.itemKey, n: Date.now() });
                      } else setTab('settings');
                    }}
                  >
                    {line.text}
                  </Link>
                ) : (
                  line.text
                )}
              </li>
            ))}
          </Box>
        </Alert>
      )}

      {event && <CompositionStatus kind={kind} event={event} justSaved={justSaved} />}

      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 1.5 }}>
        <Tabs value={tab} onChange={(_e, next: EditorTab) => setTab(next)} aria-label="Editor sections">
          <Tab value="playlist" id="compose-tab-playlist" aria-controls="compose-panel-playlist" label={`Playlist (${doc.items.length})`} />
          <Tab
            value="settings"
            id="compose-tab-settings"
            aria-controls="compose-panel-settings"
            label={
              <Badge color="error" variant="dot" invisible={settingsProblems === 0}>
                <Box component="span" sx={{ pr: settingsProblems ? 1 : 0 }}>
                  Settings
                </Box>
              </Badge>
            }
          />
        </Tabs>
      </Box>

      <Box role="tabpanel" id="compose-panel-settings" aria-labelledby="compose-tab-settings" hidden={tab !== 'settings'}>
        {tab === 'settings' && <PlaylistSettingsPanel kind={kind} doc={doc} isNew={isNew} event={event} lookups={lookups} errors={fieldErrors} dispatch={dispatch} />}
      </Box>

      <Box role="tabpanel" id="compose-panel-playlist" aria-labelledby="compose-tab-playlist" hidden={tab !== 'playlist'}>
        <DndContext
          sensors={sensors}
          collisionDetection={collision}
          // Rows mount and unmount as the virtualised list scrolls: measure them as they come.
          measuring={{ droppable: { strategy: MeasuringStrategy.WhileDragging } }}
          autoScroll={{ acceleration: 25, threshold: { x: 0, y: 0.15 } }}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
          onDragCancel={endDrag}
          accessibility={{
            announcements,
            screenReaderInstructions: {
              draggable: 'To pick up a playlist item, press Space. While dragging, use the up and down arrow keys to move it, Space to drop it, Escape to cancel.',
            },
          }}
        >
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              // minmax(0, …): long titles ellipsise instead of widening the page.
              gridTemplateColumns: {
                xs: 'minmax(0, 1fr)',
                md: 'minmax(260px, 320px) minmax(0, 1fr)',
                lg: activeItem ? 'minmax(240px, 280px) minmax(0, 1fr) minmax(340px, 400px)' : 'minmax(260px, 320px) minmax(0, 1fr)',
              },
              height: { xs: 'auto', md: 'max(520px, calc(100dvh - 300px))' },
            }}
          >
            <Box sx={{ minWidth: 0, minHeight: 0, height: { xs: 420, md: '100%' }, order: { xs: 2, md: 0 } }}>
              <AvailableContent kind={kind} onAdd={onAdd} excludeId={event?.id} />
            </Box>
            <Box sx={{ minWidth: 0, minHeight: 0, height: { xs: '70dvh', md: '100%' }, order: { xs: 1, md: 0 } }}>
              {attempted && local.fields.items && (
                <Alert severity="warning" sx={{ mb: 1 }}>
                  {local.fields.items}
                </Alert>
              )}
              <PlaylistPane
                items={doc.items}
                selection={state.selection}
                active={state.active}
                timeline={timeline}
                lookup={sources.lookup}
                issues={issues}
                dispatch={dispatch as (action: EditorAction) => void}
                dragId={drag?.id ?? null}
                draggingKeys={drag?.keys ?? NO_KEYS}
                focusRequest={focusRequest}
              />
            </Box>
            {wide && activeItem && (
              <Paper variant="outlined" sx={{ minHeight: 0, height: '100%', overflowY: 'auto', p: 2 }}>
                {details}
              </Paper>
            )}
          </Box>
          <DragOverlay dropAnimation={null}>{drag ? <DragPreview title={drag.title} count={Math.max(1, drag.keys.length)} source={Boolean(drag.source)} /> : null}</DragOverlay>
        </DndContext>
      </Box>

      {!wide && (
        <Drawer anchor="right" open={Boolean(activeItem)} onClose={closeDetails} slotProps={{ paper: { sx: { width: { xs: '100%', sm: 480 }, p: 2 } } }}>
          {details}
        </Drawer>
      )}

      <LeaveGuard unsaved={hasUnsaved}>
        {isNew ? 'This composition has not been created yet. The playlist you built will be lost.' : `Your changes to the playlist of ‘${title}’ are not saved and will be lost.`}
      </LeaveGuard>
    </Box>
  );
}

function pick<T extends object>(object: T, names: string[]): Partial<T> {
  return Object.fromEntries(Object.entries(object).filter(([k]) => names.includes(k))) as Partial<T>;
}

function DragPreview({ title, count, source }: { title: string; count: number; source: boolean }): ReactNode {
  return (
    <Paper elevation={8} sx={{ px: 1.5, py: 1, display: 'flex', alignItems: 'center', gap: 1, maxWidth: 360, cursor: 'grabbing', borderLeft: 3, borderColor: 'primary.main' }}>
      <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
        {source ? `Add ‘${title}’` : title}
      </Typography>
      {count > 1 && <Chip size="small" color="primary" label={`+${count - 1}`} />}
    </Paper>
  );
}
