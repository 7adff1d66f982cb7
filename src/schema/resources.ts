/**
 * The kinds of record the service keeps, as the activity trail names them (`entity`) and as
 * operation records declare what they read or write (`resource: { kind, id }`, define.ts).
 * `versioned` kinds are the ones an operator edits: their single-record GET answers a strong ETag,
 * their lists carry `version`, and their writes honour If-Match (DESIGN.md "Trust"). The others
 * (publications, assets, downloads...) change through actions and jobs and have a trail only.
 * The server's side of each kind (its table, how its id is found, which GET reads it) is
 * src/server/http/resources.ts.
 */
export const RESOURCE_KINDS = {
  event: { label: 'event', versioned: true },
  compose: { label: 'playlist', versioned: true },
  customProperty: { label: 'custom property', versioned: true },
  clientProperties: { label: 'client properties', versioned: true },
  chapterPoint: { label: 'chapter point', versioned: true },
  chapterPointCustomProperty: { label: 'chapter point property', versioned: true },
  channelProfile: { label: 'channel profile', versioned: true },
  webhook: { label: 'webhook', versioned: true },
  destination: { label: 'destination', versioned: true },
  mediaDestination: { label: 'media destination', versioned: true },
  mediaDestinationProperty: { label: 'destination property', versioned: true },
  archiverflow: { label: 'archiver flow', versioned: true },
  capture: { label: 'capture', versioned: true },
  playoutProfile: { label: 'playout profile', versioned: true },
  category: { label: 'category', versioned: true },
  channel: { label: 'channel', versioned: true },
  eventType: { label: 'event type', versioned: true },
  room: { label: 'room', versioned: true },
  tag: { label: 'tag', versioned: true },
  xflow: { label: 'xflow', versioned: true },
  infrastructureProfile: { label: 'infrastructure profile', versioned: true },
  propertyConfiguration: { label: 'property configuration', versioned: true },
  publication: { label: 'publication', versioned: false },
  asset: { label: 'asset', versioned: false },
  vodDownload: { label: 'download', versioned: false },
  archiverStream: { label: 'archiver stream', versioned: false },
  webhookDelivery: { label: 'webhook delivery', versioned: false },
  searchIndex: { label: 'search index', versioned: false },
  alert: { label: 'alert', versioned: false },
  encoderFault: { label: 'simulated encoder fault', versioned: false },
} as const satisfies Record<string, { label: string; versioned: boolean }>;

export type ResourceKind = keyof typeof RESOURCE_KINDS;
export const RESOURCE_KIND_NAMES = Object.keys(RESOURCE_KINDS) as [ResourceKind, ...ResourceKind[]];

/** The kinds whose records carry a version. */
export type VersionedKind = {
  [K in ResourceKind]: (typeof RESOURCE_KINDS)[K]['versioned'] extends true ? K : never;
}[ResourceKind];

export function isVersionedKind(kind: string): kind is VersionedKind {
  return (RESOURCE_KINDS as Record<string, { versioned: boolean }>)[kind]?.versioned === true;
}

/** The ETag of a version: a strong validator, quoted (RFC 9110 §8.8.3). */
export function etagOf(version: number | string): string {
  return `"${version}"`;
}

/**
 * The versions an If-Match header names: `"12"`, `"12", "13"`, `*` (any). A weak validator
 * (`W/"12"`) never matches: If-Match compares strongly.
 */
export function parseIfMatch(header: string): { any: true } | { any: false; versions: string[] } {
  const text = header.trim();
  if (text === '*') return { any: true };
  const versions: string[] = [];
  for (const match of text.matchAll(/(W\/)?"([^"]*)"/g)) if (!match[1]) versions.push(match[2]!);
  return { any: false, versions };
}
