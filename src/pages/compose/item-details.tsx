/**
 * One playlist item in detail: a preview of its source with "in/out at the playhead", the trim
 * points typed as timecodes, frameAccurate and outputDescription, SCTE-35 markers on a small
 * timeline of the item (standard composition only), and the item's custom properties. Every
 * change is one dispatch, so undo takes it back.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/AddRounded';
import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import LoginIcon from '@mui/icons-material/FirstPageRounded';
import LogoutIcon from '@mui/icons-material/LastPageRounded';
import { MarkerType, type Marker } from '#schema';
import { useServiceUrl } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { Player } from '#components/player.tsx';
import { absoluteUrl, playableHlsUrl } from '#pages/event/index.ts';
import { CommitField } from './commit-field.tsx';
import { ITEM_TYPES, type CompositionKind, type EditorAction, type EditorItem } from './playlist-document.ts';
import { issueFor } from './playlist-service.ts';
import { booleanProperty, customProperties, textProperty, withCustomProperties, type ItemTiming, type SourceInfo } from './playlist-timing.ts';
import { type ItemIssue } from './playlist-validation.ts';
import { itemTitle } from './playlist-pane.tsx';
import { formatClock, formatTimecode, isIsoDateTime, normalizeTimeSpan, normalizeTimecode, parseTimeSpan, parseTimecode } from './timecode.ts';

export interface ItemDetailsProps {
  item: EditorItem;
  index: number;
  count: number;
  kind: CompositionKind;
  source: SourceInfo | null | undefined;
  timing: ItemTiming | undefined;
  issues: readonly ItemIssue[] | undefined;
  dispatch: (action: EditorAction) => void;
  onClose: () => void;
}

const checkTimecode = (text: string) =>
  text.trim() === '' || parseTimecode(text) !== null || isIsoDateTime(text) ? undefined : 'Use hh:mm:ss.fff (or mm:ss, or seconds).';

/** What a typed trim point or marker start is stored as: the service's form when it reads, the text as typed otherwise (validation then says so). */
function timecodeValue(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return normalizeTimecode(trimmed) ?? trimmed;
}

