/**
 * The mailbox the service keeps when it sends no mail through SMTP (SMTP_URL unset): every mail
 * it sent, newest first; `/mailbox/:id` opens one (its HTML in a sandboxed frame, or its text).
 * Against a service that sends through SMTP (or keeps no mailbox), the page says so.
 */
import { useMemo } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import MailIcon from '@mui/icons-material/MailOutlined';
import type { Mail } from '#schema';
import { useDescribeError } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { useDocumentTitle } from '#app/document-title.ts';
import { DateTimeText } from '#components/date-time-text.tsx';
import { EmptyState } from '#components/empty-state.tsx';
import { ErrorState } from '#components/error-state.tsx';
import { ServerDataGrid } from '#components/lazy-parts.tsx';
import { PageHeader } from '#components/page-header.tsx';
import type { ServerGridColDef } from '#components/server-data-grid.tsx';
import { definePagedView, usePagedView } from '#components/use-paged-view.ts';
import { useUrlParams } from '#components/use-url-params.ts';
import { pageOf, sortRows } from '#components/whole-list.ts';

type MailSortField = 'subject' | 'sentAt';
const MAILS_VIEW = definePagedView<MailSortField>({ pageSizes: [25, 50, 100], sortFields: ['subject', 'sentAt'], defaultSort: { field: 'sentAt', direction: 'desc' } });
const SORT_VALUES = {
  subject: (m: Mail) => m.subject.toLowerCase(),
  sentAt: (m: Mail) => Date.parse(m.sentAt),
} satisfies Record<MailSortField, (m: Mail) => number | string>;

/**
 * The subject (a link to the mail, the recipient under it) and when it was sent: narrow enough for
 * the column beside the mail. `search` is the list's view, kept as a mail opens.
 */
const mailColumns = (search: string): ServerGridColDef<Mail>[] => [
  {
    field: 'subject',
    headerName: 'Mail',
    flex: 1,
    minWidth: 160,
    renderCell: ({ row: mail }) => (
      <Box sx={{ minWidth: 0, display: 'flex', flexDirection: 'column', justifyContent: 'center', height: '100%' }}>
        <Link component={RouterLink} to={{ pathname: `/mailbox/${mail.id}`, search }} onClick={(e) => e.stopPropagation()} variant="body2" underline="hover" color="inherit" noWrap title={mail.subject} sx={{ fontWeight: 600 }}>
          {mail.subject}
        </Link>
        <Typography variant="caption" component="div" noWrap sx={{ color: 'text.secondary' }}>
          To {mail.to}
        </Typography>
      </Box>
    ),
  },
  { field: 'sentAt', headerName: 'Sent', width: 130, renderCell: ({ row: mail }) => <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}><DateTimeText value={mail.sentAt} /></Box> },
];

