/**
 * One section of the configuration page: the list of its items (searched, sorted and paged in
 * the browser: lookups are few), the side panel that creates or edits one, and the confirmation
 * that deletes one. The search, order, page and open item live in the URL.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ClearIcon from '@mui/icons-material/Clear';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import SearchIcon from '@mui/icons-material/Search';
import { useDescribeError } from '#app/use-describe-error.ts';
import { useHotkeys } from '#app/hotkeys.tsx';
import { notify } from '#app/notifications.tsx';
import { CopyButton } from '#components/copy-button.tsx';
import { EmptyState } from '#components/empty-state.tsx';
import { ErrorState } from '#components/error-state.tsx';
import { TruncatedText } from '#components/truncated-text.tsx';
import { VisuallyHidden } from '#components/visually-hidden.tsx';
import { useUrlParams } from '#components/use-url-params.ts';
import { NEW_ITEM, PAGE_SIZES, searchWithSelected, SETTLED, useSectionView, type SectionSort } from './configuration-view.ts';
import { DeleteLookupDialog } from './delete-lookup-dialog.tsx';
import { LookupPanel } from './lookup-panel.tsx';
import type { LookupItem, SectionDef } from './sections.tsx';

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** Items whose name, id or other searchable text contain every word of the search. */
export function searchItems<Item extends LookupItem>(items: readonly Item[], search: string, def: Pick<SectionDef<Item>, 'searchText'>): Item[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...items];
  return items.filter((item) => {
    const haystack = [item.name, item.id, ...(def.searchText?.(item) ?? [])].filter(Boolean).join(' ').toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

export function sortItems<Item extends LookupItem>(items: Item[], sort: SectionSort, def: Pick<SectionDef<Item>, 'columns'>): Item[] {
  const column = def.columns.find((c) => c.key === sort.key && c.sortValue);
  const value = column?.sortValue ?? ((item: Item) => item.name);
  const sign = sort.direction === 'desc' ? -1 : 1;
  return [...items].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y));
    return sign * (order || collator.compare(a.name, b.name));
  });
}

const wideOnly = { display: { xs: 'none', md: 'table-cell' } } as const;

