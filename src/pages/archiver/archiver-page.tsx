/**
 * The Archiver: captures with their availability timelines (the default tab), playout profiles,
 * the streams made of them, and archiver flows. The tab is in the URL (`?tab=profiles`).
 */
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useDocumentTitle } from '#app/document-title.ts';
import { PageHeader } from '#components/page-header.tsx';
import { useTabParam } from '#components/use-tab-param.ts';
import { CapturesTab } from './captures-tab.tsx';
import { FlowsTab } from './flows-tab.tsx';
import { ProfilesTab } from './profiles-tab.tsx';
import { StreamsTab } from './streams-tab.tsx';

const TABS = ['captures', 'profiles', 'streams', 'flows'] as const;
type ArchiverTab = (typeof TABS)[number];
const LABELS: Record<ArchiverTab, string> = { captures: 'Captures', profiles: 'Playout profiles', streams: 'Streams', flows: 'Archiver flows' };

export default function ArchiverPage() {
  useDocumentTitle('Archiver');
  const [tab, setTab] = useTabParam<ArchiverTab>({ tabs: TABS, fallback: 'captures', history: 'push' });
  return (
    <>
      <PageHeader title="Archiver" subtitle="Catch-up content recorded from the channels’ publishing points" />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs value={tab} onChange={(_e, value: ArchiverTab) => setTab(value)} variant="scrollable" allowScrollButtonsMobile aria-label="Archiver sections">
          {TABS.map((t) => (
            <Tab key={t} value={t} label={LABELS[t]} id={`archiver-tab-${t}`} aria-controls={`archiver-panel-${t}`} />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`archiver-panel-${tab}`} aria-labelledby={`archiver-tab-${tab}`}>
        {tab === 'captures' && <CapturesTab />}
        {tab === 'profiles' && <ProfilesTab />}
        {tab === 'streams' && <StreamsTab />}
        {tab === 'flows' && <FlowsTab />}
      </Box>
    </>
  );
}
