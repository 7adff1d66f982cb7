/**
 * The asset gallery: cards in a grid, like a photo library. Shared by the Assets page (all
 * events, with an event filter) and the event page's Assets tab (one event).
 *
 * - Pictures are the real files: images as they are, GIFs as a still (their poster) that
 *   animates on hover or focus, videos as a still that plays inline when asked.
 * - GENERATING cards show progress and turn into pictures by themselves (the change feed);
 *   FAILED cards say why, with Retry.
 * - Rename inline (the pencil, Enter saves, Escape cancels), delete with a confirmation, select
 *   several (checkboxes) and delete them together. SYSTEM assets are marked and locked: no
 *   checkbox, no delete.
 * - Rows are virtualised (@tanstack/react-virtual): a thousand cards scroll smoothly.
 * - Filters (type, state, name; event on the Assets page) are in the URL (use-assets.ts).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibraryOutlined';
import { useDescribeError } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { RoleNotice } from '#app/role-notice.tsx';
import { useCan } from '#app/use-role.ts';
import { invalidatesOf } from '#client';
import { DeleteDialog } from '#components/delete-dialog.tsx';
import { EmptyState } from '#components/empty-state.tsx';
import { ErrorState } from '#components/error-state.tsx';
import { useDebounced } from '#components/use-debounced.ts';
import { isSystem, listQueryOf, MAX_PAGES, useAssetGallery, useGalleryFilters } from './use-assets.ts';
import { AssetCard } from './asset-card.tsx';
import { CARD_MIN_WIDTH, GAP, ROW_HEIGHT, useColumns } from './gallery-layout.ts';
import { GalleryToolbar } from './gallery-toolbar.tsx';

/** What the operator asked to delete: one asset or a selection (its id names the set, for the dialog). */
interface AssetsToDelete {
  id: string;
  ids: readonly string[];
  label: string;
}
const toDelete = (ids: readonly string[], label: string): AssetsToDelete => ({ id: ids.join(' '), ids, label });

export interface AssetGalleryProps {
  /** One event's assets (the event page's tab); unset: every event, with an event filter. */
  eventId?: string;
}

export function AssetGallery({ eventId }: AssetGalleryProps) {
  const describeError = useDescribeError();
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
  const [confirm, setConfirm] = useState<AssetsToDelete | null>(null);
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

  const mayDelete = useCan()(api.asset.delete);
  const remove = useMutation({
    mutationFn: async (ids: readonly string[]) => {
      for (const id of ids) await api.asset.delete.call({ params: { id } });
    },
    meta: { invalidates: invalidatesOf(api.asset.delete) },
  });

  return (
    <Box>
      {/* On an event's Assets tab the tab says it, above its own buttons. */}
      {!eventId && <RoleNotice permission={mayDelete}>This key looks at the assets and changes none.</RoleNotice>}
      <GalleryToolbar
        filters={filters}
        setFilters={setFilters}
        nameInput={nameInput}
        setNameInput={setNameInput}
        eventId={eventId}
        count={query.data ? `${assets.length}${query.data.more ? '+' : ''} asset${assets.length === 1 ? '' : 's'}` : ''}
        selectedCount={selected.size}
        mayDelete={mayDelete.allowed}
        onDeleteSelected={() => setConfirm(toDelete([...selected], `${selected.size} selected asset${selected.size === 1 ? '' : 's'}`))}
      />
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
                  onDelete={() => setConfirm(toDelete([asset.id], `“${asset.name}”`))}
                />
              ))}
            </Box>
          ))}
        </Box>
      </Box>
      <DeleteDialog
        record={confirm}
        title={(c) => (c.ids.length > 1 ? `Delete ${c.ids.length} assets?` : 'Delete this asset?')}
        confirmLabel="Delete"
        mutation={remove}
        variables={(c) => c.ids}
        deleted={(c) => (c.ids.length === 1 ? 'Asset deleted' : `${c.ids.length} assets deleted`)}
        onDeleted={() => setSelected(new Set())}
        onClose={() => setConfirm(null)}
      >
        {confirm?.label} will be deleted with {confirm && confirm.ids.length > 1 ? 'their files' : 'its file'}. This cannot be undone. System assets are never deleted.
      </DeleteDialog>
    </Box>
  );
}
