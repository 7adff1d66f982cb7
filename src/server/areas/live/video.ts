/**
 * The video structure of an event (service-interface.md "Video structure"), built for a single
 * event requested with processVideo=true.
 *
 * Where the URLs come from:
 * - Live and instant-VOD stream URLs from the channel's configuration: for each encoder (its index
 *   is the INDEX_n of StreamSource) and each outputUrls entry (one per protocol), liveCdnUrl is
 *   CDN_PRIMARY_INDEX_n, liveOriginPrimaryUrl ORIGIN_PRIMARY_INDEX_n, liveOriginSecondaryUrl
 *   ORIGIN_SECONDARY_INDEX_n; the instant VOD plays from vodCdnUrl (else the live CDN URL) and
 *   the same origins. StreamSource names only encoders 0 and 1, so further encoders are left out.
 * - VOD URLs of VOD events from the xflow's configuration (vodCdnUrl as CDN_PRIMARY_INDEX_0,
 *   vodOriginUrl as ORIGIN_PRIMARY_INDEX_0; for VOD_PRIVATE the privateUrl only).
 * - Placeholders in any of these URLs: {content_id} (the event's contentId, or its id when it has
 *   none) and {event_id}. The demo's URLs name this service's simulated publishing point,
 *   /api/stream/{event_id}/master.m3u8, which plays the event's stream (streams.ts).
 *
 * Which lists are filled, by state (the interface says only that it depends on the state):
 * - PRE_LIVE, LIVE_STARTING: liveUrls (known ahead, so a page can embed the player before the
 *   start); currentStateUrls empty, since nothing plays yet.
 * - LIVE_UNPUBLISHED: liveUrls and currentStateUrls only with viewUnpublished=true (the period is
 *   private); empty without.
 * - LIVE_PUBLISHED, SUSPENDED, LIVE_STOPPING: liveUrls = currentStateUrls.
 * - STOPPED, INSTANT_VOD, INSTANT_VOD_BACKUP: vodUrls (the instant VOD) = currentStateUrls.
 * - VOD_PUBLIC, VOD_PRIVATE, and a generated standard composition (COMPOSE_PUBLIC,
 *   COMPOSE_PRIVATE): vodUrls = currentStateUrls, from the xflow (its privateUrl only for the
 *   PRIVATE states; the channel's instant VOD URLs when the event has no xflow).
 * - Anything else (deleted instant VOD, VOD not ingested yet, a composition waiting, generating
 *   or failed, archiver content, whose URLs belong to other areas): empty lists.
 *
 * Query options: `in`/`out` fill requestedStreamTime and are appended to every stream URL (`url`;
 * absoluteUrlWithPathNoQuery stays without any query) together with audioOnly=true when asked;
 * the simulated publishing point plays that part of the stream, audio only when asked (streams.ts). `streamSource` puts
 * that source's URLs first in every list and restricts currentStateUrls to it (when it has any).
 * `livePlayoutProfileId`: playout profiles belong to the archiver area; none matches yet, so
 * current-state URLs use the main source (streamSource when given, else the first), as the
 * interface says for a profile that does not match, and livePlayoutProfileUrls stays {}.
 *
 * URLs on this service are stored with the placeholder origin `http://{service}` and answered with
 * the service's URL for the request (PUBLIC_URL, else the request's origin; http/service-url.ts):
 * stream URLs, publishing points, ramp servers.
 *
 * Player and embed URLs point at the dashboard's player page, `/events/{id}/player`, on the same
 * service URL: webPageUrl is the page, playerUrl the same page
 * chromeless (`embed=true`) for iframes, the scriptable variants add `api=true`. The website*
 * variants are the same URLs: this service has one player page. MP4 URLs stay empty (MP4
 * generation is another area's).
 */
import {
  StreamProtocol,
  StreamSource,
  type ChannelConfiguration,
  type StreamUrl,
  type Video,
  type XflowConfiguration,
} from '#schema';
import type { DbOrTx } from '../../db/database.ts';
import type { AppServices } from '../../services.ts';
import type { EncoderStatus } from './encoder.ts';
import type { EventRow } from '../event/index.ts';
import { answerUrl } from '../../http/service-url.ts';
import { formatDuration } from '../../http/time-span.ts';
import { channelConfiguration, xflowConfiguration } from './configuration.ts';
import { S } from './state-machine.ts';

export interface VideoQuery {
  in?: string;
  out?: string;
  audioOnly?: boolean;
  autoStart?: boolean;
  viewUnpublished?: boolean;
  streamSource?: number;
  livePlayoutProfileId?: string;
}

