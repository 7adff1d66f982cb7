/**
 * The asset gallery: cards in a grid, like a photo library. Shared by the Assets page (all
 * events, with an event filter) and the event page's Assets tab (one event).
 *
 * - Pictures are the real files: images as they are, GIFs as a still (their poster) that
 *   animates on hover or focus, videos as a still that plays inline when asked.
 * - GENERATING cards show progress and turn into pictures by themselves (change feed, polling);
 *   FAILED cards say why, with Retry.
 * - Rename inline (the pencil, Enter saves, Escape cancels), delete with a confirmation, select
 *   several (checkboxes) and delete them together. SYSTEM assets are marked and locked: no
 *   checkbox, no delete.
 * - Rows are virtualised (@tanstack/react-virtual): a thousand cards scroll smoothly.
 * - Filters (type, state, name; event on the Assets page) are in the URL (use-assets.ts).
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import LockIcon from '@mui/icons-material/LockOutlined';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibraryOutlined';
import PlayIcon from '@mui/icons-material/PlayCircleOutlined';
import GifIcon from '@mui/icons-material/GifBoxOutlined';
import ReplayIcon from '@mui/icons-material/Replay';
import { AssetState, type Asset } from '#schema';
import { useDescribeError } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { useNotify } from '#app/notifications.tsx';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { EmptyState } from '#components/empty-state.tsx';
import { ErrorState } from '#components/error-state.tsx';
import { EventPicker } from '#components/event-picker.tsx';
import { useDebounced } from '#components/use-debounced.ts';
import { isSystem, listQueryOf, MAX_PAGES, posterUrl, STATE_FILTERS, TYPE_FILTERS, useAssetGallery, useGalleryFilters } from './use-assets.ts';

const CARD_MIN_WIDTH = 220;
const ROW_HEIGHT = 236;
const GAP = 16;

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
        <LinearProgress sx={{ width: '80%' }} aria-label={`Generating ${asset.name}`} />
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
        {poster ? <Box component="img" src={poster} alt="" loading="lazy" onError={() => undefined} sx={media} /> : <PlayIcon sx={{ fontSize: 48, color: 'text.secondary' }} />}
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
        <Box component="img" src={active || !poster ? asset.url : poster} alt={asset.name} loading="lazy" onError={() => setBroken(true)} sx={{ ...media, objectFit: 'contain' }} />
        {!active && (
          <GifIcon sx={{ position: 'absolute', right: 6, bottom: 6, color: '#fff', filter: 'drop-shadow(0 0 2px rgba(0,0,0,0.8))' }} aria-hidden />
        )}
      </Box>
    );
  }
  if (['jpg', 'jpeg', 'png', 'webp'].includes(asset.extension)) {
    return (
      <Box sx={box}>
        <Box component="img" src={asset.url} alt={asset.name} loading="lazy" onError={() => setBroken(true)} sx={{ ...media, objectFit: asset.path.endsWith('_sprite.jpg') ? 'contain' : 'cover' }} />
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

function AssetCard({
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
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden', display: 'flex', flexDirection: 'column', height: '100%', outline: selected ? 2 : 0, outlineColor: 'primary.main' }} data-testid="asset-card" aria-label={`Asset ${asset.name}`} role="group">
      <Picture asset={asset} />
      <Box sx={{ p: 1, display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 0, flex: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
          {system ? (
            <Tooltip title="SYSTEM asset: made by the service, not deletable">
              <LockIcon fontSize="small" color="action" aria-label="SYSTEM asset, locked" sx={{ mx: '9px' }} />
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
          {!renaming && (
            <Tooltip title="Rename">
              <IconButton size="small" aria-label={`Rename ${asset.name}`} onClick={() => setRenaming(true)}>
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          {!system && !renaming && (
            <Tooltip title="Delete">
              <IconButton size="small" aria-label={`Delete ${asset.name}`} onClick={onDelete}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
          <Chip size="small" label={asset.typeString} variant={system ? 'filled' : 'outlined'} color={system ? 'secondary' : 'default'} />
          {asset.state !== AssetState.values.COMPLETED && (
            <Chip size="small" label={asset.stateString} color={asset.state === AssetState.values.FAILED ? 'error' : 'info'} variant="outlined" />
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
          <Button size="small" startIcon={<ReplayIcon />} onClick={() => retry.mutate({ params: { id: asset.id } })} disabled={retry.isPending} sx={{ alignSelf: 'flex-start' }}>
            Retry
          </Button>
        )}
      </Box>
    </Paper>
  );
}

function useColumns(ref: React.RefObject<HTMLDivElement | null>): number {
  const [columns, setColumns] = useState(4);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // Not laid out (no width yet, or a DOM without layout): keep the last count.
    const measure = () => el.clientWidth > 0 && setColumns(Math.max(1, Math.floor((el.clientWidth + GAP) / (CARD_MIN_WIDTH + GAP))));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return columns;
}

export interface AssetGalleryProps {
  /** One event's assets (the event page's tab); unset: every event, with an event filter. */
  eventId?: string;
}

