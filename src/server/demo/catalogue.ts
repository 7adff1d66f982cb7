/**
 * The demo tenant's fixed catalogue: a regional broadcaster with sports, news, culture, worship,
 * conferences and e-sports. Everything here is fictional. Streaming URLs point at this service's
 * own simulated publishing point, `/api/stream/{event_id}/master.m3u8` (src/server/areas/live/streams.ts),
 * so every HLS URL of an event's video structure plays; the query tells the sources apart (the
 * simulated point serves them all alike) and DASH URLs are listed but not served (it publishes
 * HLS only). Placeholders {event_id} and {content_id} are filled per event (areas/live/video.ts).
 * URLs on this service name it by the placeholder origin `http://{service}`, which answers replace
 * with the service's URL for the request (http/service-url.ts): nothing stored names a host or port.
 * Configurations follow
 * ChannelConfigurationSchema, XflowConfigurationSchema and PropertyConfigurationContentSchema.
 */
import type { ChannelConfiguration, PropertyConfigurationContent, XflowConfiguration } from '#schema';
import { SERVICE_ORIGIN } from '../http/service-url.ts';

export type ChannelKey = 'main' | 'sport1' | 'sport2' | 'news' | 'culture' | 'esports';

export interface DemoChannel {
  key: ChannelKey;
  name: string;
  referenceId: string;
  encoders: number;
  dvrWindowLength: number;
  protocols: ('HLS' | 'DASH')[];
  composition?: boolean;
}

export const CHANNELS: DemoChannel[] = [
  { key: 'main', name: 'Main Stage HD', referenceId: 'CH-MAIN', encoders: 2, dvrWindowLength: 7200, protocols: ['HLS', 'DASH'], composition: true },
  { key: 'sport1', name: 'Sports Arena 1', referenceId: 'CH-SPORT-1', encoders: 2, dvrWindowLength: 14_400, protocols: ['HLS', 'DASH'] },
  { key: 'sport2', name: 'Sports Arena 2', referenceId: 'CH-SPORT-2', encoders: 1, dvrWindowLength: 14_400, protocols: ['HLS', 'DASH'] },
  { key: 'news', name: 'News 24', referenceId: 'CH-NEWS-24', encoders: 2, dvrWindowLength: 3600, protocols: ['HLS'] },
  { key: 'culture', name: 'Culture & Faith', referenceId: 'CH-CULTURE', encoders: 1, dvrWindowLength: 7200, protocols: ['HLS', 'DASH'], composition: true },
  { key: 'esports', name: 'Esports Live', referenceId: 'CH-ESPORTS', encoders: 1, dvrWindowLength: 21_600, protocols: ['HLS'] },
];

function slug(referenceId: string): string {
  return referenceId.toLowerCase();
}

export function channelConfiguration(channel: DemoChannel): ChannelConfiguration {
  const stream = `${SERVICE_ORIGIN}/api/stream`;
  const s = slug(channel.referenceId);
  const manifest = (p: 'HLS' | 'DASH') => (p === 'HLS' ? 'master.m3u8' : 'manifest.mpd');
  const url = (p: 'HLS' | 'DASH', query: string) => `${stream}/{event_id}/${manifest(p)}${query ? `?${query}` : ''}`;
  const encoderQuery = (i: number) => (i === 0 ? '' : `encoder=${i}`);
  const join = (...parts: string[]) => parts.filter(Boolean).join('&');
  return {
    encoders: Array.from({ length: channel.encoders }, (_, i) => ({
      name: `${channel.name} encoder ${i + 1}`,
      streamingServer: {
        primaryPublishingPoint: `${stream}/ingest/${s}/${i}/primary`,
        secondaryPublishingPoint: `${stream}/ingest/${s}/${i}/secondary`,
        dvrWindowLength: channel.dvrWindowLength,
      },
      outputUrls: channel.protocols.map((p) => ({
        streamProtocol: p,
        // The instant VOD plays from the same URL once the event has stopped.
        liveCdnUrl: url(p, encoderQuery(i)),
        vodCdnUrl: url(p, encoderQuery(i)),
        liveOriginPrimaryUrl: url(p, join('origin=primary', encoderQuery(i))),
        liveOriginSecondaryUrl: url(p, join('origin=secondary', encoderQuery(i))),
      })),
      supportsComposition: channel.composition ?? false,
    })),
    rampServers: [
      {
        serverAddress: `${stream}/ramp/${s}`,
        apiKey: `ramp-${s}-demo`,
        location: 'eu-west',
        proxyPass: `${stream}/`,
        playerAddress: `${SERVICE_ORIGIN}/player/${s}`,
        proxyPassEmpty: 'false',
      },
    ],
  };
}

