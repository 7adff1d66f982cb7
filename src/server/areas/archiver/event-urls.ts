/**
 * The archiver URLs of an event (its video's `archiverUrls`): the output URLs of the event's
 * archiverflow with their placeholders filled (rules.ts fillArchiverUrl).
 *
 * - {capture_id}: the capture recording the event, the client's first capture (active ones first,
 *   then the oldest) naming one of the event's publishing points (its channel's, or its own
 *   stream's `/stream/<event id>/`);
 * - {profile_id}: the first playout profile (by id) naming that capture;
 * - {starttime} / {endtime}: the event's archiverStart / archiverEnd, else its actual live start /
 *   end, else its scheduled ones.
 * One stream URL per URL of an output set: cdnPrimaryUrl as CDN_PRIMARY_INDEX_0, originPrimaryUrl
 * as ORIGIN_PRIMARY_INDEX_0, originSecondaryUrl as ORIGIN_SECONDARY_INDEX_0 and cdnSecondaryUrl as
 * CDN_PRIMARY_INDEX_1 (the interface names no other CDN source); privateUrl is not handed out. A
 * URL whose placeholder has no value (no capture records the event yet, no profile names it, no
 * time) is left out rather than handed out unplayable. No archiverflow, or one whose
 * configuration no longer reads: no URLs.
 */
import { and, asc, eq } from 'drizzle-orm';
import { ArchiverflowConfigurationSchema, ARCHIVERFLOW_URL_PLACEHOLDERS, parseJsonText, StreamProtocol, StreamSource, type StreamUrl } from '#schema';
import type { DbOrTx } from '../../db/database.ts';
import { archiverflows, archiverProfileCaptures, type events } from '../../db/tables/index.ts';
import { listCaptures } from './repo.ts';
import { fillArchiverUrl, type ArchiverUrlValues } from './rules.ts';
import { normalizePoint } from './sources.ts';

type EventRow = typeof events.$inferSelect;

const SOURCES = [
  ['cdnPrimaryUrl', StreamSource.values.CDN_PRIMARY_INDEX_0],
  ['originPrimaryUrl', StreamSource.values.ORIGIN_PRIMARY_INDEX_0],
  ['originSecondaryUrl', StreamSource.values.ORIGIN_SECONDARY_INDEX_0],
  ['cdnSecondaryUrl', StreamSource.values.CDN_PRIMARY_INDEX_1],
] as const;

export async function eventArchiverUrls(
  db: DbOrTx,
  event: Pick<EventRow, 'id' | 'clientId' | 'archiverflowId' | 'archiverStart' | 'archiverEnd' | 'actualLiveStart' | 'actualLiveEnd' | 'scheduledStart' | 'scheduledEnd'>,
  publishingPoints: readonly string[],
): Promise<StreamUrl[]> {
  if (!event.archiverflowId) return [];
  const [flow] = await db
    .select({ configurationJson: archiverflows.configurationJson })
    .from(archiverflows)
    .where(and(eq(archiverflows.clientId, event.clientId), eq(archiverflows.id, event.archiverflowId)));
  if (!flow) return [];
  const parsed = parseJsonText(ArchiverflowConfigurationSchema, flow.configurationJson);
  if (!parsed.success) return [];

  const points = new Set(publishingPoints.map(normalizePoint));
  const ownStream = `/stream/${event.id.toLowerCase()}/`;
  const captures = (await listCaptures(db, event.clientId)).sort((a, b) => Number(b.active) - Number(a.active));
  const capture = captures.find((c) => c.publishingPoints.some((p) => points.has(normalizePoint(p)) || `${normalizePoint(p)}/`.includes(ownStream)));
  let profileId: string | null = null;
  if (capture) {
    const [link] = await db
      .select({ profileId: archiverProfileCaptures.profileId })
      .from(archiverProfileCaptures)
      .where(and(eq(archiverProfileCaptures.clientId, event.clientId), eq(archiverProfileCaptures.captureId, capture.id)))
      .orderBy(asc(archiverProfileCaptures.profileId))
      .limit(1);
    profileId = link?.profileId ?? null;
  }
  const values: ArchiverUrlValues = {
    captureId: capture?.id ?? null,
    profileId,
    startTime: event.archiverStart ?? event.actualLiveStart ?? event.scheduledStart,
    endTime: event.archiverEnd ?? event.actualLiveEnd ?? event.scheduledEnd,
  };
  return archiverStreamUrls(parsed.data, values);
}

/** The stream URLs of a configuration's output sets, filled; those left with a placeholder are dropped. */
export function archiverStreamUrls(configuration: { archiverflows: readonly { outputUrls: readonly Record<string, string | undefined>[] }[] }, values: ArchiverUrlValues): StreamUrl[] {
  const out: StreamUrl[] = [];
  for (const item of configuration.archiverflows) {
    for (const urls of item.outputUrls) {
      const protocol = urls.streamProtocol as keyof typeof StreamProtocol.values;
      for (const [field, source] of SOURCES) {
        const template = urls[field];
        if (!template) continue;
        const url = fillArchiverUrl(template, values);
        const lower = url.toLowerCase();
        if (ARCHIVERFLOW_URL_PLACEHOLDERS.some((p) => lower.includes(p))) continue;
        out.push({
          streamProtocol: StreamProtocol.values[protocol] ?? -1,
          streamProtocolString: protocol,
          url,
          absoluteUrlWithPathNoQuery: url.replace(/[?#].*$/, ''),
          streamSource: source,
          streamSourceString: StreamSource.nameOf(source) ?? String(source),
        });
      }
    }
  }
  return out;
}
