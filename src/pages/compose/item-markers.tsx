/** An item's SCTE-35 markers (standard composition only): a timeline of them and each one's start, duration, type and frame accuracy. */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Tooltip } from '#components/tooltip.tsx';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { MarkerType, type Marker } from '#schema';
import { CommitField } from './commit-field.tsx';
import { checkTimecode, Section, timecodeValue } from './item-section.tsx';
import { MarkerTimeline } from './marker-timeline.tsx';
import type { CompositionKind, EditorAction, EditorItem } from './playlist-document.ts';
import { issueFor } from './playlist-service.ts';
import type { ItemTiming, SourceInfo } from './playlist-timing.ts';
import type { ItemIssue } from './playlist-validation.ts';
import { formatTimecode, normalizeTimeSpan, parseTimeSpan, parseTimecode } from './timecode.ts';

export function Markers({
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