export type XflowKey = 'standard' | 'premium' | 'clips';

export const XFLOWS: { key: XflowKey; name: string; referenceId: string; tier: string }[] = [
  { key: 'standard', name: 'Standard VOD (H.264 ladder)', referenceId: 'XF-STD', tier: 'standard' },
  { key: 'premium', name: 'Premium VOD with DRM', referenceId: 'XF-PREMIUM', tier: 'premium' },
  { key: 'clips', name: 'Highlights & Clips', referenceId: 'XF-CLIPS', tier: 'clips' },
];

export function xflowConfiguration(tier: string): XflowConfiguration {
  const stream = `${SERVICE_ORIGIN}/api/stream`;
  return {
    taskEngine: { endpoint: `${SERVICE_ORIGIN}/api/sim/taskengine/${tier}`, apiKey: `te-${tier}-demo` },
    streamingServer: { url: `${stream}/vod-origin/${tier}` },
    outputUrls: [
      {
        streamProtocol: 'HLS',
        // The simulated origin finds the stream by the event id; the content id rides along in the query.
        vodCdnUrl: `${stream}/{event_id}/master.m3u8?content={content_id}`,
        vodOriginUrl: `${stream}/{event_id}/master.m3u8?content={content_id}&origin=primary`,
        privateUrl: `${stream}/{event_id}/master.m3u8?content={content_id}&access=private`,
      },
      {
        streamProtocol: 'DASH',
        vodCdnUrl: `${stream}/{event_id}/manifest.mpd?content={content_id}`,
        vodOriginUrl: `${stream}/{event_id}/manifest.mpd?content={content_id}&origin=primary`,
      },
    ],
    storageUrlPublic: `${SERVICE_ORIGIN}/api/storage/public/${tier}/`,
  };
}

export const INFRASTRUCTURE_PROFILE = {
  name: 'Cloud encoder pool (eu-west)',
  referenceId: 'INFRA-EU-WEST',
  configuration: {
    provider: 'simulated-cloud',
    region: 'eu-west',
    encoderInstanceType: 'gpu.medium',
    encoders: 2,
    packagers: 1,
    warmUpMinutes: 20,
    terminateAfterMinutes: 30,
  },
};

export const PROPERTY_CONFIGURATION: { name: string; referenceId: string; content: PropertyConfigurationContent } = {
  name: 'Broadcast metadata',
  referenceId: 'PC-BROADCAST',
  content: {
    configuration: [
      { name: 'rightsHolder', displayName: 'Rights holder', type: 'TextField', category: 'rights', key: 'holder', defaultValue: '', required: true },
      {
        name: 'territory',
        displayName: 'Territory',
        type: 'SelectList',
        category: 'rights',
        key: 'territory',
        defaultValue: 'Worldwide',
        required: true,
        additionalProperties: { options: ['Worldwide', 'Europe', 'Domestic only'] },
      },
      {
        name: 'ageRating',
        displayName: 'Age rating',
        type: 'SelectList',
        category: 'broadcast',
        key: 'ageRating',
        defaultValue: 'U',
        required: false,
        additionalProperties: { options: ['U', 'PG', '12', '15', '18'] },
      },
      { name: 'commentator', displayName: 'Commentator', type: 'TextField', category: 'production', key: 'commentator', defaultValue: '', required: false },
      { name: 'subtitled', displayName: 'Live subtitles', type: 'CheckBox', category: 'accessibility', key: 'subtitles', defaultValue: 'false', required: false },
      {
        name: 'firstAired',
        displayName: 'First aired',
        type: 'DateField',
        category: 'broadcast',
        key: 'firstAired',
        defaultValue: '',
        required: false,
        additionalProperties: { dateFormat: 'yyyy-MM-dd' },
      },
      { name: 'notes', displayName: 'Producer notes', type: 'TextArea', category: 'production', key: 'notes', defaultValue: '', required: false },
    ],
  },
};

