/**
 * Configuration: the lookups events refer to (event types, channels, xflows, rooms, categories,
 * tags, infrastructure profiles), one tab each at `/configuration/<section>`. Each lists its
 * items and creates, edits and deletes them in a side panel; see lookup-section.tsx.
 */
import type { ReactElement } from 'react';
import { Link as RouterLink, Navigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { useDocumentTitle } from '#app/document-title.ts';
import { EmptyState } from '#components/empty-state.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { isSectionKey, SECTION_KEYS } from './configuration-view.ts';
import { LookupSection } from './lookup-section.tsx';
import { SECTIONS } from './sections.tsx';

const tabId = (key: string) => `configuration-tab-${key}`;

export default function ConfigurationPage() {
  const { section } = useParams();
  const known = isSectionKey(section);
  const def = known ? SECTIONS[section] : undefined;
  useDocumentTitle(def ? `${def.title} · Configuration` : 'Configuration');

  if (!section) return <Navigate to="/configuration/event-types" replace />;

  return (
    <>
      <PageHeader title="Configuration" subtitle={def?.description ?? 'The lookups events refer to.'} />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs value={known ? section : false} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile aria-label="Configuration sections">
          {SECTION_KEYS.map((key) => (
            <Tab
              key={key}
              value={key}
              id={tabId(key)}
              label={SECTIONS[key].title}
              icon={SECTIONS[key].icon as ReactElement}
              iconPosition="start"
              component={RouterLink}
              to={`/configuration/${key}`}
              sx={{ minHeight: 48, '& .MuiTab-icon': { fontSize: 20 } }}
            />
          ))}
        </Tabs>
      </Box>
      {def ? (
        <Box role="tabpanel" aria-labelledby={tabId(def.key)}>
          {/* Keyed: another section starts with its own state. */}
          <LookupSection key={def.key} def={def} />
        </Box>
      ) : (
        <EmptyState
          icon={<SearchOffIcon />}
          title={`There is no “${section}” configuration`}
          hint="Choose one of the sections above."
          action={
            <Button component={RouterLink} to="/configuration/event-types" variant="contained">
              Event types
            </Button>
          }
        />
      )}
    </>
  );
}
