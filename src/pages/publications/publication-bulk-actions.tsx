/**
 * Actions on the selected publications of the monitor: retry the failed ones (the row actions' own
 * retry: each tries again as itself, publicationMonitor.retry), start
 * the live ones waiting to start, stop the live ones running. Each says how many of the selection
 * it applies to, confirms what happens, runs a few at a time, and ends with what succeeded and
 * what did not, publication by publication, with the service's reason.
 */
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import PlayIcon from '@mui/icons-material/PlayArrow';
import RetryIcon from '@mui/icons-material/Replay';
import StopIcon from '@mui/icons-material/Stop';
import type { MonitorRow } from '#schema';
import { invalidatesOf } from '#client';
import { api } from '#app/api.ts';
import { useCan } from '#app/use-role.ts';
import { countOf, runBulk, summarise, type BulkItem } from '#components/bulk.ts';
import { BulkSummaryDialog, type BulkResult } from '#components/bulk-summary-dialog.tsx';
import { BulkProgress, BulkToolbar } from '#components/bulk-toolbar.tsx';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { operationOf, runAction, type ActionId } from './publication-actions.tsx';
import { stateGroup, targetName } from './targets.tsx';

type BulkAction = 'retry' | 'start' | 'stop';

/** The row action each bulk action runs on a row, or null when it does not apply to it. */
export function bulkActionFor(action: BulkAction, row: MonitorRow): ActionId | null {
  const group = stateGroup(row.kind, row.publicationState);
  switch (action) {
    case 'retry':
      return group === 'Failed' ? 'retry' : null;
    case 'start':
      return row.kind === 'live' && group === 'Scheduled' && !row.startRequested ? 'start' : null;
    case 'stop':
      return row.kind === 'live' && group === 'InProgress' ? 'stop' : null;
  }
}

const WORDS: Record<BulkAction, { label: string; verb: string; confirm: (n: string) => { title: string; body: string; destructive: boolean } }> = {
  retry: {
    label: 'Retry',
    verb: 'retried',
    confirm: (n) => ({ title: `Retry ${n}?`, body: 'Each failed publication tries again as itself: it keeps its row, its history keeps the failure, and the Failed count clears as each succeeds. A live one is recreated on its target.', destructive: false }),
  },
  start: {
    label: 'Start',
    verb: 'started',
    confirm: (n) => ({ title: `Start ${n}?`, body: 'Each starts broadcasting on its target now if its event is live, or as soon as it is.', destructive: false }),
  },
  stop: {
    label: 'Stop',
    verb: 'stopped',
    confirm: (n) => ({ title: `Stop ${n}?`, body: 'Their broadcasts end for everyone watching them on their targets. A stopped broadcast cannot go live again.', destructive: true }),
  },
};

const ICONS: Record<BulkAction, typeof PlayIcon> = { retry: RetryIcon, start: PlayIcon, stop: StopIcon };

type Item = BulkItem & { row: MonitorRow; action: ActionId };

const countPublications = (n: number) => countOf(n, 'publication');

export function PublicationBulkActions({ selected, onClearSelection }: { selected: readonly MonitorRow[]; onClearSelection: () => void }) {
  const can = useCan();
  const [pending, setPending] = useState<BulkAction | null>(null);
  const [progress, setProgress] = useState(0);
  const [result, setResult] = useState<BulkResult | null>(null);
  const itemsFor = (action: BulkAction): Item[] =>
    selected.flatMap((row) => {
      const id = bulkActionFor(action, row);
      return id ? [{ id: row.id, title: `${row.eventTitle ?? row.contentId ?? 'Publication'} on ${row.destinationName ?? targetName(row.target)}`, row, action: id }] : [];
    });

  // What the key may not do to the selection, and why (the first reason stands for all).
  const refusalOf = (items: readonly Item[]) => items.map((item) => can(operationOf(item.row, item.action))).find((p) => !p.allowed);
  const refused = (['retry', 'start', 'stop'] as const).map((action) => refusalOf(itemsFor(action))).find(Boolean);

  // One mutation for the whole run: the monitor and the publication lists are refreshed once.
  const run = useMutation({
    mutationFn: async (action: BulkAction) => {
      setProgress(0);
      return runBulk(
        itemsFor(action),
        async (item) => {
          const said = await runAction(item.row, item.action);
          // A start the target refused answers, rather than fails: it is a failure of the run.
          if (said.startsWith('Did not')) throw new Error(said);
          return said;
        },
        { onProgress: setProgress },
      );
    },
    meta: { invalidates: invalidatesOf(api.livePublication.start, api.livePublication.stop, api.publicationMonitor.retry) },
    onSuccess: (outcomes, action) => {
      setPending(null);
      setResult({ title: summarise(outcomes, WORDS[action].verb, 'publication'), outcomes, noun: 'publication' });
      onClearSelection();
    },
  });

  const confirming = pending ? itemsFor(pending) : [];
  const words = pending ? WORDS[pending].confirm(countPublications(confirming.length)) : null;

  return (
    <>
      <BulkToolbar count={selected.length} onClearSelection={onClearSelection}>
        {(['retry', 'start', 'stop'] as const).map((action) => {
          const items = itemsFor(action);
          const Icon = ICONS[action];
          return (
            <Button key={action} size="small" variant="outlined" color={action === 'stop' ? 'error' : 'primary'} startIcon={<Icon />} disabled={items.length === 0 || refusalOf(items) !== undefined} onClick={() => setPending(action)}>
              {WORDS[action].label} {items.length > 0 ? items.length : ''}
            </Button>
          );
        })}
        {refused && (
          <Typography variant="body2" role="note" sx={{ color: 'text.secondary', flexBasis: '100%' }}>
            {refused.reason}
          </Typography>
        )}
      </BulkToolbar>
      {pending && words && (
        <ConfirmDialog open title={words.title} confirmLabel={`${WORDS[pending].label} ${countPublications(confirming.length)}`} destructive={words.destructive} busy={run.isPending} onConfirm={() => run.mutate(pending)} onClose={() => setPending(null)}>
          <p>{words.body}</p>
          {confirming.length < selected.length && <p>The other {countPublications(selected.length - confirming.length)} selected are not in a state for it and are left as they are.</p>}
          {run.isPending && <BulkProgress done={progress} total={confirming.length} />}
        </ConfirmDialog>
      )}
      {result && <BulkSummaryDialog result={result} onClose={() => setResult(null)} />}
    </>
  );
}
