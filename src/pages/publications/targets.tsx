/** How a syndication target and a publication state look: an icon per target, a chip per state group. */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import { Tooltip } from '#components/tooltip.tsx';
import Typography from '@mui/material/Typography';
import SocialIcon from '@mui/icons-material/GroupsOutlined';
import MicroBlogIcon from '@mui/icons-material/ChatBubbleOutlined';
import VideoSiteIcon from '@mui/icons-material/SmartDisplayOutlined';
import MediaPlatformIcon from '@mui/icons-material/VideoLibraryOutlined';
import CustomIcon from '@mui/icons-material/SettingsInputAntennaOutlined';
import ErrorIcon from '@mui/icons-material/ErrorOutlined';
import { DestinationTarget } from '#schema';

const ICONS: Record<number, typeof SocialIcon> = { 0: SocialIcon, 1: MicroBlogIcon, 2: VideoSiteIcon, 3: MediaPlatformIcon, 4: CustomIcon };
const COLOURS: Record<number, string> = { 0: '#3b6fd8', 1: '#64748b', 2: '#d03c3c', 3: '#138a5e', 4: '#8b5cf6' };

export function targetName(target: number): string {
  return DestinationTarget.nameOf(target) ?? `Target ${target}`;
}

export function TargetIcon({ target, fontSize = 'small' }: { target: number; fontSize?: 'small' | 'medium' | 'inherit' }) {
  const Icon = ICONS[target] ?? CustomIcon;
  return <Icon fontSize={fontSize} sx={{ color: COLOURS[target] ?? 'text.secondary' }} aria-hidden />;
}

/** The target's icon and name. */
export function TargetLabel({ target }: { target: number }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, minWidth: 0, maxWidth: '100%' }}>
      <TargetIcon target={target} />
      {/* A narrow column (a phone) ends the name with an ellipsis rather than cutting it. */}
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={targetName(target)}>
        {targetName(target)}
      </Box>
    </Box>
  );
}

/** A destination as a publish dialog offers it: its target, its name, and whether it still needs activating. */
export function DestinationChoiceLabel({ destination }: { destination: { target: number; name: string; active: boolean } }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.75, alignItems: 'center' }}>
      <TargetLabel target={destination.target} /> · {destination.name}
      {!destination.active && (
        <Typography component="span" variant="caption" sx={{ color: 'warning.main' }}>
          (not active)
        </Typography>
      )}
    </Box>
  );
}

export type StateGroup = 'Failed' | 'Processing' | 'Scheduled' | 'InProgress' | 'Completed';

export function stateGroup(kind: 'live' | 'vod', state: number): StateGroup {
  if (state >= 4) return 'Failed';
  if (state === 0 && kind === 'vod') return 'Processing';
  if (state === 1) return 'Scheduled';
  if (state === 2 && kind === 'live') return 'InProgress';
  return 'Completed';
}

export const GROUP_LABELS: Record<StateGroup, string> = {
  Failed: 'Failed',
  Processing: 'Processing',
  Scheduled: 'Scheduled',
  InProgress: 'Live',
  Completed: 'Completed',
};

const STATE_LABELS: Record<string, string> = {
  Processing: 'Processing',
  Scheduled: 'Scheduled',
  InProgress: 'Live',
  Completed: 'Completed',
  FailedDestination: 'Destination failed',
  FailedMediaAsset: 'Upload failed',
  FailedPublication: 'Publication failed',
};

/** A publication state in words ("Destination failed", not `FailedDestination`). */
export function publicationStateLabel(stateString: string): string {
  return STATE_LABELS[stateString] ?? stateString;
}

const DESCRIPTIONS: Record<string, string> = {
  Processing: 'The MP4 is being downloaded and uploaded to the target',
  Scheduled: 'Waiting: not on the target yet, or uploaded and waiting for its publish time',
  InProgress: 'Streaming to the target now',
  Completed: 'Done: uploaded and published, or the live broadcast ended',
  FailedDestination: 'The destination is not active or its authorisation was refused',
  FailedMediaAsset: 'The MP4 could not be downloaded or uploaded',
  FailedPublication: 'The target refused the publication, or the item is no longer available there',
};

/** A publication state as a chip: failed in the error colour with an icon, live filled, waiting outlined. */
export function PublicationStateChip({ kind, state, stateString, progress }: { kind: 'live' | 'vod'; state: number; stateString: string; progress?: number | null }) {
  const group = stateGroup(kind, state);
  const color = group === 'Failed' ? 'error' : group === 'InProgress' ? 'error' : group === 'Completed' ? 'success' : group === 'Processing' ? 'info' : 'default';
  const label = publicationStateLabel(stateString) + (group === 'Processing' && progress != null ? ` ${progress} %` : '');
  return (
    <Tooltip title={DESCRIPTIONS[stateString] ?? stateString} describeChild>
      <Chip
        size="small"
        label={label}
        data-state={stateString}
        color={color}
        variant={group === 'InProgress' || group === 'Completed' ? 'filled' : 'outlined'}
        icon={group === 'Failed' ? <ErrorIcon /> : group === 'Processing' ? <CircularProgress size={12} color="inherit" aria-hidden /> : undefined}
      />
    </Tooltip>
  );
}
