/**
 * The video structure of an event (service-interface.md "Video structure") arranged for people:
 * stream URL lists grouped by what they are for, each sorted by protocol and source, and the one
 * URL the dashboard's player should play.
 */
import { StreamProtocol, StreamSource, type StreamUrl, type Video } from '#schema';

export interface StreamUrlGroup {
  id: 'current' | 'live' | 'vod' | 'archiver' | 'archiverCapture' | 'remix';
  title: string;
  description: string;
  urls: StreamUrl[];
  /** The title of an earlier group with exactly these URLs (live = current while live): shown once. */
  sameAs?: string;
}

const GROUPS: readonly { id: StreamUrlGroup['id']; key: keyof Video; title: string; description: string }[] = [
  { id: 'current', key: 'currentStateUrls', title: 'Current', description: 'What players get now, for the event’s current state.' },
  { id: 'live', key: 'liveUrls', title: 'Live', description: 'The live stream while the event is on air.' },
  { id: 'vod', key: 'vodUrls', title: 'VOD', description: 'The recording, on demand.' },
  { id: 'archiver', key: 'archiverUrls', title: 'Archive', description: 'Catch-up content from the archiver.' },
  { id: 'archiverCapture', key: 'archiverCapturePublishingPointUrls', title: 'Archive capture', description: 'Publishing points the archiver captures from.' },
  { id: 'remix', key: 'remixUrls', title: 'Remix', description: 'Older compositions.' },
];

function byProtocolThenSource(a: StreamUrl, b: StreamUrl): number {
  return a.streamProtocol - b.streamProtocol || a.streamSource - b.streamSource;
}

const signature = (urls: readonly StreamUrl[]) => urls.map((u) => `${u.streamProtocol}|${u.streamSource}|${u.url}`).join('\n');

/** The non-empty URL lists of a video structure, in the order above; a list equal to an earlier one says so instead of repeating it. */
export function streamUrlGroups(video: Video): StreamUrlGroup[] {
  const groups: StreamUrlGroup[] = [];
  for (const g of GROUPS) {
    const urls = [...(video[g.key] as StreamUrl[])].sort(byProtocolThenSource);
    if (urls.length === 0) continue;
    const twin = groups.find((earlier) => !earlier.sameAs && signature(earlier.urls) === signature(urls));
    groups.push({ id: g.id, title: g.title, description: g.description, urls, ...(twin ? { sameAs: twin.title.toLowerCase() } : {}) });
  }
  return groups;
}

/** "CDN primary, encoder 1" for CDN_PRIMARY_INDEX_0; the service's own name for a source this dashboard does not know. */
export function describeSource(url: Pick<StreamUrl, 'streamSource' | 'streamSourceString'>): string {
  const name = StreamSource.nameOf(url.streamSource) ?? url.streamSourceString;
  const match = /^(CDN|ORIGIN)_(PRIMARY|SECONDARY)_INDEX_(\d+)$/.exec(name);
  if (!match) return url.streamSourceString || name;
  const [, where, which, index] = match;
  return `${where === 'CDN' ? 'CDN' : 'Origin'} ${which!.toLowerCase()}, encoder ${Number(index) + 1}`;
}

const POINT_STATES: Record<string, string> = { idle: 'Idle', starting: 'Starting', running: 'Running', stopping: 'Stopping', stopped: 'Stopped', failed: 'Failed' };

/** A publishing point's state in words ("Running" for `running`); what the service sent when unknown. */
export function publishingPointStateLabel(state: string): string {
  return POINT_STATES[state] ?? state;
}

export function protocolName(url: Pick<StreamUrl, 'streamProtocol' | 'streamProtocolString'>): string {
  return url.streamProtocolString || StreamProtocol.nameOf(url.streamProtocol) || String(url.streamProtocol);
}

/**
 * The HLS URL the player plays: from the current-state URLs, plain HLS (not HLSe), the first
 * source in the service's order (the CDN before the origins). Null when the event has none.
 */
export function playableHlsUrl(video: Video | null | undefined): string | null {
  const hls = (video?.currentStateUrls ?? [])
    .filter((u) => u.streamProtocol === StreamProtocol.values.HLS || u.streamProtocolString.toUpperCase() === 'HLS')
    .sort(byProtocolThenSource);
  return hls[0]?.url || null;
}

/** A URL of the service made absolute against the service's base URL (players load it from the page). */
export function absoluteUrl(url: string, serviceUrl: string): string {
  try {
    return new URL(url, `${serviceUrl.replace(/\/+$/, '')}/`).toString();
  } catch {
    return url;
  }
}

export interface LabelledText {
  label: string;
  value: string;
}

/**
 * Player pages and MP4 files: the non-empty ones. The service may give the player page as a path
 * (`/events/{id}/player`, when no public URL is configured): a page of the dashboard that serves
 * it, so it is made absolute against the dashboard's own origin.
 */
export function playerLinks(video: Video, dashboardOrigin: string): LabelledText[] {
  return [
    { label: 'Web page', value: video.webPageUrl },
    { label: 'Player', value: video.playerUrl },
    { label: 'Scriptable player', value: video.scriptablePlayerUrl },
    { label: 'Website player', value: video.websiteplayerUrl },
    { label: 'Scriptable website player', value: video.scriptableWebsitePlayerUrl },
    { label: 'Private MP4', value: video.privateMp4Url },
    { label: 'Public MP4', value: video.publicMp4Url },
  ]
    .filter((l) => l.value)
    .map((l) => ({ ...l, value: l.value.startsWith('/') ? `${dashboardOrigin}${l.value}` : l.value }));
}

/** Embed codes: the non-empty ones, with a path as `src` made absolute (see `playerLinks`). */
export function embedCodes(video: Video, dashboardOrigin: string): LabelledText[] {
  return [
    { label: 'Embed code', value: video.embedCode },
    { label: 'Scriptable embed code', value: video.scriptableEmbedCode },
    { label: 'Website embed code', value: video.websiteEmbedCode },
    { label: 'Scriptable website embed code', value: video.scriptableWebsiteEmbedCode },
  ]
    .filter((l) => l.value)
    .map((l) => ({ ...l, value: l.value.replace(/\bsrc="\/(?!\/)/g, `src="${dashboardOrigin}/`) }));
}