export interface VideoInput {
  event: Pick<
    EventRow,
    'id' | 'title' | 'contentId' | 'state' | 'actualLiveStart' | 'scheduledStart' | 'dateModified'
  >;
  channel: ChannelConfiguration | null;
  xflow: XflowConfiguration | null;
  /** What the encoder reports for the event. */
  encoder: EncoderStatus;
  query: VideoQuery;
  /** The service's URL for the request (http/service-url.ts); '' for paths on the service. */
  serviceUrl: string;
}

/** The sources StreamSource names per encoder index. */
function sources(index: number): { cdn: number; originPrimary: number; originSecondary: number } | null {
  if (index > 1) return null;
  return { cdn: index, originPrimary: 2 + 2 * index, originSecondary: 3 + 2 * index };
}

function fill(template: string, event: VideoInput['event'], serviceUrl: string): string {
  return answerUrl(template, serviceUrl)
    .replaceAll('{event_id}', encodeURIComponent(event.id))
    .replaceAll('{content_id}', encodeURIComponent(event.contentId ?? event.id));
}

function withQuery(url: string, query: [string, string][]): string {
  if (query.length === 0) return url;
  const hash = url.indexOf('#');
  const base = hash >= 0 ? url.slice(0, hash) : url;
  const fragment = hash >= 0 ? url.slice(hash) : '';
  const params = query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  return `${base}${base.includes('?') ? '&' : '?'}${params}${fragment}`;
}

