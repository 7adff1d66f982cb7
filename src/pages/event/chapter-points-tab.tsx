/**
 * The Chapter points tab (`?tab=chapters&chapter=<id>`): the event's chapter points as a tree
 * beside the selected one, with its custom properties in the same editable table as the event's
 * (properties/property-table.tsx). Add a chapter point at the top or under the selected one, edit
 * it, delete it with everything under it (the service removes the subtree and its properties).
 */
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import SubdirectoryIcon from '@mui/icons-material/SubdirectoryArrowRight';
import BookmarksIcon from '@mui/icons-material/BookmarksOutlined';
import type { ChapterPoint, Event } from '#schema';
import { api } from '#app/api.ts';
import { useHotkeys } from '#app/hotkeys.tsx';
import { notify } from '#app/notifications.tsx';
import { useDescribeError } from '#app/use-describe-error.ts';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { EmptyState } from '#components/empty-state.tsx';
import { ErrorState } from '#components/error-state.tsx';
import { formatDateTimeLong } from '#components/format-time.ts';
import { ChapterPointDialog, type ChapterPointDialogMode } from './properties/chapter-point-dialog.tsx';
import { displayTime, findPoint, flattenTree, streamStart, subtreeCounts } from './properties/chapter-point-values.ts';
import { ChapterTree } from './properties/chapter-tree.tsx';
import { useChapterPointPropertySource } from './properties/property-source.ts';
import { PropertyTable } from './properties/property-table.tsx';
import { useSelectedChapter } from './use-selected-chapter.ts';
import { RoleNotice } from '#app/role-notice.tsx';
import { useCan } from '#app/use-role.ts';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function ChapterPointProperties({ point }: { point: ChapterPoint }) {
  const source = useChapterPointPropertySource(point.id);
  return (
    <PropertyTable
      source={source}
      title="Custom properties"
      headingLevel="h3"
      description={`Of ‘${point.title}’. A category and key pair is unique per chapter point; they are searchable with the chapter point.`}
      params={{ category: 'chapterPropertyCategory', search: 'chapterPropertySearch' }}
      hotkeyGroup="Chapter point properties"
    />
  );
}

function TimeRange({ point, start }: { point: ChapterPoint; start: Date | undefined }) {
  const from = displayTime(point.startTime, start);
  const to = point.endTime ? displayTime(point.endTime, start) : undefined;
  return (
    <Typography
      variant="body2"
      sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontVariantNumeric: 'tabular-nums' }}
      title={from.detail ? formatDateTimeLong(from.detail) : undefined}
    >
      {from.text}
      {to ? ` – ${to.text}` : ''}
    </Typography>
  );
}

