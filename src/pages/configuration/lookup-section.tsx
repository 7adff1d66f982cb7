/**
 * One section of the configuration page: the list of its items in the one grid (the lookup
 * operations answer whole arrays: read whole, searched, sorted and paged here, the view in the URL
 * like every list), the side panel that creates or edits one (`id` in the URL), and the
 * confirmation that deletes one.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import { useDescribeError } from '#app/use-describe-error.ts';
import { useHotkeys } from '#app/hotkeys.tsx';
import { RoleNotice } from '#app/role-notice.tsx';
import { useCan } from '#app/use-role.ts';
import { notify } from '#app/notifications.tsx';
import { EmptyState } from '#components/empty-state.tsx';
import { ErrorState } from '#components/error-state.tsx';
import { ServerDataGrid } from '#components/lazy-parts.tsx';
import { pageOf } from '#components/whole-list.ts';
import { usePagedView } from '#components/use-paged-view.ts';
import { NEW_ITEM, SETTLED, sectionView, useOpenItem, useOpenItemLink } from './configuration-view.ts';
import { DeleteLookupDialog } from './delete-lookup-dialog.tsx';
import { lookupColumns } from './lookup-columns.tsx';
import { LookupWrites } from './lookup-form.tsx';
import { LookupPanel } from './lookup-panel.tsx';
import { searchItems, sortItems } from './lookup-rows.ts';
import { LookupToolbar } from './lookup-toolbar.tsx';
import type { LookupItem, SectionDef } from './sections.tsx';

export function LookupSection<Item extends LookupItem>({ def }: { def: SectionDef<Item> }) {
  const describeError = useDescribeError();
  const [view, setView, grid] = usePagedView(sectionView(def));
  const [selected, setSelected] = useOpenItem();
  const openLink = useOpenItemLink();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const searchRef = useRef<HTMLInputElement>(null);
  const list = useQuery(def.list());
  const [deleting, setDeleting] = useState<Item | null>(null);
  const [lastSaved, setLastSaved] = useState<string | null>(null);
  const plural = def.title.toLowerCase();
  const search = view.filters.q;
  const writes = useCan()(def.writes);

  const items = useMemo(() => list.data ?? [], [list.data]);
  const matching = useMemo(() => sortItems(searchItems(items, search, def), view.sort, def), [items, search, view.sort, def]);
  const shown = pageOf(matching, view);
  const columns = useMemo(() => lookupColumns(def, { openLink, onDelete: setDeleting, phone, canDelete: writes.allowed }), [def, openLink, phone, writes.allowed]);

  const openNew = useCallback(() => setSelected(NEW_ITEM), [setSelected]);
  const setSearch = useCallback((q: string) => setView({ filters: { q } }, { replace: true }), [setView]);
  const refetch = list.refetch;
  useHotkeys(
    useMemo(
      () => [
        ...(writes.allowed ? [{ keys: 'n', description: `New ${def.singular}`, group: 'Configuration', run: openNew }] : []),
        { keys: '/', description: `Search the ${plural}`, group: 'Configuration', run: () => searchRef.current?.focus() },
        { keys: 'r', description: 'Refresh the list', group: 'Configuration', run: () => void refetch() },
      ],
      [def.singular, plural, openNew, refetch, writes.allowed],
    ),
  );

  const onSaved = (saved: Item, isNew: boolean) => {
    setLastSaved(saved.id);
    setSelected(null, { state: SETTLED });
    notify(`${isNew ? 'Created' : 'Saved'} ${def.singular} ‘${saved.name}’.`, { severity: 'success' });
  };

  const onDeleted = (item: Item) => {
    setDeleting(null);
    if (selected === item.id) setSelected(null, { replace: true, state: SETTLED });
    notify(`Deleted ${def.singular} ‘${item.name}’.`, { severity: 'success' });
  };

  const described = list.error ? describeError(list.error) : undefined;
  const count =
    list.data === undefined
      ? list.isPending && !list.error
        ? 'Loading…'
        : ''
      : search.trim()
        ? `${matching.length.toLocaleString()} of ${items.length.toLocaleString()} match`
        : `${items.length.toLocaleString()} ${items.length === 1 ? def.singular : plural}`;

  const empty =
    items.length === 0 ? (
      <EmptyState
        icon={def.icon}
        title={`No ${plural} yet`}
        hint={def.emptyHint}
        action={
          <Button variant="contained" startIcon={<AddIcon />} onClick={openNew} disabled={!writes.allowed}>
            Add a {def.singular}
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon={<SearchIcon />}
        title={`No ${plural} match “${search.trim()}”`}
        hint="The search looks in names, ids and the other columns."
        action={<Button onClick={() => setSearch('')}>Clear the search</Button>}
      />
    );

  return (
    <>
      <LookupToolbar
        plural={plural}
        singular={def.singular}
        search={search}
        onSearch={setSearch}
        searchRef={searchRef}
        count={count}
        refreshing={list.isFetching}
        onRefresh={() => void list.refetch()}
        onAdd={openNew}
        canAdd={writes.allowed}
      />
      <RoleNotice permission={writes}>The configuration (event types, rooms, categories, tags, channels, xflows, profiles) is for admin keys to change.</RoleNotice>
      {described && !list.data ? (
        <ErrorState
          title={`Could not load the ${plural}`}
          message={described.message}
          detail={described.detail}
          actions={
            <Button variant="contained" onClick={() => void list.refetch()}>
              Retry
            </Button>
          }
        />
      ) : (
        <Paper variant="outlined" sx={{ overflow: 'hidden', minHeight: 240, display: 'flex', flexDirection: 'column' }}>
          <ServerDataGrid<Item>
            label={def.title}
            rows={shown}
            columns={columns}
            getRowId={(row) => row.id}
            rowCount={list.data === undefined ? undefined : matching.length}
            loading={list.isPending}
            {...grid}
            empty={empty}
            highlighted={[lastSaved, selected].filter((id): id is string => id !== null)}
            rowHeight={52}
          />
        </Paper>
      )}
      <LookupWrites.Provider value={writes}>
        <LookupPanel
          def={def}
          items={items}
          loaded={list.data !== undefined}
          selected={selected}
          onClose={(discarded) => setSelected(null, discarded ? { state: SETTLED } : undefined)}
          onSaved={onSaved}
          onDelete={(item) => setDeleting(item)}
        />
      </LookupWrites.Provider>
      {deleting && <DeleteLookupDialog def={def} item={deleting} onClose={() => setDeleting(null)} onDeleted={onDeleted} />}
    </>
  );
}
