/**
 * Presence (issue 26): a record's page says who else has it open, another tab or another key.
 *
 * The page announces itself when it opens the record (`POST /presence/`), again every 20 s while
 * it stays open (an announcement lapses after a minute), and withdraws with `leaving: true` when it
 * goes. Who else is there is `GET /presence/`, asked again when the change feed says someone
 * arrived or left (`event: presence`, live-updates.tsx) and with every announcement, so it stays
 * true while the feed is down.
 *
 * @example
 * <PresenceNote entity="event" id={event.id} />   // nothing while the operator is alone
 */
import { useEffect, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Chip from '@mui/material/Chip';
import { Tooltip } from '#components/tooltip.tsx';
import GroupIcon from '@mui/icons-material/GroupOutlined';
import type { Present, ResourceKind } from '#schema';
import { formatRelative, parseServiceDate } from '#components/format-time.ts';
import { useNow } from '#components/use-now.ts';
import { api, getApiClient } from './api.ts';
import { ROLE_LABEL, useSession } from './use-role.ts';

/** Renewed well within the service's one-minute lapse. */
const ANNOUNCE_EVERY_MS = 20_000;

/** This tab: two pages of one tab on one record are one presence; another tab is another. */
const TAB_SESSION = globalThis.crypto?.randomUUID?.() ?? `tab-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** Who else has the record open (other tabs of this key included); empty while unknown. */
export function usePresence(entity: ResourceKind, id: string | undefined): Present[] {
  const queryClient = useQueryClient();
  const { data } = useQuery({ ...api.presence.get.queryOptions({ query: { entity, id: id ?? '', session: TAB_SESSION } }), enabled: Boolean(id) });
  useEffect(() => {
    if (!id) return;
    const key = api.presence.get.key({ query: { entity, id, session: TAB_SESSION } });
    const announce = (leaving: boolean) =>
      getApiClient()
        .call(api.presence.announce.endpoint, { body: { entity, id, session: TAB_SESSION, leaving } })
        .then((answer) => {
          if (!leaving) queryClient.setQueryData(key, answer);
        })
        // Presence is a courtesy: a refused or failed announcement changes nothing on the page.
        .catch(() => undefined);
    void announce(false);
    const timer = setInterval(() => void announce(false), ANNOUNCE_EVERY_MS);
    return () => {
      clearInterval(timer);
      void announce(true);
    };
  }, [entity, id, queryClient]);
  return data?.others ?? [];
}

function whoIs(other: Present, ownKeyId: string | undefined): string {
  if (other.keyId === ownKeyId) return 'you, in another tab';
  return `${other.keyLabel ?? 'a key without a label'} (${ROLE_LABEL[other.role].toLowerCase()})`;
}

/** "Also open: …" beside a record's title; nothing while the operator is alone. */
export function PresenceNote({ entity, id }: { entity: ResourceKind; id: string | undefined }) {
  const others = usePresence(entity, id);
  const ownKeyId = useSession()?.keyId;
  const now = useNow();
  const names = useMemo(() => [...new Set(others.map((o) => whoIs(o, ownKeyId)))], [others, ownKeyId]);
  if (others.length === 0) return null;
  const label = names.length === 1 ? `Also open: ${names[0]}` : `Also open: ${names[0]} and ${names.length - 1} more`;
  const detail = others.map((o) => `${whoIs(o, ownKeyId)}, since ${formatRelative(parseServiceDate(o.since) ?? now, now)}`).join('\n');
  return (
    <Tooltip title={<span style={{ whiteSpace: 'pre-line' }}>{`Their saves and yours are checked against each other's versions.\n${detail}`}</span>} describeChild>
      <Chip icon={<GroupIcon />} label={label} size="small" color="info" variant="outlined" role="status" aria-label={label} sx={{ maxWidth: '100%' }} />
    </Tooltip>
  );
}