export function ChapterPointsTab({ event }: { event: Event }) {
  const describe = useDescribeError();
  const tree = useQuery(api.chapterPoint.listForEvent.queryOptions({ params: { eventId: event.id }, query: { buildTree: true } }));
  const [selectedId, select] = useSelectedChapter();
  const [dialog, setDialog] = useState<ChapterPointDialogMode | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<ChapterPoint | null>(null);
  const remove = useMutation(api.chapterPoint.delete.mutationOptions());
  // Adding, editing and deleting are one operation's (upsert, delete: both an operator's).
  const write = useCan()(api.chapterPoint.upsert);
  const roots = tree.data ?? [];
  const total = flattenTree(roots).length;
  const selected = selectedId ? findPoint(roots, selectedId) : undefined;
  const start = streamStart(event);

  useHotkeys(write.allowed ? [
    { keys: 'c', description: 'Add a chapter point', group: 'Chapter points', run: () => setDialog({ kind: 'add', parent: null }) },
    ...(selected ? [{ keys: 'C', description: 'Add a chapter point under the selected one', group: 'Chapter points', run: () => setDialog({ kind: 'add', parent: selected }) }] : []),
  ] : []);

  const afterSave = async (point: ChapterPoint) => {
    await tree.refetch();
    select(point.id, { push: true });
  };

  const runDelete = async (point: ChapterPoint) => {
    try {
      await remove.mutateAsync({ params: { id: point.id } });
      setConfirmDelete(null);
      notify(`Deleted ‘${point.title}’.`, { severity: 'success' });
      select(point.parentId);
      await tree.refetch();
    } catch {
      // The dialog shows the failure and stays open.
    }
  };

  if (tree.error && !tree.data) {
    return (
      <ErrorState
        title="Could not load the chapter points"
        message={describe(tree.error).message}
        actions={
          <Button variant="contained" onClick={() => void tree.refetch()} disabled={tree.isFetching}>
            {tree.isFetching ? 'Retrying…' : 'Retry'}
          </Button>
        }
      />
    );
  }

  const counts = confirmDelete ? subtreeCounts(confirmDelete) : { descendants: 0, properties: 0 };
  return (
    <>
    <RoleNotice permission={write} />
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(280px, 2fr) 3fr' }, alignItems: 'start' }}>
      <Paper component="section" variant="outlined" aria-labelledby="chapter-tree-heading" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="h2" id="chapter-tree-heading">
            Chapter points
          </Typography>
          {tree.data && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {plural(total, 'chapter point', 'chapter points')}
            </Typography>
          )}
          <Box sx={{ flexGrow: 1 }} />
          <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'add', parent: null })} disabled={!tree.data || !write.allowed}>
            Add chapter point
          </Button>
        </Box>
        <Box sx={{ mt: 1.5, maxHeight: { md: '70vh' }, overflow: 'auto', mx: -0.5 }}>
          {!tree.data ? (
            <Box aria-busy="true" aria-label="Loading the chapter points">
              {[0, 1, 2, 3, 4].map((i) => (
                <Skeleton key={i} height={32} sx={{ ml: i % 2 ? 3 : 0 }} />
              ))}
            </Box>
          ) : total === 0 ? (
            <EmptyState
              icon={<BookmarksIcon />}
              title="No chapter points yet"
              hint="Chapter points mark moments of the stream (a goal, a song, a talk) so viewers can jump to them. They can nest: a half with its goals."
              action={
                <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'add', parent: null })} disabled={!write.allowed}>
                  Add chapter point
                </Button>
              }
            />
          ) : (
            <ChapterTree roots={roots} selectedId={selected?.id ?? null} onSelect={(id) => select(id)} start={start} label="Chapter points" />
          )}
        </Box>
        {tree.error && tree.data && (
          <Typography variant="body2" role="status" sx={{ color: 'warning.main', mt: 1 }}>
            Showing the chapter points as last loaded: the refresh failed. {describe(tree.error).message}
          </Typography>
        )}
      </Paper>

      <Stack spacing={2} sx={{ minWidth: 0 }}>
        {selected ? (
          <>
            <Paper component="section" variant="outlined" aria-labelledby="chapter-detail-heading" sx={{ p: { xs: 1.5, sm: 2 } }}>
              <Typography variant="overline" sx={{ color: 'text.secondary', display: 'block', lineHeight: 1.6 }}>
                Selected chapter point
              </Typography>
              <Typography variant="h2" id="chapter-detail-heading" sx={{ overflowWrap: 'anywhere' }}>
                {selected.title}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                <TimeRange point={selected} start={start} />
                {selected.tag && <Chip size="small" variant="outlined" label={selected.tag} />}
                {selected.referenceId && (
                  <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                    Ref. {selected.referenceId}
                  </Typography>
                )}
                {selected.children.length > 0 && (
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {plural(selected.children.length, 'chapter point', 'chapter points')} under it
                  </Typography>
                )}
              </Stack>
              <Stack direction="row" sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }}>
                <Button variant="outlined" size="small" startIcon={<SubdirectoryIcon />} onClick={() => setDialog({ kind: 'add', parent: selected })} disabled={!write.allowed}>
                  Add under it
                </Button>
                <Button variant="outlined" size="small" startIcon={<EditIcon />} onClick={() => setDialog({ kind: 'edit', point: selected })} disabled={!write.allowed}>
                  Edit
                </Button>
                <Button variant="outlined" size="small" color="error" startIcon={<DeleteIcon />} onClick={() => setConfirmDelete(selected)} disabled={!write.allowed}>
                  Delete
                </Button>
              </Stack>
            </Paper>
            <ChapterPointProperties key={selected.id} point={selected} />
          </>
        ) : (
          total > 0 && (
            <Paper variant="outlined">
              <EmptyState
                title={selectedId ? 'That chapter point no longer exists' : 'Select a chapter point'}
                hint={selectedId ? 'It may have been deleted. Pick another one in the tree.' : 'Its details and custom properties show here.'}
              />
            </Paper>
          )
        )}
      </Stack>

      <ChapterPointDialog mode={dialog} eventId={event.id} roots={roots} onClose={() => setDialog(null)} onSaved={(point) => void afterSave(point)} />
      <ConfirmDialog
        open={confirmDelete !== null}
        title={`Delete ‘${confirmDelete?.title ?? ''}’?`}
        confirmLabel={counts.descendants > 0 ? `Delete ${plural(counts.descendants + 1, 'chapter point', 'chapter points')}` : 'Delete chapter point'}
        destructive
        mutation={remove}
        onConfirm={() => confirmDelete && void runDelete(confirmDelete)}
        onClose={() => {
          setConfirmDelete(null);
        }}
      >
        <p>
          {counts.descendants > 0
            ? `The ${plural(counts.descendants, 'chapter point', 'chapter points')} under it ${counts.descendants === 1 ? 'goes' : 'go'} too`
            : 'The chapter point is removed'}
          {counts.properties > 0 ? `, with ${plural(counts.properties, 'custom property', 'custom properties')}` : ''}. Viewers can no longer jump to{' '}
          {counts.descendants > 0 ? 'them' : 'it'}.
        </p>
      </ConfirmDialog>
    </Box>
    </>
  );
}
