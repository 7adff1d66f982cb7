/**
 * The encoder health of the live events on the schedule (GET /event/health/live), by event id:
 * asked only while the schedule shows a live event, again with each sample. A service without it
 * ("not offered") just shows no health.
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { LiveHealth } from '#schema';
import { api } from '#app/api.ts';

const SAMPLE_MS = 10_000;

export function useLiveHealth(anyLive: boolean): ReadonlyMap<string, LiveHealth> {
  const live = useQuery({ ...api.encoderHealth.live.queryOptions({}), enabled: anyLive, refetchInterval: SAMPLE_MS, retry: false });
  return useMemo(() => new Map((live.data ?? []).map((h) => [h.eventId, h])), [live.data]);
}
