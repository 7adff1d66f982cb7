/**
 * The playlist editor: available content on the left, the playlist in the middle, the open
 * item's details on the right (a drawer on narrower screens), the playlist settings on their own
 * tab. One reducer with a history holds every edit (playlist-document.ts, playlist-reducer.ts);
 * one explicit save sends them, with the service's 400s put back on the items they concern
 * (use-compose-save.ts), and a standard composition's generation followed live afterwards.
 * Dragging: use-playlist-drag.tsx; the header and save bar: editor-header.tsx; the keyboard:
 * editor-keys.ts.
 */
import { useCallback, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'react';
import { DndContext, DragOverlay } from '@dnd-kit/core';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { visuallyHidden } from '@mui/utils';
import type { Event } from '#schema';
import { api } from '#app/api.ts';
import { useCan } from '#app/use-role.ts';
import { LeaveGuard } from '#components/leave-guard.tsx';
import { useTabParam } from '#components/use-tab-param.ts';
import { useEventLookups } from '#pages/event/index.ts';
import { AvailableContent } from './available-content.tsx';
import { CompositionStatus } from './composition-status.tsx';
import { EditorHeader, SaveProblem } from './editor-header.tsx';
import { isTextTarget, useEditorKeys } from './editor-keys.ts';
import { ItemDetails } from './item-details.tsx';
import { createEditorState, isDirty, type CompositionKind, type EditorAction, type EditorItem, type EditorState, type NewItem, type PlaylistDocument } from './playlist-document.ts';
import { playlistReducer } from './playlist-reducer.ts';
import { timelineBuilder } from './playlist-timing.ts';
import { countIssues, validateFields, validateItems, type ItemIssue } from './playlist-validation.ts';
import { PlaylistPane } from './playlist-pane.tsx';
import { itemTitle } from './playlist-row-label.ts';
import { KIND_LABEL, PlaylistSettingsPanel } from './playlist-settings.tsx';
import type { LoadedVersions } from './use-compose-conflict.ts';
import { useComposeSave } from './use-compose-save.ts';
import { DragPreview, usePlaylistDrag } from './use-playlist-drag.tsx';
import { useSources } from './use-sources.ts';

export interface ComposeEditorProps {
  kind: CompositionKind;
  initial: PlaylistDocument;
  /** The composition event; null while it is not created yet. */
  event: Event | null;
  loaded: LoadedVersions; // the versions `initial` was read at (none for a new composition)
}

const noSave = () => {}; // a key that may not save: Ctrl+S does nothing
/** No rows move with a drag: one array, so the memoised playlist pane is not re-rendered for a new []. */
const NO_KEYS: readonly string[] = [];

const EDITOR_TABS = ['playlist', 'settings'] as const;
type EditorTab = (typeof EDITOR_TABS)[number];

export function ComposeEditor({ kind, initial, event, loaded }: ComposeEditorProps) {
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
  const { doc } = state;
  const permission = useCan()(isNew ? api.compose.create : api.compose.update);

  const sources = useSources(doc.items);
  const titleOf = useCallback((item: EditorItem) => itemTitle(item, sources.lookup(item)), [sources]);
  // Built on the one before: unchanged timings keep their objects, so unmoved rows do not render again.
  const [buildTimeline] = useState(timelineBuilder);
  const timeline = useMemo(() => buildTimeline(doc.items, sources.lookup), [buildTimeline, doc.items, sources.lookup]);
  // Items and fields apart, so typing in a setting does not re-check (and re-render) 500 items.
  const localItems = useMemo(() => validateItems(doc.items, kind, sources.lookup, timeline), [doc.items, kind, sources.lookup, timeline]);
  const localFields = useMemo(() => validateFields(doc, kind, isNew), [doc, kind, isNew]);
  const local = useMemo(() => ({ items: localItems, fields: localFields, count: countIssues(localFields, localItems) }), [localItems, localFields]);
  const { server, problem, dismissProblem, attempted, saving, justSaved, requestSave, conflictDialog } = useComposeSave({
    kind,
    event,
    stateRef,
    dispatch,
    local,
    titleOf,
    showSettings: () => setTab('settings'),
    loaded,
  });

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
  const fieldErrors = useMemo(() => ({ ...(attempted ? local.fields : Object.fromEntries(Object.entries(local.fields).filter(([k]) => ['scheduledEnd', 'refId', 'externalId'].includes(k)))), ...server.fields }), [attempted, local.fields, server.fields]);
  const settingsProblems = Object.keys(fieldErrors).filter((f) => f !== 'items').length;

  const hasUnsaved = isDirty(state) || (isNew && state.past.length > 0);
  useEditorKeys(permission.allowed ? requestSave : noSave, useCallback((type: 'undo' | 'redo') => dispatch({ type }), []));

  const [focusRequest, setFocusRequest] = useState<{ key: string; n: number } | null>(null);
  const onAdd = useCallback((items: NewItem[]) => {
    dispatch({ type: 'insert', items });
  }, []);
  const titleOfKey = (key: string) => {
    const item = stateRef.current.doc.items.find((i) => i.key === key);
    return item ? titleOf(item) : '';
  };
  const { drag, context } = usePlaylistDrag({ stateRef, dispatch, titleOfKey, onMoved: (key) => setFocusRequest({ key, n: Date.now() }) });

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

  const title = doc.event.title.trim() || (isNew ? `New ${KIND_LABEL[kind].toLowerCase()}` : 'Untitled composition');

  return (
    <Box
      // The editor fills the page's scrolling box, and the panes what is left of it below the
      // header, whatever shows above them (the composition's progress comes and goes): a fixed
      // guess of the header's height let the page scroll by the progress banner's.
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 0 auto' }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && activeItem && wide && !isTextTarget(e.target) && !(e.target instanceof Element && e.target.closest('[role="dialog"], [role="listbox"], [role="menu"]'))) {
          closeDetails();
        }
      }}
    >
      <EditorHeader kind={kind} title={title} event={event} state={state} saving={saving} dispatch={dispatch} onSave={requestSave} cannotSave={permission.reason} />

      <Box sx={visuallyHidden} aria-live="polite" data-testid="editor-announcement">
        {state.announcement}
      </Box>

      {problem && (
        <SaveProblem
          problem={problem}
          onClose={dismissProblem}
          onItem={(key) => {
            setTab('playlist');
            dispatch({ type: 'setActive', key });
            setFocusRequest({ key, n: Date.now() });
          }}
          onSettings={() => setTab('settings')}
        />
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

      <Box role="tabpanel" id="compose-panel-playlist" aria-labelledby="compose-tab-playlist" hidden={tab !== 'playlist'} sx={{ display: tab === 'playlist' ? 'flex' : 'none', flexDirection: 'column', flex: '1 0 auto' }}>
        <DndContext {...context}>
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
              flex: { xs: '0 0 auto', md: '1 1 0' },
              minHeight: { md: 520 },
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
          <DragOverlay dropAnimation={null} style={{ willChange: 'transform' }}>{drag ? <DragPreview title={drag.title} count={Math.max(1, drag.keys.length)} source={Boolean(drag.source)} /> : null}</DragOverlay>
        </DndContext>
      </Box>

      {!wide && (
        <Drawer anchor="right" open={Boolean(activeItem)} onClose={closeDetails} slotProps={{ paper: { sx: { width: { xs: '100%', sm: 480 }, p: 2 } } }}>
          {details}
        </Drawer>
      )}

      {conflictDialog}
      <LeaveGuard unsaved={hasUnsaved}>
        {isNew ? 'This composition has not been created yet. The playlist you built will be lost.' : `Your changes to the playlist of ‘${title}’ are not saved and will be lost.`}
      </LeaveGuard>
    </Box>
  );
}
