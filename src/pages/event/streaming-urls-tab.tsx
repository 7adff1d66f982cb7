import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import type { Event, StreamUrl } from '#schema';
import { CopyButton } from '#components/copy-button.tsx';
import { EmptyState } from '#components/empty-state.tsx';
import { formatDateTime, parseServiceDate } from '#components/format-time.ts';
import { monospace } from './advanced-section.tsx';
import { SectionCard } from './section-card.tsx';
import { describeSource, embedCodes, playerLinks, protocolName, publishingPointStateLabel, streamUrlGroups, type StreamUrlGroup } from './stream-urls.ts';

function Section({ id, ...card }: { id: string; title: string; description?: string; children: ReactNode }) {
  return <SectionCard labelId={`urls-${id}`} {...card} />;
}

function UrlText({ value }: { value: string }) {
  return (
    <Typography component="span" variant="body2" sx={{ ...monospace, overflowWrap: 'anywhere', wordBreak: 'break-all' }}>
      {value}
    </Typography>
  );
}

function UrlTable({ group }: { group: StreamUrlGroup }) {
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-labelledby={`urls-${group.id}`} sx={{ '& td, & th': { verticalAlign: 'top' }, tableLayout: { md: 'fixed' } }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: { md: 96 } }}>Protocol</TableCell>
            <TableCell sx={{ width: { md: 220 } }}>Source</TableCell>
            <TableCell>URL</TableCell>
            <TableCell sx={{ width: 48 }}>
              <Box component="span" sx={visuallyHidden}>
                Copy
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {group.urls.map((url: StreamUrl, index) => (
            <TableRow key={`${url.url}-${index}`}>
              <TableCell>
                <Chip size="small" label={protocolName(url)} variant="outlined" />
              </TableCell>
              <TableCell>{describeSource(url)}</TableCell>
              <TableCell>
                <UrlText value={url.url} />
              </TableCell>
              <TableCell sx={{ py: 0.5 }}>
                <CopyButton text={url.url} what={`the ${group.title.toLowerCase()} ${protocolName(url)} URL (${describeSource(url)})`} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

const visuallyHidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/** Every URL of the event's video structure, grouped, each with a copy button; then the embed codes. */
export function StreamingUrlsTab({ event }: { event: Event }) {
  const video = event.video;
  if (!video) {
    return (
      <Paper variant="outlined">
        <EmptyState
          icon={<LinkOffIcon />}
          title="No streaming URLs"
          titleAs="h2"
          hint="The service did not send a video structure for this event. Services that build streaming URLs send them with the event."
        />
      </Paper>
    );
  }
  const groups = streamUrlGroups(video);
  const links = playerLinks(video, window.location.origin);
  const embeds = embedCodes(video, window.location.origin);
  return (
    <Stack spacing={2}>
      {groups.length === 0 && (
        <Paper variant="outlined">
          <EmptyState icon={<LinkOffIcon />} title="No stream URLs in this state" titleAs="h2" hint="Start the event to get live URLs; VOD URLs appear once there is a recording." />
        </Paper>
      )}
      {groups.map((group) =>
        group.sameAs ? (
          <Section key={group.id} id={group.id} title={`${group.title} streams`} description={`${group.description} The same URLs as the ${group.sameAs} streams above.`}>
            {null}
          </Section>
        ) : (
          <Section key={group.id} id={group.id} title={`${group.title} streams`} description={group.description}>
            <UrlTable group={group} />
          </Section>
        ),
      )}
      {links.length > 0 && (
        <Section id="players" title="Player pages and files">
          <Stack spacing={1} sx={{ mt: 1 }}>
            {links.map((link) => (
              <Box key={link.label} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr auto', sm: '200px 1fr auto' }, gap: 1, alignItems: 'center' }}>
                <Typography variant="body2" sx={{ color: 'text.secondary', gridColumn: { xs: '1 / -1', sm: 'auto' } }}>
                  {link.label}
                </Typography>
                <UrlText value={link.value} />
                <CopyButton text={link.value} what={`the ${link.label.toLowerCase()} URL`} />
              </Box>
            ))}
          </Stack>
        </Section>
      )}
      {embeds.length > 0 && (
        <Section id="embed" title="Embed codes" description="Paste into a web page to show the event’s player.">
          <Stack spacing={2}>
            {embeds.map((code) => (
              <Box key={code.label}>
                <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
                  <Typography variant="subtitle2" component="h3">
                    {code.label}
                  </Typography>
                  <CopyButton text={code.value} what={`the ${code.label.toLowerCase()}`} />
                </Box>
                <Box component="pre" sx={{ ...monospace, m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                  {code.value}
                </Box>
              </Box>
            ))}
          </Stack>
        </Section>
      )}
      {video.publishingPointUrls.length > 0 && (
        <Section id="publishing-points" title="Publishing points" description="Where the encoders publish the stream.">
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-labelledby="urls-publishing-points">
              <TableHead>
                <TableRow>
                  <TableCell>URL</TableCell>
                  <TableCell>State</TableCell>
                  <TableCell>Receiving</TableCell>
                  <TableCell>Last update</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {video.publishingPointUrls.map((point, index) => {
                  const updated = parseServiceDate(point.lastUpdated);
                  return (
                    <TableRow key={`${point.url}-${index}`}>
                      <TableCell>
                        <UrlText value={point.url} />
                      </TableCell>
                      <TableCell>{publishingPointStateLabel(point.state)}</TableCell>
                      <TableCell>{point.receivingData ? 'Yes' : 'No'}</TableCell>
                      <TableCell>{updated ? formatDateTime(updated) : '—'}</TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </Box>
        </Section>
      )}
    </Stack>
  );
}