/** A titled part of the details; `add` puts an "Add …" button beside the title. */
function Section({ title, children, add }: { title: string; children: ReactNode; add?: { label: string; onClick: () => void } }) {
  return (
    <Box component="section" aria-label={title} sx={{ mt: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle2" component="h3" sx={{ flex: 1 }}>
          {title}
        </Typography>
        {add && (
          <Button size="small" startIcon={<AddIcon />} onClick={add.onClick}>
            {add.label}
          </Button>
        )}
      </Box>
      {children}
    </Box>
  );
}

export function ItemDetails({ item, index, count, kind, source, timing, issues, dispatch, onClose }: ItemDetailsProps) {
  const title = itemTitle(item, source);
  const isEvent = item.type === ITEM_TYPES.EVENT;
  const set = (name: string, value: unknown, label: string) => dispatch({ type: 'setProperty', key: item.key, name, value, label });
  const general = issues?.filter((i) => !/^(start|end|markers\.\d|properties\.)/.test(i.field)) ?? [];

  return (
    <Box component="section" aria-label={`Item ${index + 1}: ${title}`} data-testid="item-details" sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="overline" sx={{ color: 'text.secondary', lineHeight: 1.6 }}>
            Item {index + 1} of {count}
            {item.type === ITEM_TYPES.DIRECT_FULL_MP4 ? ' · MP4 URL' : ''}
          </Typography>
          <Typography variant="h3" component="h2" sx={{ fontSize: '1.05rem', overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}>
            {timing ? `Starts at ${timing.approximate ? 'at least ' : ''}${formatClock(timing.startMs)} in the programme` : ''}
            {timing?.durationMs != null ? ` · plays ${formatTimecode(timing.durationMs)}` : ''}
            {source?.durationMs != null ? ` · source ${formatTimecode(source.durationMs)}` : ''}
          </Typography>
          {isEvent && source && (
            <Link component={RouterLink} to={`/events/${item.value}`} variant="body2" target="_blank" rel="noopener">
              Open the source event
            </Link>
          )}
        </Box>
        <Tooltip title="Close (Esc)">
          <IconButton aria-label="Close the item details" onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Tooltip>
      </Box>

      {general.length > 0 && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {general.map((issue) => (
            <Box key={issue.field + issue.message}>{issue.message}</Box>
          ))}
        </Alert>
      )}

      {item.type === ITEM_TYPES.DIRECT_FULL_MP4 && (
        <CommitField
          sx={{ mt: 2 }}
          fullWidth
          size="small"
          label="MP4 URL"
          value={item.value}
          onCommit={(text) => dispatch({ type: 'updateItem', key: item.key, patch: { value: text.trim() }, label: 'changed the MP4 URL' })}
          check={(text) => (/^https?:\/\/\S+$/i.test(text.trim()) ? undefined : 'Enter an http:// or https:// URL of an MP4 file.')}
          error={issueFor(issues, 'value')}
          helperText="The encoder plays the whole file."
        />
      )}

      {isEvent && <Trim item={item} source={source} timing={timing} issues={issues} set={set} />}

      {kind === 'standard' && (
      <Section title="Options">
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <TextField
            select
            size="small"
            label="Frame accurate"
            value={booleanProperty(item, 'frameAccurate') === undefined ? '' : String(booleanProperty(item, 'frameAccurate'))}
            onChange={(e) => set('frameAccurate', e.target.value === '' ? undefined : e.target.value === 'true', 'changed frame accuracy')}
            sx={{ minWidth: 200 }}
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            helperText="Cuts on the exact frame rather than the nearest key frame"
          >
            <MenuItem value="">Account default</MenuItem>
            <MenuItem value="true">On</MenuItem>
            <MenuItem value="false">Off</MenuItem>
          </TextField>
          <FormControlLabel
            control={
              <Switch
                checked={booleanProperty(item, 'outputDescription') === true}
                onChange={(e) => set('outputDescription', e.target.checked ? true : undefined, e.target.checked ? 'turned on the output description' : 'turned off the output description')}
              />
            }
            label="Output description"
          />
        </Box>
      </Section>
      )}

      <Markers item={item} kind={kind} timing={timing} source={source} issues={issues} dispatch={dispatch} />
      <CustomProperties item={item} issues={issues} dispatch={dispatch} />
    </Box>
  );
}

function Trim({
  item,
  source,
  timing,
  issues,
  set,
}: {
  item: EditorItem;
  source: SourceInfo | null | undefined;
  timing: ItemTiming | undefined;
  issues: readonly ItemIssue[] | undefined;
  set: (name: string, value: unknown, label: string) => void;
}) {
  const serviceUrl = useServiceUrl();
  const playerBox = useRef<HTMLDivElement>(null);
  const [playhead, setPlayhead] = useState<number | null>(null);
  const [showPreview, setShowPreview] = useState(false);
  const detail = useQuery({
    ...api.event.get.queryOptions({ params: { id: item.value }, query: { processVideo: true } }),
    enabled: showPreview && source !== null,
    staleTime: 60_000,
  });
  const hls = playableHlsUrl(detail.data?.video);
  const src = hls ? absoluteUrl(hls, serviceUrl) : null;
  const video = () => playerBox.current?.querySelector('video') ?? null;
  const readPlayhead = () => {
    const v = video();
    return v && Number.isFinite(v.currentTime) ? Math.round(v.currentTime * 1000) : null;
  };
  const markAt = (name: 'start' | 'end') => {
    const ms = readPlayhead();
    if (ms === null) return;
    set(name, formatTimecode(ms), name === 'start' ? 'set the in point from the player' : 'set the out point from the player');
  };
  // Media events do not bubble: the playhead is read while the preview is open.
  useEffect(() => {
    if (!showPreview) return;
    const timer = setInterval(() => setPlayhead(readPlayhead()), 250);
    return () => clearInterval(timer);
    // readPlayhead reads the ref only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [showPreview]);
  const seek = (ms: number | null) => {
    const v = video();
    if (v && ms !== null) v.currentTime = ms / 1000;
  };

  return (
    <Section title="Trim">
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5 }}>
        <CommitField
          size="small"
          label="In point"
          placeholder="00:00:00.000"
          value={textProperty(item, 'start')}
          onCommit={(text) => set('start', timecodeValue(text), text.trim() ? 'changed the in point' : 'cleared the in point')}
          check={checkTimecode}
          error={issueFor(issues, 'start')}
          helperText="hh:mm:ss.fff · empty: from the start"
          slotProps={{ htmlInput: { inputMode: 'decimal', spellCheck: false, 'aria-describedby': undefined } }}
        />
        <CommitField
          size="small"
          label="Out point"
          placeholder={source?.durationMs != null ? formatTimecode(source.durationMs) : '00:00:00.000'}
          value={textProperty(item, 'end')}
          onCommit={(text) => set('end', timecodeValue(text), text.trim() ? 'changed the out point' : 'cleared the out point')}
          check={checkTimecode}
          error={issueFor(issues, 'end')}
          helperText="hh:mm:ss.fff · empty: to the end"
          slotProps={{ htmlInput: { inputMode: 'decimal', spellCheck: false } }}
        />
      </Box>
      <Box sx={{ mt: 1.5 }}>
        {!showPreview ? (
          <Button size="small" variant="outlined" onClick={() => setShowPreview(true)} disabled={source === null}>
            Preview the source to trim by playhead
          </Button>
        ) : (
          <>
            <Box ref={playerBox}>
              <Player
                src={src}
                live={false}
                title={`Source preview: ${source?.title ?? ''}`}
                empty={
                  <Box sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 1, color: 'text.secondary', fontSize: 14 }}>
                    {detail.isPending ? 'Loading the source…' : 'This source has no stream to preview in its current state; type the timecodes instead.'}
                  </Box>
                }
              />
            </Box>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1 }}>
              <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', mr: 'auto' }} aria-live="off">
                Playhead {playhead === null ? '—' : formatTimecode(playhead)}
              </Typography>
              <Button size="small" startIcon={<LoginIcon />} onClick={() => markAt('start')} disabled={!src}>
                Set in
              </Button>
              <Button size="small" startIcon={<LogoutIcon />} onClick={() => markAt('end')} disabled={!src}>
                Set out
              </Button>
              <Button size="small" onClick={() => seek(timing?.inMs ?? 0)} disabled={!src}>
                Go to in
              </Button>
            </Box>
          </>
        )}
      </Box>
    </Section>
  );
}