function MailView({ mail }: { mail: Mail }) {
  const [params, setParams] = useUrlParams();
  const view = params.get('view') === 'text' ? 'text' : 'html';
  return (
    <Paper variant="outlined" component="article" aria-label={`Mail: ${mail.subject}`} sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1, minHeight: 0, height: '100%' }}>
      <Typography variant="h2" sx={{ fontSize: '1.15rem', overflowWrap: 'anywhere' }}>
        {mail.subject}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.25, m: 0, '& dt': { color: 'text.secondary' }, '& dd': { m: 0, overflowWrap: 'anywhere' } }}>
        <Typography component="dt" variant="body2">From</Typography>
        <Typography component="dd" variant="body2">{mail.from}</Typography>
        <Typography component="dt" variant="body2">To</Typography>
        <Typography component="dd" variant="body2">{mail.to}</Typography>
        <Typography component="dt" variant="body2">Sent</Typography>
        <Box component="dd"><DateTimeText value={mail.sentAt} /></Box>
        <Typography component="dt" variant="body2">Language</Typography>
        <Typography component="dd" variant="body2">{mail.language}</Typography>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <ToggleButtonGroup size="small" exclusive value={view} aria-label="Show the mail as" onChange={(_e, v: string | null) => v && setParams((prev) => { const next = new URLSearchParams(prev); if (v === 'text') next.set('view', 'text'); else next.delete('view'); return next; }, { replace: true })}>
          <ToggleButton value="html">Formatted</ToggleButton>
          <ToggleButton value="text">Plain text</ToggleButton>
        </ToggleButtonGroup>
        {mail.downloadId && (
          <Button component={RouterLink} to="/downloads" size="small" sx={{ ml: 'auto' }}>
            All downloads
          </Button>
        )}
      </Box>
      {view === 'html' ? (
        // No scripts, no same origin: the mail's HTML is shown, never run. Links open a new tab.
        <Box component="iframe" title={`Content of ${mail.subject}`} sandbox="allow-popups allow-popups-to-escape-sandbox" srcDoc={mail.html.replace('<head>', '<head><base target="_blank">').replace('<html lang', '<html style="color-scheme: light" lang')} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, width: '100%', flex: 1, minHeight: 260, bgcolor: '#fff' }} />
      ) : (
        <Box component="pre" sx={{ m: 0, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 13, flex: 1 }}>
          {mail.text}
        </Box>
      )}
    </Paper>
  );
}

export default function MailboxPage() {
  const describeError = useDescribeError();
  useDocumentTitle('Mailbox');
  const { id } = useParams();
  const navigate = useNavigate();
  const mails = useQuery({ ...api.vodDownload.mailbox.queryOptions({}), retry: false });
  const open = mails.data?.find((m) => m.id === id);
  const { search } = useLocation();
  const [view, , grid] = usePagedView(MAILS_VIEW);
  const columns = useMemo(() => mailColumns(search), [search]);
  const sorted = useMemo(() => sortRows(mails.data ?? [], view.sort, SORT_VALUES), [mails.data, view.sort]);

  if (mails.error) {
    if (mails.error.status === 404) {
      return (
        <>
          <PageHeader title="Mailbox" />
          <Alert severity="info">{describeError(mails.error).message}. The mails are in their recipients’ mailboxes; each download on the Downloads page says whether its mail went out.</Alert>
        </>
      );
    }
    const described = describeError(mails.error);
    return (
      <>
        <PageHeader title="Mailbox" />
        <ErrorState title="Could not load the mailbox" message={described.message} detail={described.detail} actions={<Button variant="contained" onClick={() => void mails.refetch()}>Retry</Button>} />
      </>
    );
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 480 }}>
      <PageHeader title="Mailbox" subtitle={mails.data ? `${mails.data.length} ${mails.data.length === 1 ? 'mail' : 'mails'} sent by the service (it keeps them, as no SMTP server is set)` : 'Loading…'} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(260px, 1fr) minmax(0, 2fr)' }, gap: 2, flex: 1, minHeight: 0 }}>
        <Paper variant="outlined" sx={{ overflow: 'hidden', minHeight: 200, display: 'flex', flexDirection: 'column' }}>
          {mails.data?.length === 0 ? (
            <EmptyState icon={<MailIcon />} title="No mail yet" hint="When a download is ready, the mail with its link appears here." />
          ) : (
            <ServerDataGrid<Mail, MailSortField>
              label="Mails"
              rows={pageOf(sorted, view)}
              columns={columns}
              rowCount={mails.data?.length}
              loading={!mails.data}
              {...grid}
              empty={<EmptyState title="No mails on this page" />}
              onRowClick={(mail) => navigate({ pathname: `/mailbox/${mail.id}`, search })}
              highlighted={open ? [open.id] : []}
              rowHeight={60}
            />
          )}
        </Paper>
        <Box sx={{ minHeight: 0 }}>
          {open ? <MailView mail={open} /> : mails.data && mails.data.length > 0 && <EmptyState title={id ? 'This mail is not in the mailbox' : 'Pick a mail to read it'} />}
        </Box>
      </Box>
    </Box>
  );
}