function withoutQuery(url: string): string {
  return url.split(/[?#]/, 1)[0] ?? url;
}

interface Candidate {
  protocol: string;
  source: number;
  url: string;
}

function streamUrl(candidate: Candidate, input: VideoInput, extra: [string, string][]): StreamUrl {
  const absolute = fill(candidate.url, input.event, input.serviceUrl);
  return {
    streamProtocol: StreamProtocol.values[candidate.protocol as keyof typeof StreamProtocol.values] ?? -1,
    streamProtocolString: candidate.protocol,
    url: withQuery(absolute, extra),
    absoluteUrlWithPathNoQuery: withoutQuery(absolute),
    streamSource: candidate.source,
    streamSourceString: StreamSource.nameOf(candidate.source) ?? String(candidate.source),
  };
}

function channelCandidates(channel: ChannelConfiguration | null, kind: 'live' | 'vod'): Candidate[] {
  const out: Candidate[] = [];
  channel?.encoders.forEach((encoder, index) => {
    const s = sources(index);
    if (!s) return;
    for (const urls of encoder.outputUrls) {
      const protocol = urls.streamProtocol;
      out.push({ protocol, source: s.cdn, url: kind === 'vod' ? (urls.vodCdnUrl ?? urls.liveCdnUrl) : urls.liveCdnUrl });
      out.push({ protocol, source: s.originPrimary, url: urls.liveOriginPrimaryUrl });
      if (urls.liveOriginSecondaryUrl) out.push({ protocol, source: s.originSecondary, url: urls.liveOriginSecondaryUrl });
    }
  });
  return out;
}

function xflowCandidates(xflow: XflowConfiguration, privateOnly: boolean): Candidate[] {
  const out: Candidate[] = [];
  for (const urls of xflow.outputUrls) {
    const protocol = urls.streamProtocol;
    if (privateOnly) {
      if (urls.privateUrl) out.push({ protocol, source: StreamSource.values.CDN_PRIMARY_INDEX_0, url: urls.privateUrl });
      continue;
    }
    out.push({ protocol, source: StreamSource.values.CDN_PRIMARY_INDEX_0, url: urls.vodCdnUrl });
    if (urls.vodOriginUrl) out.push({ protocol, source: StreamSource.values.ORIGIN_PRIMARY_INDEX_0, url: urls.vodOriginUrl });
  }
  return out;
}

/** By source (the preferred one first), keeping the configuration's protocol order within a source. */
function ordered(candidates: Candidate[], preferred: number | undefined): Candidate[] {
  const rank = (c: Candidate) => (c.source === preferred ? -1 : c.source);
  return candidates.map((c, i) => ({ c, i })).sort((a, b) => rank(a.c) - rank(b.c) || a.i - b.i).map(({ c }) => c);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

function iframe(src: string, title: string): string {
  return (
    `<iframe src="${escapeHtml(src)}" width="640" height="360" frameborder="0" ` +
    `allow="autoplay; fullscreen; picture-in-picture" allowfullscreen title="${escapeHtml(title)}"></iframe>`
  );
}

function pointInTime(text: string | undefined, streamStart: Date | null) {
  const at = text ? new Date(/(?:[zZ]|[+-]\d{2}(?::?\d{2})?)$/.test(text) ? text : `${text}Z`) : null;
  const valid = at !== null && !Number.isNaN(at.getTime());
  const offset = valid && streamStart ? at.getTime() - streamStart.getTime() : 0;
  return {
    original: text ?? null,
    dateTime: valid ? at.toISOString() : null,
    timeSpan: formatDuration(offset),
    hasValue: valid,
    // The query takes ISO 8601 date-times only, so a given point is always absolute.
    isAbsolute: valid,
  };
}

export function videoStructure(input: VideoInput): Video {
  const { event, channel, xflow, query } = input;
  const state = event.state;
  const extra: [string, string][] = [];
  if (query.in) extra.push(['in', query.in]);
  if (query.out) extra.push(['out', query.out]);
  if (query.audioOnly) extra.push(['audioOnly', 'true']);

  let live: Candidate[] = [];
  let vod: Candidate[] = [];
  let current: 'live' | 'vod' | null = null;
  if (state === S.PRE_LIVE || state === S.LIVE_STARTING) {
    live = channelCandidates(channel, 'live');
  } else if (state === S.LIVE_UNPUBLISHED) {
    if (query.viewUnpublished) {
      live = channelCandidates(channel, 'live');
      current = 'live';
    }
  } else if (state === S.LIVE_PUBLISHED || state === S.SUSPENDED || state === S.LIVE_STOPPING) {
    live = channelCandidates(channel, 'live');
    current = 'live';
  } else if (state === S.STOPPED || state === S.INSTANT_VOD || state === S.INSTANT_VOD_BACKUP) {
    vod = channelCandidates(channel, 'vod');
    current = 'vod';
  } else if (state === S.VOD_PUBLIC || state === S.VOD_PRIVATE || state === S.COMPOSE_PUBLIC || state === S.COMPOSE_PRIVATE) {
    const privateOnly = state === S.VOD_PRIVATE || state === S.COMPOSE_PRIVATE;
    vod = xflow ? xflowCandidates(xflow, privateOnly) : channelCandidates(channel, 'vod');
    current = 'vod';
  }

  const preferred = query.streamSource;
  const liveUrls = ordered(live, preferred).map((c) => streamUrl(c, input, extra));
  const vodUrls = ordered(vod, preferred).map((c) => streamUrl(c, input, extra));
  const currentAll = current === 'live' ? liveUrls : current === 'vod' ? vodUrls : [];
  const mainSource = preferred !== undefined && currentAll.some((u) => u.streamSource === preferred) ? preferred : currentAll[0]?.streamSource;
  const restrict = preferred !== undefined || query.livePlayoutProfileId !== undefined;
  const currentStateUrls = restrict ? currentAll.filter((u) => u.streamSource === mainSource) : currentAll;

  const playerQuery: [string, string][] = [...extra];
  if (query.autoStart) playerQuery.push(['autoStart', 'true']);
  if (query.viewUnpublished) playerQuery.push(['viewUnpublished', 'true']);
  if (preferred !== undefined) playerQuery.push(['streamSource', StreamSource.nameOf(preferred) ?? String(preferred)]);
  const page = `${input.serviceUrl}/events/${encodeURIComponent(event.id)}/player`;
  const webPageUrl = withQuery(page, playerQuery);
  const playerUrl = withQuery(page, [...playerQuery, ['embed', 'true']]);
  const scriptablePlayerUrl = withQuery(page, [...playerQuery, ['embed', 'true'], ['api', 'true']]);
  const embedCode = iframe(playerUrl, event.title);
  const scriptableEmbedCode = iframe(scriptablePlayerUrl, event.title);

  const streamStart = event.actualLiveStart ?? event.scheduledStart;
  const inPoint = pointInTime(query.in, streamStart);
  const outPoint = pointInTime(query.out, streamStart);

  return {
    webPageUrl,
    playerUrl,
    embedCode,
    scriptablePlayerUrl,
    scriptableEmbedCode,
    requestedStreamTime: {
      inPointOriginalString: inPoint.original,
      outPointOriginalString: outPoint.original,
      inPointDateTime: inPoint.dateTime,
      outPointDateTime: outPoint.dateTime,
      inPointTimeSpan: inPoint.timeSpan,
      outPointTimeSpan: outPoint.timeSpan,
      inPointHasValue: inPoint.hasValue,
      outPointHasValue: outPoint.hasValue,
      inPointIsAbsoluteDateTime: inPoint.isAbsolute,
      outPointIsAbsoluteDateTime: outPoint.isAbsolute,
    },
    requestedAudioOnly: query.audioOnly ?? false,
    requestedAutoStart: query.autoStart ?? false,
    liveUrls,
    currentStateUrls,
    livePlayoutProfileUrls: {},
    vodUrls,
    archiverCapturePublishingPointUrls: [],
    remixUrls: [],
    archiverUrls: [],
    privateMp4Url: '',
    publicMp4Url: '',
    websiteplayerUrl: webPageUrl,
    websiteEmbedCode: embedCode,
    scriptableWebsitePlayerUrl: scriptablePlayerUrl,
    scriptableWebsiteEmbedCode: scriptableEmbedCode,
    publishingPointUrls: publishingPoints(input).map((p) => ({ ...p, url: answerUrl(p.url, input.serviceUrl) })),
    rampServers: (channel?.rampServers ?? []).map((r) => ({
      ...r,
      serverAddress: answerUrl(r.serverAddress, input.serviceUrl),
      proxyPass: answerUrl(r.proxyPass, input.serviceUrl),
      playerAddress: answerUrl(r.playerAddress, input.serviceUrl),
    })),
  };
}

/**
 * The encoder's report of the event's publishing points. The simulated encoder keeps its runs in
 * memory, so for an event it does not know (seeded live, or live across a restart of the service)
 * the points are listed from the channel's configuration in the state the event implies. A
 * SUSPENDED event receives no data whatever the encoder says (it is not streaming).
 */
function publishingPoints(input: Pick<VideoInput, 'event' | 'channel' | 'encoder'>): Video['publishingPointUrls'] {
  const { event, channel, encoder } = input;
  const suspended = event.state === S.SUSPENDED;
  if (encoder.state !== 'idle') {
    return encoder.publishingPoints.map((p) => ({
      url: p.url,
      state: p.state,
      hasStarted: p.hasStarted,
      lastUpdated: p.lastUpdated.toISOString(),
      receivingData: p.receivingData && !suspended,
    }));
  }
  const streaming = [S.LIVE_UNPUBLISHED, S.LIVE_PUBLISHED, S.SUSPENDED, S.LIVE_STOPPING] as number[];
  const ended = [S.STOPPED, S.INSTANT_VOD, S.INSTANT_VOD_BACKUP] as number[];
  if (!streaming.includes(event.state) && !ended.includes(event.state)) return [];
  const running = streaming.includes(event.state);
  return (channel?.encoders ?? []).flatMap((e) => {
    const urls = [e.streamingServer.primaryPublishingPoint, ...(e.streamingServer.secondaryPublishingPoint ? [e.streamingServer.secondaryPublishingPoint] : [])];
    return urls.map((url) => ({
      url,
      state: running ? 'running' : 'stopped',
      hasStarted: event.actualLiveStart !== null,
      lastUpdated: event.dateModified.toISOString(),
      receivingData: running && !suspended,
    }));
  });
}

/**
 * The archiver's URLs of an event's publishing points (AppServices.archiverUrls, the archiver
 * area's): the archiver records the live area's streams, so it is handed to this area rather than
 * imported from it.
 */
export type ArchiverUrls = (
  db: DbOrTx,
  event: Pick<EventRow, 'id' | 'clientId' | 'archiverflowId' | 'archiverStart' | 'archiverEnd' | 'actualLiveStart' | 'actualLiveEnd' | 'scheduledStart' | 'scheduledEnd'>,
  publishingPoints: readonly string[],
) => Promise<StreamUrl[]>;

/**
 * The video structure of a stored event: loads its channel's and xflow's configurations (of the
 * same client) and asks the encoder for its publishing points.
 */
export async function buildVideo(db: DbOrTx, services: AppServices, event: EventRow, query: VideoQuery, serviceUrl: string): Promise<Video> {
  // One after the other: a transaction's queries share one connection.
  const channel = await channelConfiguration(db, event.clientId, event.channelId);
  const xflow = await xflowConfiguration(db, event.clientId, event.xflowId);
  const encoder = await services.encoder.status(db, { clientId: event.clientId, eventId: event.id });
  const structure = videoStructure({ event, channel, xflow, encoder, query, serviceUrl });
  // The archiver compares the points as stored; its URLs are answered like the others.
  const points = publishingPoints({ event, channel, encoder }).map((p) => p.url);
  const archiverUrls = (await services.archiverUrls(db, event, points)).map((u) => ({
    ...u,
    url: answerUrl(u.url, serviceUrl),
    absoluteUrlWithPathNoQuery: answerUrl(u.absoluteUrlWithPathNoQuery, serviceUrl),
  }));
  return archiverUrls.length > 0 ? { ...structure, archiverUrls } : structure;
}

/** The `video` of a single event as GET /event/{id} (and by reference or external id) answers it: null unless processVideo=true. */
export async function eventVideo(
  ctx: { db: DbOrTx; serviceUrl: string } & AppServices,
  event: EventRow,
  query: VideoQuery & { processVideo?: boolean },
): Promise<Video | null> {
  return query.processVideo ? buildVideo(ctx.db, ctx, event, query, ctx.serviceUrl) : null;
}