const MARKER_COLOURS = { [MarkerType.values.INSERTION]: 'info.main', [MarkerType.values.REPLACEMENT]: 'warning.main' } as Record<number, string>;

function Markers({
  item,
  kind,
  timing,
  source,
  issues,
  dispatch,
}: {
  item: EditorItem;
  kind: CompositionKind;
  timing: ItemTiming | undefined;
  source: SourceInfo | null | undefined;
  issues: readonly ItemIssue[] | undefined;
  dispatch: (action: EditorAction) => void;
}) {
  const markers = item.markers ?? [];
  const setMarkers = (next: Marker[], label: string) => dispatch({ type: 'updateItem', key: item.key, patch: { markers: next.length ? next : null }, label });
  const change = (index: number, patch: Partial<Marker>, label: string) => setMarkers(markers.map((m, i) => (i === index ? { ...m, ...patch } : m)), label);
  const length = timing?.durationMs ?? source?.durationMs ?? null;

  if (kind === 'encoder') {
    return (
      <Section title="SCTE-35 markers">
        {markers.length > 0 ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => setMarkers([], 'removed the markers')}>
                Remove markers
              </Button>
            }
          >
            {issueFor(issues, 'markers') ?? 'Encoder composition does not support SCTE-35 markers; remove them.'}
          </Alert>
        ) : (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Encoder composition does not support SCTE-35 markers; the encoder plays the items as they are.
          </Typography>
        )}
      </Section>
    );
  }

  const add = () => {
    const last = markers.at(-1);
    const start = last ? (parseTimecode(last.startAt) ?? 0) + (parseTimeSpan(last.duration) ?? 0) : 0;
    setMarkers([...markers, { startAt: formatTimecode(length !== null ? Math.min(start, Math.max(0, length - 1000)) : start), duration: '00:00:30', frameAccurate: null, type: MarkerType.values.INSERTION }], 'added a marker');
  };

  return (
    <Section title="SCTE-35 markers" add={{ label: 'Add marker', onClick: add }}>
      <MarkerTimeline markers={markers} lengthMs={length} />
      {issueFor(issues, 'markers') && !issues?.some((i) => /^markers\.\d/.test(i.field)) && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {issueFor(issues, 'markers')}
        </Alert>
      )}
      {markers.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          No markers. A marker signals an ad break (insertion) or content to replace, from a time into this item.
        </Typography>
      ) : (
        <Box component="ol" aria-label="Markers" sx={{ listStyle: 'none', m: 0, p: 0, mt: 1, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          {/* Two columns at any window width: the details pane is narrow beside the playlist. */}
          {markers.map((marker, index) => (
            <Box component="li" key={index} aria-label={`Marker ${index + 1}`} sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1, alignItems: 'start' }}>
              <CommitField
                size="small"
                label={`Marker ${index + 1} starts at`}
                value={marker.startAt}
                onCommit={(text) => change(index, { startAt: timecodeValue(text) ?? '' }, 'moved a marker')}
                check={checkTimecode}
                error={issueFor(issues, `markers.${index}.startAt`)}
                slotProps={{ htmlInput: { spellCheck: false } }}
              />
              <CommitField
                size="small"
                label="Duration"
                value={marker.duration}
                onCommit={(text) => change(index, { duration: normalizeTimeSpan(text) ?? text.trim() }, 'changed a marker’s duration')}
                check={(text) => (normalizeTimeSpan(text) ? undefined : 'Use hh:mm:ss.')}
                error={issueFor(issues, `markers.${index}.duration`)}
                slotProps={{ htmlInput: { spellCheck: false } }}
              />
              <TextField select size="small" label="Type" value={marker.type} onChange={(e) => change(index, { type: Number(e.target.value) }, 'changed a marker’s type')}>
                <MenuItem value={MarkerType.values.INSERTION}>Insertion</MenuItem>
                <MenuItem value={MarkerType.values.REPLACEMENT}>Replacement</MenuItem>
              </TextField>
              <Box sx={{ display: 'flex', alignItems: 'center', minWidth: 0 }}>
                <Tooltip title={marker.frameAccurate === true ? 'Frame accurate' : marker.frameAccurate === false ? 'Not frame accurate' : 'Frame accuracy: account default'}>
                  <TextField
                    select
                    size="small"
                    label="Frame"
                    value={marker.frameAccurate === null ? '' : String(marker.frameAccurate)}
                    onChange={(e) => change(index, { frameAccurate: e.target.value === '' ? null : e.target.value === 'true' }, 'changed a marker’s frame accuracy')}
                    sx={{ flex: 1, minWidth: 0 }}
                    slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
                  >
                    <MenuItem value="">Default</MenuItem>
                    <MenuItem value="true">Accurate</MenuItem>
                    <MenuItem value="false">Key frame</MenuItem>
                  </TextField>
                </Tooltip>
                <Tooltip title="Remove the marker">
                  <IconButton aria-label={`Remove marker ${index + 1}`} onClick={() => setMarkers(markers.filter((_, i) => i !== index), 'removed a marker')}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </Section>
  );
}

/** The item as a bar from its in point to its out point, each marker a block where it plays. */
function MarkerTimeline({ markers, lengthMs }: { markers: readonly Marker[]; lengthMs: number | null }) {
  const span = lengthMs && lengthMs > 0 ? lengthMs : Math.max(60_000, ...markers.map((m) => (parseTimecode(m.startAt) ?? 0) + (parseTimeSpan(m.duration) ?? 0)));
  return (
    <Box>
      <Box
        role="img"
        aria-label={`Timeline of the item, ${formatClock(span)} long, with ${markers.length} ${markers.length === 1 ? 'marker' : 'markers'}`}
        data-testid="marker-timeline"
        sx={{ position: 'relative', height: 28, borderRadius: 1, bgcolor: 'action.hover', border: 1, borderColor: 'divider', overflow: 'hidden' }}
      >
        {markers.map((marker, index) => {
          const at = parseTimecode(marker.startAt);
          const duration = parseTimeSpan(marker.duration) ?? 0;
          if (at === null) return null;
          const left = Math.min(100, (at / span) * 100);
          const width = Math.max(0.8, Math.min(100 - left, (duration / span) * 100));
          return (
            <Tooltip key={index} title={`Marker ${index + 1}: ${MarkerType.nameOf(marker.type) === 'REPLACEMENT' ? 'replacement' : 'insertion'} at ${marker.startAt} for ${marker.duration}`}>
              <Box
                data-marker-index={index}
                sx={{ position: 'absolute', top: 3, bottom: 3, left: `${left}%`, width: `${width}%`, borderRadius: 0.5, bgcolor: MARKER_COLOURS[marker.type] ?? 'info.main', opacity: 0.85 }}
              />
            </Tooltip>
          );
        })}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 0.25 }}>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          0:00
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          <Box component="span" sx={{ display: 'inline-block', width: 8, height: 8, borderRadius: '2px', bgcolor: 'info.main', mr: 0.5 }} />
          Insertion
          <Box component="span" sx={{ display: 'inline-block', width: 8, height: 8, borderRadius: '2px', bgcolor: 'warning.main', ml: 1.5, mr: 0.5 }} />
          Replacement
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {lengthMs ? formatClock(lengthMs) : 'length unknown'}
        </Typography>
      </Box>
    </Box>
  );
}

