/** The sections whose items carry a JSON configuration: channels, xflows, infrastructure profiles (wide panels, a JSON editor). */
import Typography from '@mui/material/Typography';
import AccountTreeIcon from '@mui/icons-material/AccountTreeOutlined';
import DnsIcon from '@mui/icons-material/DnsOutlined';
import LiveTvIcon from '@mui/icons-material/LiveTvOutlined';
import type { Channel, InfrastructureProfile, Xflow } from '#schema';
import { api } from '#app/api.ts';
import { TruncatedText } from '#components/truncated-text.tsx';
import { ChannelForm, InfrastructureProfileForm, XflowForm } from './lookup-forms.tsx';
import { channelSummary, Invalid, parseJson, Protocols, ReferenceCell, xflowSummary } from './section-cells.tsx';
import { cast, eventsDo, eventsLink, THIS_IS_FINAL } from './section-words.ts';
import type { SectionDef } from './sections.tsx';

export const channelSection: SectionDef<Channel> = {
  key: 'channels',
  title: 'Channels',
  singular: 'channel',
  description: 'Where events stream: encoders, publishing points and the output URLs players get.',
  icon: <LiveTvIcon />,
  list: () => cast(api.channel.list.queryOptions({ query: {} })),
  columns: [
    {
      key: 'encoders',
      label: 'Encoders',
      sortValue: (i) => channelSummary(i)?.encoders ?? -1,
      render: (i) => {
        const summary = channelSummary(i);
        return summary ? <Typography variant="body2">{summary.encoders}</Typography> : <Invalid />;
      },
      width: 100,
    },
    { key: 'protocols', label: 'Protocols', render: (i) => <Protocols names={channelSummary(i)?.protocols ?? []} />, wide: true },
    { key: 'referenceId', label: 'Reference id', sortValue: (i) => i.referenceId ?? '', render: (i) => <ReferenceCell value={i.referenceId} />, wide: true },
  ],
  searchText: (i) => [i.referenceId, ...(channelSummary(i)?.protocols ?? [])],
  referenceId: (i) => i.referenceId,
  events: (id) => cast(api.channel.events.queryOptions({ params: { id }, query: { pageSize: 1 } })),
  eventsLink: (i) => eventsLink('channel', i.name),
  remove: (id, run) => run(api.channel.delete, { params: { id } }),
  writes: api.channel.delete,
  deleteEffect: (item, events) => (
    <>
      <p>The channel ‘{item.name}’ and its configuration are deleted.</p>
      <p>
        {events === undefined
          ? 'The service refuses while events use it.'
          : events === 0
            ? 'No event uses it.'
            : `${eventsDo(events, 'uses', 'use')} it, so the service will refuse: give ${events === 1 ? 'it' : 'them'} another channel (or delete ${events === 1 ? 'it' : 'them'}) first.`}
      </p>
      <p>{THIS_IS_FINAL}</p>
    </>
  ),
  Form: ChannelForm,
  wide: true,
  emptyHint: 'A channel is where events stream: its configuration lists the encoders, publishing points and output URLs.',
};

export const xflowSection: SectionDef<Xflow> = {
  key: 'xflows',
  title: 'Xflows',
  singular: 'xflow',
  description: 'Workflow configurations: the task engine, VOD outputs and the storage asset URLs come from.',
  icon: <AccountTreeIcon />,
  list: () => cast(api.xflow.list.queryOptions({ query: {} })),
  columns: [
    {
      key: 'taskEngine',
      label: 'Task engine',
      sortValue: (i) => xflowSummary(i)?.taskEngine ?? '',
      render: (i) => {
        const summary = xflowSummary(i);
        return summary ? <TruncatedText text={summary.taskEngine ?? '—'} /> : <Invalid />;
      },
    },
    { key: 'protocols', label: 'VOD outputs', render: (i) => <Protocols names={xflowSummary(i)?.protocols ?? []} />, wide: true },
  ],
  searchText: (i) => [xflowSummary(i)?.taskEngine, ...(xflowSummary(i)?.protocols ?? [])],
  remove: (id, run) => run(api.xflow.delete, { params: { id } }),
  writes: api.xflow.delete,
  deleteEffect: (item) => (
    <>
      <p>The xflow ‘{item.name}’ and its configuration are deleted.</p>
      <p>The service refuses while an event uses it as its xflow or remixflow, and says how many do.</p>
      <p>{THIS_IS_FINAL}</p>
    </>
  ),
  Form: XflowForm,
  wide: true,
  emptyHint: 'An xflow says how events are processed after they are live: task engine, VOD output URLs, public storage.',
};

export const infrastructureProfileSection: SectionDef<InfrastructureProfile> = {
  key: 'infrastructure-profiles',
  title: 'Infrastructure profiles',
  singular: 'infrastructure profile',
  description: 'The resources provisioned for an event before it goes live.',
  icon: <DnsIcon />,
  list: () => cast(api.infrastructureProfile.list.queryOptions({ query: {} })),
  columns: [
    {
      key: 'settings',
      label: 'Settings',
      render: (i) => {
        const config = parseJson(i.configurationJson);
        return config ? <TruncatedText text={Object.keys(config).join(', ') || '—'} /> : <Invalid />;
      },
      wide: true,
    },
    { key: 'referenceId', label: 'Reference id', sortValue: (i) => i.referenceId ?? '', render: (i) => <ReferenceCell value={i.referenceId} /> },
  ],
  searchText: (i) => [i.referenceId],
  referenceId: (i) => i.referenceId,
  remove: (id, run) => run(api.infrastructureProfile.delete, { params: { id } }),
  writes: api.infrastructureProfile.delete,
  deleteEffect: (item) => (
    <>
      <p>The infrastructure profile ‘{item.name}’ is deleted.</p>
      <p>The service refuses while an event uses it, and says how many do.</p>
      <p>{THIS_IS_FINAL}</p>
    </>
  ),
  Form: InfrastructureProfileForm,
  wide: true,
  emptyHint: 'An infrastructure profile lists what to provision for an event (as JSON).',
};