export type RoomKey = 'studioA' | 'studioB' | 'newsroom' | 'hall' | 'booth' | 'chapel' | 'ob1' | 'arena';

export const ROOMS: { key: RoomKey; name: string; referenceId: string }[] = [
  { key: 'studioA', name: 'Studio A', referenceId: 'ROOM-STUDIO-A' },
  { key: 'studioB', name: 'Studio B', referenceId: 'ROOM-STUDIO-B' },
  { key: 'newsroom', name: 'Newsroom', referenceId: 'ROOM-NEWS' },
  { key: 'hall', name: 'Main Hall', referenceId: 'ROOM-HALL' },
  { key: 'booth', name: 'Commentary Booth 1', referenceId: 'ROOM-BOOTH-1' },
  { key: 'chapel', name: 'Chapel Gallery', referenceId: 'ROOM-CHAPEL' },
  { key: 'ob1', name: 'Outside Broadcast Truck 1', referenceId: 'ROOM-OB-1' },
  { key: 'arena', name: 'Esports Arena Stage', referenceId: 'ROOM-ESPORTS' },
];

export type CategoryKey = 'sports' | 'football' | 'basketball' | 'news' | 'music' | 'conference' | 'worship' | 'esports' | 'talk' | 'civic';

export const CATEGORIES: { key: CategoryKey; name: string; label: string; description: string }[] = [
  { key: 'sports', name: 'sports', label: 'Sports', description: 'Live sport and sport magazines' },
  { key: 'football', name: 'football', label: 'Football', description: 'League and cup football' },
  { key: 'basketball', name: 'basketball', label: 'Basketball', description: 'Basketball League fixtures' },
  { key: 'news', name: 'news', label: 'News', description: 'Bulletins, briefings and weather' },
  { key: 'music', name: 'music', label: 'Music', description: 'Concerts and live sessions' },
  { key: 'conference', name: 'conference', label: 'Conferences', description: 'Keynotes, panels and workshops' },
  { key: 'worship', name: 'worship', label: 'Worship', description: 'Church services and reflections' },
  { key: 'esports', name: 'esports', label: 'E-sports', description: 'Competitive gaming' },
  { key: 'talk', name: 'talk', label: 'Talk & Entertainment', description: 'Talk shows and studio entertainment' },
  { key: 'civic', name: 'civic', label: 'Civic', description: 'Council sessions and public meetings' },
];

export const TAGS = [
  'football',
  'premier-division',
  'regional-cup',
  'basketball',
  'breaking',
  'weather',
  'live-music',
  'classical',
  'keynote',
  'panel',
  'workshop',
  'sunday-service',
  'choral',
  'counter-strike',
  'rift-masters',
  'playoffs',
  'highlights',
  'uhd',
  'sign-language',
  'subtitled',
  'geo-blocked',
  'replay',
] as const;
export type TagName = (typeof TAGS)[number];

export type EventTypeKey = 'sport' | 'news' | 'concert' | 'conference' | 'service' | 'esports' | 'talk' | 'civic';