export function AssetGallery({ eventId }: AssetGalleryProps) {
  const describeError = useDescribeError();
  const notify = useNotify();
  const [filters, setFilters] = useGalleryFilters(eventId);
  const [nameInput, setNameInput] = useState(filters.name);
  const name = useDebounced(nameInput, 300);
  useEffect(() => {
    if (name !== filters.name) setFilters({ name });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [name]);
  const query = useAssetGallery(listQueryOf(filters, filters.name));
  const assets = useMemo(() => query.data?.assets ?? [], [query.data]);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirm, setConfirm] = useState<{ ids: string[]; label: string } | null>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const columns = useColumns(scrollRef);
  const rows = Math.ceil(assets.length / columns);
  // The virtualiser's functions are not memoisable (no React Compiler here; see playlist-pane.tsx).
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({ count: rows, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT + GAP,
    overscan: 3,
    // A box not laid out yet (or a DOM without layout) reports no height: show a screenful rather than nothing.
    observeElementRect: (instance, callback) => observeElementRect(instance, (rect) => callback({ width: rect.width, height: rect.height || 900 })),
  });

  // Selection keeps only what is still shown.
  useEffect(() => {
    setSelected((current) => {
      const shown = new Set(assets.filter((a) => !isSystem(a)).map((a) => a.id));
      const next = new Set([...current].filter((id) => shown.has(id)));
      return next.size === current.size ? current : next;
    });
  }, [assets]);

  const remove = useMutation({
    mutationFn: async (ids: string[]) => {
      for (const id of ids) await api.asset.delete.call({ params: { id } });
    },
    onSuccess: (_data, ids) => {
      notify(ids.length === 1 ? 'Asset deleted' : `${ids.length} assets deleted`);
      setSelected(new Set());
      setConfirm(null);
    },
    onSettled: () => void query.refetch(),
  });

  const toggleList = (list: string[], value: string) => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);

  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}>
        <TextField
          size="small"
          label="Name"
          value={nameInput}
          onChange={(e) => setNameInput(e.target.value)}
          sx={{ width: { xs: '100%', sm: 220 } }}
          slotProps={{ htmlInput: { 'aria-label': 'Filter by name' } }}
        />
        <TextField
          select
          size="small"
          label="Type"
          value={filters.types}
          sx={{ minWidth: 150 }}
          slotProps={{ select: { multiple: true, displayEmpty: true, renderValue: (v) => ((v as string[]).length ? (v as string[]).join(', ') : 'All') }, inputLabel: { shrink: true } }}
          onChange={() => undefined}
        >
          {TYPE_FILTERS.map((type) => (
            <MenuItem key={type} value={type} onClick={() => setFilters({ types: toggleList(filters.types, type) })}>
              <Checkbox size="small" checked={filters.types.includes(type)} sx={{ p: 0.5, mr: 1 }} />
              {type}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="State"
          value={filters.states}
          sx={{ minWidth: 150 }}
          slotProps={{ select: { multiple: true, displayEmpty: true, renderValue: (v) => ((v as string[]).length ? (v as string[]).join(', ') : 'All') }, inputLabel: { shrink: true } }}
          onChange={() => undefined}
        >
          {STATE_FILTERS.map((state) => (
            <MenuItem key={state} value={state} onClick={() => setFilters({ states: toggleList(filters.states, state) })}>
              <Checkbox size="small" checked={filters.states.includes(state)} sx={{ p: 0.5, mr: 1 }} />
              {state}
            </MenuItem>
          ))}
        </TextField>
        {!eventId && (
          <Box sx={{ width: { xs: '100%', sm: 320 } }}>
            <EventPicker value={filters.eventId} onChange={(id) => setFilters({ eventId: id })} label="Event" />
          </Box>
        )}
        <Box sx={{ flex: 1 }} />
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {query.data ? `${assets.length}${query.data.more ? '+' : ''} asset${assets.length === 1 ? '' : 's'}` : ''}
        </Typography>
        <Button
          variant="outlined"
          color="error"
          startIcon={<DeleteIcon />}
          disabled={selected.size === 0}
          onClick={() => setConfirm({ ids: [...selected], label: `${selected.size} selected asset${selected.size === 1 ? '' : 's'}` })}
        >
          Delete selected{selected.size > 0 ? ` (${selected.size})` : ''}
        </Button>
      </Box>
      {query.data?.more && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Showing the newest {MAX_PAGES * 100} assets: narrow the filters to see older ones.
        </Alert>
      )}
      {query.error && !query.data ? (
        <ErrorState
          title="Could not load the assets"
          message={describeError(query.error).message}
          actions={
            <Button variant="contained" onClick={() => void query.refetch()}>
              Retry
            </Button>
          }
        />
      ) : !query.data ? (
        <Box sx={{ display: 'grid', gridTemplateColumns: `repeat(auto-fill, minmax(${CARD_MIN_WIDTH}px, 1fr))`, gap: `${GAP}px` }}>
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={ROW_HEIGHT} />
          ))}
        </Box>
      ) : assets.length === 0 ? (
        <Paper variant="outlined">
          <EmptyState
            icon={<PhotoLibraryIcon />}
            title={filters.types.length || filters.states.length || filters.name ? 'No asset matches these filters' : 'No assets yet'}
            hint={eventId ? 'Mark a clip in the player above and make an image, a GIF or a video of it.' : 'Open an event’s Assets tab to make images, GIFs and videos from its player.'}
          />
        </Paper>
      ) : null}
      <Box ref={scrollRef} sx={{ height: assets.length > 0 ? { xs: '70vh', md: 'min(72vh, 1100px)' } : 0, overflowY: 'auto', pr: 0.5 }} data-testid="asset-gallery">
        <Box sx={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((row) => (
            <Box
              key={row.key}
              sx={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${row.start}px)`, display: 'grid', gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gap: `${GAP}px`, height: ROW_HEIGHT }}
            >
              {assets.slice(row.index * columns, row.index * columns + columns).map((asset) => (
                <AssetCard
                  key={asset.id}
                  asset={asset}
                  showEvent={!eventId}
                  selected={selected.has(asset.id)}
                  onSelect={(on) =>
                    setSelected((current) => {
                      const next = new Set(current);
                      if (on) next.add(asset.id);
                      else next.delete(asset.id);
                      return next;
                    })
                  }
                  onDelete={() => setConfirm({ ids: [asset.id], label: `“${asset.name}”` })}
                />
              ))}
            </Box>
          ))}
        </Box>
      </Box>
      <ConfirmDialog
        open={confirm !== null}
        title={confirm && confirm.ids.length > 1 ? `Delete ${confirm.ids.length} assets?` : 'Delete this asset?'}
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        {...(remove.error ? { error: describeError(remove.error).message } : {})}
        onConfirm={() => confirm && remove.mutate(confirm.ids)}
        onClose={() => {
          setConfirm(null);
          remove.reset();
        }}
      >
        {confirm?.label} will be deleted with {confirm && confirm.ids.length > 1 ? 'their files' : 'its file'}. This cannot be undone. SYSTEM assets are never deleted.
      </ConfirmDialog>
    </Box>
  );
}

