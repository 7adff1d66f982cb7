/**
 * /activity: the activity trail across everything this client's keys and the service's background
 * work changed, newest first, filtered by kind of record, actor and operation (in the URL, so a
 * link shares the view), live from the change feed.
 */
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { RESOURCE_KIND_NAMES, RESOURCE_KINDS, type ActivityQuery, type ResourceKind } from '#schema';
import { useDocumentTitle } from '#app/document-title.ts';
import { useSession } from '#app/use-role.ts';
import { PageHeader } from '#components/page-header.tsx';
import { useUrlParams } from '#components/use-url-params.ts';
import { ActivityList } from './activity-list.tsx';

const KINDS = [...RESOURCE_KIND_NAMES].sort((a, b) => RESOURCE_KINDS[a].label.localeCompare(RESOURCE_KINDS[b].label));
/** A select whose empty value ("Every kind", "Anyone") shows its words, not a blank. */
const EMPTY_SHOWN = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export default function ActivityPage() {
  useDocumentTitle('Activity');
  const session = useSession();
  const [params, setParams] = useUrlParams();
  const entity = params.get('entity');
  const actor = params.get('actor') ?? '';
  const operation = params.get('operation') ?? '';
  const set = (name: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  const query: Omit<ActivityQuery, 'pageNumber' | 'pageSize'> = {
    ...(entity && (RESOURCE_KIND_NAMES as readonly string[]).includes(entity) ? { entity: entity as ResourceKind } : {}),
    ...(actor ? { actor } : {}),
    ...(operation.trim() ? { operation: operation.trim() } : {}),
  };
  return (
    <>
      <PageHeader title="Activity" subtitle="Who changed what, and when: every saved change, with each field before and after." />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }} role="search" aria-label="Filter the activity">
        <TextField select label="Kind of record" value={entity ?? ''} onChange={(e) => set('entity', e.target.value)} slotProps={EMPTY_SHOWN} sx={{ minWidth: 220 }}>
          <MenuItem value="">Every kind</MenuItem>
          {KINDS.map((kind) => (
            <MenuItem key={kind} value={kind}>
              {capitalised(RESOURCE_KINDS[kind].label)}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label="Who" value={actor} onChange={(e) => set('actor', e.target.value)} slotProps={EMPTY_SHOWN} sx={{ minWidth: 220 }}>
          <MenuItem value="">Anyone</MenuItem>
          {session && <MenuItem value={session.keyId}>This key ({session.keyLabel ?? session.role})</MenuItem>}
          <MenuItem value="system">The service (background work)</MenuItem>
        </TextField>
        <TextField
          label="Operation"
          value={operation}
          onChange={(e) => set('operation', e.target.value)}
          placeholder="event.upsert, or event."
          helperText="An operation, or the start of one"
          sx={{ minWidth: 220 }}
        />
      </Stack>
      <ActivityList query={query} label="Activity" />
    </>
  );
}
