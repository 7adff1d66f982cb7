/**
 * The side panel of a configuration section: the form of a new item (`?id=new`) or of the item
 * whose id the URL names, with its ids to copy and how many events use it. Closing with unsaved
 * changes, going back in the browser, or reloading, asks first. (Not LeaveGuard: that one lets a
 * change of the query string pass, and here `?id=` is the panel, so its own blocker and confirm.)
 */
import { useCallback, useId, useState, type ReactNode } from 'react';
import { Link as RouterLink, useBlocker } from 'react-router';
import { skipToken, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import type { EventCollection } from '#schema';
import type { ApiError } from '#client';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { CopyButton } from '#components/copy-button.tsx';
import { EmptyState } from '#components/empty-state.tsx';
import { useUnloadWarning } from '#components/leave-guard.tsx';
import { NEW_ITEM } from './configuration-view.ts';
import type { LookupItem, SectionDef } from './sections.tsx';

/** How many events use an item, where the section's service says; undefined while unknown. */
export function useEventCount<Item extends LookupItem>(def: SectionDef<Item>, id: string | null, enabled = true): { count: number | undefined; loading: boolean } {
  const options = def.events && id ? def.events(id) : undefined;
  const query = useQuery({
    // A section whose service does not count (or no item yet) asks nothing: react-query's skipToken.
    ...((options ?? { queryKey: ['configuration', def.key, 'no-count'], queryFn: skipToken }) as UseQueryOptions<EventCollection | null, ApiError, EventCollection | null, QueryKey>),
    enabled: Boolean(options) && enabled,
  });
  return { count: query.data?.totalCount, loading: Boolean(options) && enabled && query.isPending };
}

function Identifier({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary', width: 96, flex: '0 0 auto' }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontFamily: 'monospace', fontSize: 13, minWidth: 0, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
      <CopyButton text={value} what={`the ${label.toLowerCase()}`} />
    </Box>
  );
}

function Details<Item extends LookupItem>({ def, item }: { def: SectionDef<Item>; item: Item }) {
  const { count, loading } = useEventCount(def, item.id);
  const reference = def.referenceId?.(item);
  let usage: ReactNode = null;
  if (def.events) {
    usage = (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary', width: 96, flex: '0 0 auto' }}>
          Used by
        </Typography>
        {loading ? (
          <Skeleton width={120} />
        ) : (
          <Typography variant="body2">
            {count === undefined ? 'Unknown' : count === 0 ? 'No events' : `${count.toLocaleString()} ${count === 1 ? 'event' : 'events'}`}
            {count !== undefined && count > 0 && def.eventsLink && (
              <>
                {' · '}
                <Link component={RouterLink} to={def.eventsLink(item)}>
                  Show them
                </Link>
              </>
            )}
          </Typography>
        )}
      </Box>
    );
  }
  return (
    <Box component="section" aria-label="Identifiers and usage" sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}>
      <Identifier label="Id" value={item.id} />
      {reference && <Identifier label="Reference id" value={reference} />}
      {usage}
    </Box>
  );
}

export interface LookupPanelProps<Item extends LookupItem> {
  def: SectionDef<Item>;
  items: readonly Item[];
  loaded: boolean;
  selected: string | null;
  /** `discarded`: the user chose to lose unsaved changes (the close must pass the guard). */
  onClose: (discarded?: boolean) => void;
  onSaved: (saved: Item, isNew: boolean) => void;
  onDelete: (item: Item) => void;
}

export function LookupPanel<Item extends LookupItem>({ def, items, loaded, selected, onClose, onSaved, onDelete }: LookupPanelProps<Item>) {
  const titleId = useId();
  const [dirty, setDirty] = useState(false);
  const [confirmClose, setConfirmClose] = useState(false);
  const open = selected !== null;
  const isNew = selected === NEW_ITEM;
  const item = isNew || !selected ? null : (items.find((i) => i.id === selected) ?? null);

  // A panel that closes or shows another item starts clean (the form reports again when it mounts).
  const [shownFor, setShownFor] = useState(selected);
  if (shownFor !== selected) {
    setShownFor(selected);
    setDirty(false);
  }

  // Back/forward or a link elsewhere with unsaved changes: ask first.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (!dirty || (nextLocation.state as { settled?: boolean } | null)?.settled) return false;
    const id = (search: string) => new URLSearchParams(search).get('id');
    return currentLocation.pathname !== nextLocation.pathname || id(currentLocation.search) !== id(nextLocation.search);
  });
  useUnloadWarning(dirty);

  const requestClose = useCallback(() => {
    if (dirty) setConfirmClose(true);
    else onClose();
  }, [dirty, onClose]);

  const title = isNew ? `New ${def.singular}` : (item?.name ?? (loaded ? `No such ${def.singular}` : 'Loading…'));
  const Form = def.Form;

  let content: ReactNode;
  if (isNew) {
    content = (
      <Form key="new" item={null} items={items} onSaved={(saved) => onSaved(saved, true)} onCancel={requestClose} onDirtyChange={setDirty} />
    );
  } else if (item) {
    content = (
      <Form
        key={item.id}
        item={item}
        items={items}
        intro={<Details def={def} item={item} />}
        onSaved={(saved) => onSaved(saved, false)}
        onCancel={requestClose}
        onDelete={() => onDelete(item)}
        onDirtyChange={setDirty}
      />
    );
  } else if (!loaded) {
    content = (
      <Box sx={{ p: 3 }}>
        <Skeleton height={48} />
        <Skeleton height={48} />
        <Skeleton height={160} />
      </Box>
    );
  } else {
    content = (
      <EmptyState
        title={`This ${def.singular} does not exist`}
        hint={`It may have been deleted. Its id was ${selected ?? ''}.`}
        action={<Button onClick={() => onClose()}>Back to the {def.title.toLowerCase()}</Button>}
      />
    );
  }

  return (
    <>
      <Drawer
        anchor="right"
        open={open}
        onClose={requestClose}
        // Above the app bar, which sits above the navigation drawer.
        sx={{ zIndex: 'modal' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': titleId,
            'aria-modal': true,
            sx: { width: { xs: '100%', sm: def.wide ? 760 : 520 }, maxWidth: '100%', display: 'flex', flexDirection: 'column' },
          } as object,
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: { xs: 2, sm: 3 }, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="caption" sx={{ color: 'text.secondary', textTransform: 'uppercase', letterSpacing: 0.6 }}>
              {isNew ? 'Configuration' : def.singular}
            </Typography>
            <Typography
              id={titleId}
              variant="h2"
              component="h2"
              title={title}
              // A long name keeps to two lines; the whole of it is in the Name field below.
              sx={{ overflowWrap: 'anywhere', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
            >
              {title}
            </Typography>
          </Box>
          <IconButton aria-label="Close the panel" onClick={requestClose}>
            <CloseIcon />
          </IconButton>
        </Box>
        {content}
      </Drawer>
      <ConfirmDialog
        open={confirmClose || blocker.state === 'blocked'}
        title="Discard the changes?"
        confirmLabel="Discard the changes"
        cancelLabel="Keep editing"
        destructive
        onConfirm={() => {
          setConfirmClose(false);
          setDirty(false);
          if (blocker.state === 'blocked') blocker.proceed();
          else onClose(true);
        }}
        onClose={() => {
          setConfirmClose(false);
          if (blocker.state === 'blocked') blocker.reset();
        }}
      >
        <p>What you changed in {item ? `‘${item.name}’` : `the new ${def.singular}`} has not been saved and will be lost.</p>
      </ConfirmDialog>
    </>
  );
}
