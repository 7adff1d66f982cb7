/**
 * One playlist item in detail: a preview of its source with "in/out at the playhead", the trim
 * points typed as timecodes, frameAccurate and outputDescription, SCTE-35 markers on a small
 * timeline of the item (standard composition only), and the item's custom properties. Every
 * change is one dispatch, so undo takes it back.
 */
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { Tooltip } from '#components/tooltip.tsx';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { CommitField } from './commit-field.tsx';
import { CustomProperties } from './item-custom-properties.tsx';
import { Markers } from './item-markers.tsx';
import { Section } from './item-section.tsx';
import { Trim } from './item-trim.tsx';
import { ITEM_TYPES, type CompositionKind, type EditorAction, type EditorItem } from './playlist-document.ts';
import { issueFor } from './playlist-service.ts';
import { booleanProperty, type ItemTiming, type SourceInfo } from './playlist-timing.ts';
import type { ItemIssue } from './playlist-validation.ts';
import { itemTitle } from './playlist-row-label.ts';
import { formatClock, formatTimecode } from './timecode.ts';

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
