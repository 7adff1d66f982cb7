/**
 * One publication in a drawer, in two tabs (`?pubTab=`): the publication (its state and reason,
 * the timeline of its state changes, what the target shows (queryTarget=true: link, embed code,
 * the target's keys), the callbacks, and for a live publication the statistics from the target as
 * a chart), and its History (the activity trail: who did what to it, and when).
 */
import { Suspense } from 'react';
import { isGuid } from '#schema';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import OpenIcon from '@mui/icons-material/OpenInNew';
import type { MonitorRow } from '#schema';
import { useDescribeError } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { CopyButton } from '#components/copy-button.tsx';
import { useTabParam } from '#components/use-tab-param.ts';
import { RecordHistory } from '#pages/activity/index.ts';
import { PublicationActions } from './publication-actions.tsx';
import { Statistics } from './publication-statistics.tsx';
import { Timeline, when } from './publication-timeline.tsx';
import { PublicationStateChip, TargetLabel } from './targets.tsx';


function TargetView({ row }: { row: MonitorRow }) {
  const describeError = useDescribeError();
  const get = row.kind === 'live' ? api.livePublication.get : api.vodPublication.get;
  const view = useQuery(get.queryOptions({ params: { id: row.id }, query: { destinationId: row.destinationId, queryTarget: true } }));
  if (view.isPending) return <Skeleton variant="rounded" height={80} />;
  if (view.error) return <Alert severity="warning">{describeError(view.error).message}</Alert>;
  const p = view.data;
  if (!p.details) return <Alert severity="warning">The target did not answer: its data could not be retrieved (details null).</Alert>;
  const { link, embedHtml, isUnavailable, ingestionDetails, ...keys } = p.details;
  return (
    <Stack spacing={1}>
      {isUnavailable && <Alert severity="error">The item is not available on the target any more.</Alert>}
      {typeof link === 'string' && link && (
        <Link href={link} target="_blank" rel="noreferrer" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, overflowWrap: 'anywhere' }}>
          {link} <OpenIcon fontSize="inherit" />
        </Link>
      )}
      {ingestionDetails && ingestionDetails.length > 0 && (
        <Table size="small" aria-label="Ingestion">
          <TableBody>
            {ingestionDetails.map((d, i) => (
              <TableRow key={i}>
                <TableCell sx={{ width: 90 }}>{d.isPrimary ? 'Primary' : 'Backup'}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere', fontFamily: 'monospace', fontSize: 12 }}>
                  {d.rtmpServerUrl}/{d.rtmpApplicationName ?? ''} · {d.rtmpStreamName}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {typeof embedHtml === 'string' && embedHtml && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="body2" sx={{ fontFamily: 'monospace', fontSize: 12, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', flex: 1 }}>
            {embedHtml}
          </Typography>
          <CopyButton text={embedHtml} what="the embed code" />
        </Box>
      )}
      <Table size="small" aria-label="Target details">
        <TableBody>
          {Object.entries(keys).map(([k, v]) => (
            <TableRow key={k}>
              <TableCell sx={{ fontFamily: 'monospace', fontSize: 12, width: '40%' }}>{k}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{typeof v === 'string' ? v : JSON.stringify(v)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {p.callbacks.length > 0 && (
        <>
          <Typography variant="subtitle2">Callbacks</Typography>
          {p.callbacks.map((c) => (
            <Typography key={c.id} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {c.url} — {c.lastTriggered ? `called ${when(c.lastTriggered)}` : 'not called yet'}
            </Typography>
          ))}
        </>
      )}
    </Stack>
  );
}

const DRAWER_TABS = ['publication', 'history'] as const;

export function PublicationDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const describeError = useDescribeError();
  const valid = id !== null && isGuid(id);
  const row = useQuery({ ...api.publicationMonitor.get.queryOptions({ params: { id: id ?? '' } }), enabled: valid });
  const history = useQuery({ ...api.publicationMonitor.history.queryOptions({ params: { id: id ?? '' } }), enabled: valid });
  const r = row.data;
  const [tab, setTab] = useTabParam({ tabs: DRAWER_TABS, fallback: 'publication', history: 'replace', param: 'pubTab' });
  return (
    <Drawer anchor="right" open={id !== null} onClose={onClose} sx={{ zIndex: (theme) => theme.zIndex.modal }} slotProps={{ paper: { sx: { width: { xs: '100%', sm: 520 }, p: 2 } } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="h2" component="h2" sx={{ flex: 1 }}>
          Publication
        </Typography>
        {r && <PublicationActions row={r} />}
        <IconButton aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      {!valid || row.error ? (
        <Alert severity="warning">{row.error ? describeError(row.error).message : 'This publication does not exist.'}</Alert>
      ) : !r ? (
        <Skeleton variant="rounded" height={160} />
      ) : (
        <>
          <Tabs value={tab} onChange={(_e, next: (typeof DRAWER_TABS)[number]) => setTab(next)} aria-label="Publication sections" sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
            <Tab value="publication" label="Publication" id="publication-tab-publication" aria-controls="publication-panel" />
            <Tab value="history" label="History" id="publication-tab-history" aria-controls="publication-panel" />
          </Tabs>
          <div role="tabpanel" id="publication-panel" aria-labelledby={`publication-tab-${tab}`}>
            {tab === 'history' ? (
              <Suspense fallback={<Skeleton variant="rounded" height={120} />}>
                <RecordHistory entity="publication" id={r.id} label={`History of the publication to ${r.destinationName}`} />
              </Suspense>
            ) : (
              <Stack spacing={2} divider={<Divider flexItem />}>
                <Stack spacing={1}>
                  <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                    <PublicationStateChip kind={r.kind} state={r.publicationState} stateString={r.publicationStateString} progress={r.progress} />
                    <Typography variant="body2">{r.kind === 'live' ? 'Live' : 'VOD'} ·</Typography>
                    <TargetLabel target={r.target} />
                    <Typography variant="body2">· {r.destinationName}</Typography>
                  </Box>
                  {r.eventId && (
                    <Typography variant="body2">
                      Event:{' '}
                      <Link component={RouterLink} to={`/events/${r.eventId}?tab=publications`}>
                        {r.eventTitle ?? r.eventId}
                      </Link>{' '}
                      · content id {r.contentId ?? '—'}
                    </Typography>
                  )}
                  {r.progress !== null && <LinearProgress variant="determinate" value={r.progress} aria-label="Upload progress" />}
                  {r.reason && <Alert severity={r.publicationState >= 4 ? 'error' : 'info'}>{r.reason}</Alert>}
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    Created {when(r.dateCreated)} · started {when(r.dateStarted)} · completed {when(r.dateCompleted)}
                  </Typography>
                </Stack>
                {r.kind === 'live' && (
                  <Box>
                    <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
                      Statistics
                    </Typography>
                    <Statistics row={r} />
                  </Box>
                )}
                <Box>
                  <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
                    State changes
                  </Typography>
                  {history.data ? <Timeline entries={history.data} /> : <Skeleton variant="rounded" height={80} />}
                </Box>
                <Box>
                  <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
                    On the target
                  </Typography>
                  <TargetView row={r} />
                </Box>
              </Stack>
            )}
          </div>
        </>
      )}
    </Drawer>
  );
}
