/**
 * One asset of the gallery: its picture (an image; a GIF's still that animates on hover or focus;
 * a video's still that plays inline), progress or failure with Retry, inline rename, delete, and
 * the checkbox (none on SYSTEM assets).
 */
import { useState, type KeyboardEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { Tooltip } from '#components/tooltip.tsx';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import LockIcon from '@mui/icons-material/LockOutlined';
import PlayIcon from '@mui/icons-material/PlayCircleOutlined';
import GifIcon from '@mui/icons-material/GifBoxOutlined';
import ReplayIcon from '@mui/icons-material/Replay';
import { AssetState, type Asset } from '#schema';
import { api } from '#app/api.ts';
import { useCan } from '#app/use-role.ts';
import { useDescribeError } from '#app/use-describe-error.ts';
import { useNotify } from '#app/notifications.tsx';
import { WorkProgressBar } from '#components/work-progress.tsx';
import { assetStateLabel, assetTypeLabel, isSystem, posterUrl } from './use-assets.ts';

function Picture({ asset }: { asset: Asset }) {
  const [active, setActive] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [broken, setBroken] = useState(false);
  const poster = posterUrl(asset);
  const box = { position: 'relative', width: '100%', aspectRatio: '16 / 9', bgcolor: 'action.hover', overflow: 'hidden', display: 'flex', alignItems: 'center', justifyContent: 'center' } as const;
  const media = { width: '100%', height: '100%', objectFit: 'cover', display: 'block' } as const;
  if (asset.state === AssetState.values.GENERATING) {
    return (
      <Box sx={{ ...box, flexDirection: 'column', gap: 1, px: 2 }}>
        <Typography variant="body2" color="text.secondary">
          Generating…
        </Typography>
        <WorkProgressBar progress={asset.progress} label={`Generating ${asset.name}`} sx={{ width: '80%', textAlign: 'center' }} />
      </Box>
    );
  }
  if (asset.state === AssetState.values.FAILED) {
    return (
      <Box sx={{ ...box, px: 1.5, bgcolor: 'error.main', color: 'error.contrastText', opacity: 0.9 }}>
        <Typography variant="caption" sx={{ display: '-webkit-box', WebkitLineClamp: 4, WebkitBoxOrient: 'vertical', overflow: 'hidden' }} title={asset.error ?? undefined}>
          Failed: {asset.error ?? 'the asset could not be made'}
        </Typography>
      </Box>
    );
  }
  if (!asset.url || broken) {
    return (
      <Box sx={{ ...box, px: 2, textAlign: 'center' }}>
        <Typography variant="caption" color="text.secondary">
          {asset.url ? 'The file could not be loaded' : 'No URL: the event’s xflow has no storageUrlPublic'}
        </Typography>
      </Box>
    );
  }
  const isVideo = asset.extension === 'mp4';
  if (isVideo) {
    if (playing) return <Box component="video" src={asset.url} controls autoPlay playsInline aria-label={`Video: ${asset.name}`} sx={{ ...media, objectFit: 'contain', bgcolor: '#000' }} />;
    return (
      <Box sx={box}>
        {poster ? <Box component="img" src={poster} alt="" loading="lazy" decoding="async" onError={() => undefined} sx={media} /> : <PlayIcon sx={{ fontSize: 48, color: 'text.secondary' }} />}
        <IconButton
          aria-label={`Play ${asset.name}`}
          onClick={() => setPlaying(true)}
          sx={{ position: 'absolute', color: '#fff', bgcolor: 'rgba(0,0,0,0.45)', '&:hover': { bgcolor: 'rgba(0,0,0,0.65)' } }}
        >
          <PlayIcon fontSize="large" />
        </IconButton>
      </Box>
    );
  }
  if (asset.extension === 'gif') {
    return (
      <Box
        sx={box}
        tabIndex={0}
        aria-label={`GIF ${asset.name}: hover or focus to play`}
        onMouseEnter={() => setActive(true)}
        onMouseLeave={() => setActive(false)}
        onFocus={() => setActive(true)}
        onBlur={() => setActive(false)}
      >
        <Box component="img" src={active || !poster ? asset.url : poster} alt={asset.name} loading="lazy" decoding="async" onError={() => setBroken(true)} sx={{ ...media, objectFit: 'contain' }} />
        {!active && (
          <GifIcon sx={{ position: 'absolute', right: 6, bottom: 6, color: '#fff', filter: 'drop-shadow(0 0 2px rgba(0,0,0,0.8))' }} aria-hidden />
        )}
      </Box>
    );
  }
  if (['jpg', 'jpeg', 'png', 'webp'].includes(asset.extension)) {
    return (
      <Box sx={box}>
        <Box component="img" src={asset.url} alt={asset.name} loading="lazy" decoding="async" onError={() => setBroken(true)} sx={{ ...media, objectFit: asset.path.endsWith('_sprite.jpg') ? 'contain' : 'cover' }} />
      </Box>
    );
  }
  return (
    <Box sx={box}>
      <Typography variant="caption" color="text.secondary">
        .{asset.extension} file
      </Typography>
    </Box>
  );
}

function RenameField({ asset, onDone }: { asset: Asset; onDone: () => void }) {
  const describeError = useDescribeError();
  const notify = useNotify();
  const [value, setValue] = useState(asset.name);
  const rename = useMutation({
    ...api.asset.rename.mutationOptions(),
    onSuccess: () => onDone(),
    onError: (error) => notify(describeError(error).message, { severity: 'error' }),
  });
  const save = () => {
    const name = value.trim();
    if (name === '' || name === asset.name) return onDone();
    rename.mutate({ params: { id: asset.id }, query: { Name: name } });
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter') save();
    if (e.key === 'Escape') onDone();
  };
  return (
    <TextField
      size="small"
      autoFocus
      fullWidth
      value={value}
      onChange={(e) => setValue(e.target.value)}
      onKeyDown={onKeyDown}
      onBlur={save}
      disabled={rename.isPending}
      slotProps={{ htmlInput: { 'aria-label': `New name of ${asset.name}`, maxLength: 200 } }}
    />
  );
}

export function AssetCard({
  asset,
  selected,
  onSelect,
  onDelete,
  showEvent,
}: {
  asset: Asset;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onDelete: () => void;
  showEvent: boolean;
}) {
  const describeError = useDescribeError();
  const notify = useNotify();
  const [renaming, setRenaming] = useState(false);
  const retry = useMutation({
    ...api.asset.retry.mutationOptions(),
    onError: (error) => notify(describeError(error).message, { severity: 'error' }),
  });
  const system = isSystem(asset);
  // A key that may not change assets (the gallery says why) gets no Rename or Delete, and Retry is off.
  const can = useCan();
  const [mayRename, mayDelete, mayRetry] = [can(api.asset.rename).allowed, can(api.asset.delete).allowed, can(api.asset.retry).allowed];
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden', display: 'flex', flexDirection: 'column', height: '100%', outline: selected ? 2 : 0, outlineColor: 'primary.main' }} data-testid="asset-card" aria-label={`Asset ${asset.name}`} role="group">
      <Picture asset={asset} />
      <Box sx={{ p: 1, display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 0, flex: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
          {system ? (
            <Tooltip title="System asset: made by the service, not deletable">
              <LockIcon fontSize="small" color="action" aria-label="System asset, locked" sx={{ mx: '9px' }} />
            </Tooltip>
          ) : (
            <Checkbox size="small" checked={selected} onChange={(e) => onSelect(e.target.checked)} slotProps={{ input: { 'aria-label': `Select ${asset.name}` } }} sx={{ p: 0.5 }} />
          )}
          {renaming ? (
            <RenameField asset={asset} onDone={() => setRenaming(false)} />
          ) : (
            <Typography variant="body2" sx={{ fontWeight: 600, flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={asset.name}>
              {asset.name}
            </Typography>
          )}
          {!renaming && mayRename && (
            <Tooltip title="Rename">
              <IconButton size="small" aria-label={`Rename ${asset.name}`} onClick={() => setRenaming(true)}>
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          {!system && !renaming && mayDelete && (
            <Tooltip title="Delete">
              <IconButton size="small" aria-label={`Delete ${asset.name}`} onClick={onDelete}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
          <Chip size="small" label={assetTypeLabel(asset.typeString)} variant={system ? 'filled' : 'outlined'} color={system ? 'secondary' : 'default'} />
          {asset.state !== AssetState.values.COMPLETED && (
            <Chip size="small" label={assetStateLabel(asset.stateString)} color={asset.state === AssetState.values.FAILED ? 'error' : 'info'} variant="outlined" />
          )}
          <Typography variant="caption" color="text.secondary" noWrap sx={{ ml: 'auto' }}>
            {new Date(asset.dateCreated).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' })}
          </Typography>
        </Box>
        {showEvent && (
          <Typography variant="caption" color="text.secondary" noWrap>
            <Box component="a" href={`/events/${asset.eventId}?tab=assets`} sx={{ color: 'inherit' }}>
              Open its event
            </Box>
          </Typography>
        )}
        {asset.state === AssetState.values.FAILED && (
          <Button size="small" startIcon={<ReplayIcon />} onClick={() => retry.mutate({ params: { id: asset.id } })} disabled={retry.isPending || !mayRetry} sx={{ alignSelf: 'flex-start' }}>
            Retry
          </Button>
        )}
      </Box>
    </Paper>
  );
}