export const EVENT_TYPES: { key: EventTypeKey; name: string; referenceId: string; colour: string }[] = [
  { key: 'sport', name: 'Sports Fixture', referenceId: 'ET-SPORT', colour: '#1e88e5' },
  { key: 'news', name: 'News Bulletin', referenceId: 'ET-NEWS', colour: '#e53935' },
  { key: 'concert', name: 'Concert', referenceId: 'ET-CONCERT', colour: '#8e24aa' },
  { key: 'conference', name: 'Conference Session', referenceId: 'ET-CONF', colour: '#43a047' },
  { key: 'service', name: 'Church Service', referenceId: 'ET-SERVICE', colour: '#6d4c41' },
  { key: 'esports', name: 'E-sports Match', referenceId: 'ET-ESPORTS', colour: '#fb8c00' },
  { key: 'talk', name: 'Talk Show', referenceId: 'ET-TALK', colour: '#00acc1' },
  { key: 'civic', name: 'Public Meeting', referenceId: 'ET-CIVIC', colour: '#546e7a' },
];

export const FOOTBALL_CLUBS = [
  'Riverside Rovers',
  'Harbour City',
  'Northgate United',
  'Castlebridge Athletic',
  'Millbrook Town',
  'Eastfield Wanderers',
  'Kingsport FC',
  'Westmoor Albion',
  'Ashford Vale',
  'Port Elmsley',
];

export const BASKETBALL_TEAMS = ['Riverside Raptors', 'Harbour Hawks', 'Capital Comets', 'Lakeside Lynx', 'Summit Storm', 'Metro Monarchs'];

export const ESPORTS_TEAMS = ['Nova Esports', 'Team Helix', 'Crimson Tide Gaming', 'Polar Wolves', 'Sentinel Five', 'Apex Owls', 'Northern Lights GG', 'Vanta'];

export const ARTISTS = [
  { name: 'The Paper Lanterns', venue: 'the Old Corn Exchange' },
  { name: 'Orchestra of the Riverside', venue: 'St. Aldric’s Hall' },
  { name: 'Mara Lindqvist Quartet', venue: 'the Blue Door Jazz Club' },
  { name: 'Hollow Pines', venue: 'Riverside Amphitheatre' },
  { name: 'DJ Solenne', venue: 'Harbour Warehouse 7' },
  { name: 'City Youth Choir', venue: 'Castlebridge Cathedral' },
  { name: 'Kestrel & The Night Shift', venue: 'the Palace Theatre' },
  { name: 'Amara Osei', venue: 'the Glasshouse' },
];

/** Sessions of a conference day by slot: keynote, panel, workshop, and a closing slot. */
export const CONFERENCE_PANELS = [
  'Panel: Streaming at Scale Without Burning Out Your On-call Team',
  'Panel: What Audiences Want from Local Media',
  'Panel: Accessibility Is a Feature, Not a Checkbox',
];
export const CONFERENCE_WORKSHOPS = [
  'Workshop: Accessible Video for Everyone',
  'Workshop: Low-latency Live from Camera to Screen',
  'Workshop: Metadata that Search Engines Understand',
];

export const TALK_GUESTS = [
  'chef Luca Moretti',
  'novelist Hanna Berg',
  'Olympic rower Tom Achebe',
  'comedian Rosa Delgado',
  'astronomer Dr. Imogen Clarke',
  'the cast of “Harbour Lights”',
  'climate scientist Prof. Kenji Ito',
  'singer-songwriter Amara Osei',
];

/** A few titles long enough to test every layout that shows one. */
export const LONG_TITLES = [
  'Riverside Borough Council — Extraordinary Session on the Proposed Tram Extension, Public Consultation Responses and the 2027–2031 Capital Budget (with live sign-language interpretation)',
  'Castlebridge Cathedral Festival of Nine Lessons and Carols, with the Cathedral Choir, the City Youth Choir and the Orchestra of the Riverside, introduced by the Dean',
  'Future of Media Forum — Day 2 Main Stage: Rights, Royalties and Regional Broadcasting in a Streaming-first World, followed by an Open Q&A with Delegates',
];