export function LookupSection<Item extends LookupItem>({ def }: { def: SectionDef<Item> }) {
  const describeError = useDescribeError();
  const [view, setView] = useSectionView();
  const [params] = useUrlParams();
  const searchRef = useRef<HTMLInputElement>(null);
  const list = useQuery(def.list());
  const [deleting, setDeleting] = useState<Item | null>(null);
  const [lastSaved, setLastSaved] = useState<string | null>(null);
  const plural = def.title.toLowerCase();

  const items = useMemo(() => list.data ?? [], [list.data]);
  const matching = useMemo(() => sortItems(searchItems(items, view.search, def), view.sort, def), [items, view.search, view.sort, def]);
  const lastPage = Math.max(1, Math.ceil(matching.length / view.pageSize));
  const page = Math.min(view.page, lastPage);
  const shown = matching.slice((page - 1) * view.pageSize, page * view.pageSize);

  const openNew = useCallback(() => setView({ selected: NEW_ITEM }), [setView]);
  const refetch = list.refetch;
  useHotkeys(
    useMemo(
      () => [
        { keys: 'n', description: `New ${def.singular}`, group: 'Configuration', run: openNew },
        { keys: '/', description: `Search the ${plural}`, group: 'Configuration', run: () => searchRef.current?.focus() },
        { keys: 'r', description: 'Refresh the list', group: 'Configuration', run: () => void refetch() },
      ],
      [def.singular, plural, openNew, refetch],
    ),
  );

  const onSaved = (saved: Item, isNew: boolean) => {
    setLastSaved(saved.id);
    setView({ selected: null }, { state: SETTLED });
    notify(`${isNew ? 'Created' : 'Saved'} ${def.singular} ‘${saved.name}’.`, { severity: 'success' });
  };

  const onDeleted = (item: Item) => {
    setDeleting(null);
    if (view.selected === item.id) setView({ selected: null }, { replace: true, state: SETTLED });
    notify(`Deleted ${def.singular} ‘${item.name}’.`, { severity: 'success' });
  };

  const sortBy = (key: string) => {
    const direction = view.sort.key === key && view.sort.direction === 'asc' ? 'desc' : 'asc';
    setView({ sort: { key, direction } }, { replace: true });
  };

  const header = (key: string, label: string, sortable: boolean) =>
    sortable ? (
      <TableSortLabel active={view.sort.key === key} direction={view.sort.key === key ? view.sort.direction : 'asc'} onClick={() => sortBy(key)}>
        {label}
      </TableSortLabel>
    ) : (
      label
    );

  const described = list.error ? describeError(list.error) : undefined;
  const count =
    list.data === undefined
      ? list.isPending && !list.error
        ? 'Loading…'
        : ''
      : view.search.trim()
        ? `${matching.length.toLocaleString()} of ${items.length.toLocaleString()} match`
        : `${items.length.toLocaleString()} ${items.length === 1 ? def.singular : plural}`;

  let body;
  if (described && !list.data) {
    body = (
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
    );
  } else if (list.data && items.length === 0) {
    body = (
      <Paper variant="outlined">
        <EmptyState
          icon={def.icon}
          title={`No ${plural} yet`}
          hint={def.emptyHint}
          action={
            <Button variant="contained" startIcon={<AddIcon />} onClick={openNew}>
              Add a {def.singular}
            </Button>
          }
        />
      </Paper>
    );
  } else if (list.data && matching.length === 0) {
    body = (
      <Paper variant="outlined">
        <EmptyState
          icon={<SearchIcon />}
          title={`No ${plural} match “${view.search.trim()}”`}
          hint="The search looks in names, ids and the other columns."
          action={<Button onClick={() => setView({ search: '' })}>Clear the search</Button>}
        />
      </Paper>
    );
  } else {
    body = (
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <TableContainer>
          <Table aria-label={def.title} size="small" sx={{ tableLayout: 'fixed', '& td, & th': { py: 1 } }}>
            <TableHead>
              <TableRow>
                <TableCell sortDirection={view.sort.key === 'name' ? view.sort.direction : false}>{header('name', 'Name', true)}</TableCell>
                {def.columns.map((column) => (
                  <TableCell
                    key={column.key}
                    sortDirection={view.sort.key === column.key ? view.sort.direction : false}
                    sx={{ width: column.width, ...(column.wide ? wideOnly : {}) }}
                  >
                    {header(column.key, column.label, Boolean(column.sortValue))}
                  </TableCell>
                ))}
                <TableCell sx={{ width: 160, ...wideOnly }}>Id</TableCell>
                <TableCell sx={{ width: { xs: 52, sm: 96 } }}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.data === undefined
                ? Array.from({ length: 5 }, (_, i) => (
                    <TableRow key={i} aria-hidden>
                      <TableCell>
                        <Skeleton width="60%" />
                      </TableCell>
                      {def.columns.map((c) => (
                        <TableCell key={c.key} sx={c.wide ? wideOnly : undefined}>
                          <Skeleton width="50%" />
                        </TableCell>
                      ))}
                      <TableCell sx={wideOnly}>
                        <Skeleton />
                      </TableCell>
                      <TableCell />
                    </TableRow>
                  ))
                : shown.map((item) => (
                    <TableRow key={item.id} hover selected={item.id === lastSaved || item.id === view.selected}>
                      <TableCell>
                        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
                          {def.adornment?.(item)}
                          <Link
                            component={RouterLink}
                            to={searchWithSelected(params, item.id)}
                            underline="hover"
                            sx={{ minWidth: 0, fontWeight: 600, color: 'text.primary' }}
                          >
                            <TruncatedText text={item.name} fontWeight={600} />
                          </Link>
                        </Box>
                      </TableCell>
                      {def.columns.map((column) => (
                        <TableCell key={column.key} sx={column.wide ? wideOnly : undefined}>
                          {column.render(item)}
                        </TableCell>
                      ))}
                      <TableCell sx={wideOnly}>
                        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                          <Tooltip title={item.id}>
                            <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace', fontSize: 13, color: 'text.secondary' }}>
                              {item.id.slice(0, 8)}…
                            </Typography>
                          </Tooltip>
                          <CopyButton text={item.id} what={`the id of ${item.name}`} />
                        </Box>
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap', px: 1 }}>
                        <Tooltip title="Edit">
                          <IconButton
                            size="small"
                            aria-label={`Edit ${item.name}`}
                            component={RouterLink}
                            to={searchWithSelected(params, item.id)}
                            // On a phone the name opens the item; the row keeps room for it.
                            sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
                          >
                            <EditIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                        <Tooltip title="Delete">
                          <IconButton size="small" aria-label={`Delete ${item.name}`} onClick={() => setDeleting(item)}>
                            <DeleteIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      </TableCell>
                    </TableRow>
                  ))}
            </TableBody>
          </Table>
        </TableContainer>
        {matching.length > PAGE_SIZES[0] && (
          <TablePagination
            component="div"
            count={matching.length}
            page={page - 1}
            rowsPerPage={view.pageSize}
            rowsPerPageOptions={[...PAGE_SIZES]}
            onPageChange={(_, next) => setView({ page: next + 1 })}
            onRowsPerPageChange={(event) => setView({ pageSize: Number(event.target.value) })}
          />
        )}
      </Paper>
    );
  }

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 2 }}>
        <TextField
          inputRef={searchRef}
          size="small"
          label={`Search ${plural}`}
          value={view.search}
          onChange={(event) => setView({ search: event.target.value }, { replace: true })}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && view.search) {
              event.stopPropagation();
              setView({ search: '' }, { replace: true });
            }
          }}
          sx={{ flex: '1 1 240px', maxWidth: { sm: 360 } }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
              endAdornment: view.search ? (
                <InputAdornment position="end">
                  <IconButton size="small" aria-label="Clear the search" onClick={() => setView({ search: '' }, { replace: true })} edge="end">
                    <ClearIcon fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ) : undefined,
            },
          }}
        />
        <Typography variant="body2" aria-live="polite" sx={{ color: 'text.secondary', flex: '1 1 auto' }}>
          {count}
        </Typography>
        <Tooltip title="Refresh (r)">
          <span>
            <IconButton aria-label={`Refresh the ${plural}`} onClick={() => void list.refetch()} disabled={list.isFetching}>
              <RefreshIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Button variant="contained" startIcon={<AddIcon />} onClick={openNew} aria-keyshortcuts="n">
          Add {def.singular}
        </Button>
      </Box>
      {body}
      <LookupPanel
        def={def}
        items={items}
        loaded={list.data !== undefined}
        selected={view.selected}
        onClose={(discarded) => setView({ selected: null }, discarded ? { state: SETTLED } : undefined)}
        onSaved={onSaved}
        onDelete={(item) => setDeleting(item)}
      />
      {deleting && <DeleteLookupDialog def={def} item={deleting} onClose={() => setDeleting(null)} onDeleted={onDeleted} />}
    </Box>
  );
}