function valueText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Back from the text field: a string stays a string; a value that was not one is read as JSON when it parses. */
function valueFrom(text: string, previous: unknown): unknown {
  if (typeof previous === 'string' || previous === undefined) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function CustomProperties({ item, issues, dispatch }: { item: EditorItem; issues: readonly ItemIssue[] | undefined; dispatch: (action: EditorAction) => void }) {
  const entries = customProperties(item);
  const replace = (next: [string, unknown][], label: string) => dispatch({ type: 'updateItem', key: item.key, patch: { properties: withCustomProperties(item, next) }, label });
  const names = new Set(entries.map(([n]) => n));
  const add = () => {
    let n = 1;
    while (names.has(`property${n}`)) n++;
    replace([...entries, [`property${n}`, '']], 'added a custom property');
  };
  return (
    <Section title="Custom properties" add={{ label: 'Add property', onClick: add }}>
      {entries.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          None. Properties added here travel with the item as sent; the service keeps them.
        </Typography>
      ) : (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          {entries.map(([name, value], index) => (
            <Box key={`${index}-${name}`} sx={{ display: 'grid', gridTemplateColumns: '1fr 1.4fr auto', gap: 1, alignItems: 'start' }}>
              <CommitField
                size="small"
                label="Name"
                value={name}
                onCommit={(text) => replace(entries.map((e, i) => (i === index ? [text, e[1]] : e)), 'renamed a custom property')}
                check={(text) => (!text.trim() ? 'A property needs a name.' : ['start', 'end', 'frameAccurate', 'outputDescription'].includes(text.trim()) ? 'This name has its own field above.' : entries.some(([n], i) => i !== index && n === text.trim()) ? 'Another property has this name.' : undefined)}
                error={issueFor(issues, `properties.${name}`) ?? issueFor(issues, name)}
                slotProps={{ htmlInput: { spellCheck: false } }}
              />
              <CommitField
                size="small"
                label={`Value of ${name}`}
                value={valueText(value)}
                onCommit={(text) => replace(entries.map((e, i) => (i === index ? [e[0], valueFrom(text, e[1])] : e)), 'changed a custom property')}
                helperText={typeof value === 'string' ? undefined : 'JSON'}
                slotProps={{ htmlInput: { spellCheck: false } }}
              />
              <Tooltip title="Remove the property">
                <IconButton aria-label={`Remove property ${name}`} onClick={() => replace(entries.filter((_, i) => i !== index), 'removed a custom property')}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Box>
          ))}
        </Box>
      )}
      <Divider sx={{ mt: 2 }} />
    </Section>
  );
}
