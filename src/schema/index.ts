/** The one barrel of the schema module: models, enumerations and every operation record. */
export * from './common.ts';
export * from './define.ts';
export * from './path.ts';
export * from './normalize.ts';
export * from './resources.ts';
export * from './record-operations.ts';
export * from './models/archiver.ts';
export * from './models/asset.ts';
export * from './models/billing.ts';
export * from './models/changes.ts';
export * from './models/channel-profile.ts';
export * from './models/client-property.ts';
export * from './models/compose.ts';
export * from './models/custom-property.ts';
export * from './models/event-type.ts';
export * from './models/event.ts';
export * from './models/event-states.ts';
export * from './models/json-text.ts';
export * from './models/lookups.ts';
export * from './models/search.ts';
export * from './models/syndication.ts';
export * from './models/syndication-targets.ts';
export * from './models/vod-download.ts';
export * from './models/encoder-health.ts';
export * from './models/alert.ts';
export * from './models/webhook.ts';
export * from './models/trust.ts';

import { archiverCapture } from './endpoints/archiver-capture.ts';
import { archiverPlayoutProfile } from './endpoints/archiver-playout-profile.ts';
import { archiverStream } from './endpoints/archiver-stream.ts';
import { archiverflow } from './endpoints/archiverflow.ts';
import { asset } from './endpoints/asset.ts';
import { category } from './endpoints/category.ts';
import { channelProfile } from './endpoints/channel-profile.ts';
import { channel } from './endpoints/channel.ts';
import { chapterPointCustomProperty } from './endpoints/chapter-point-custom-property.ts';
import { chapterPoint } from './endpoints/chapter-point.ts';
import { clientProperty } from './endpoints/client-property.ts';
import { compose } from './endpoints/compose.ts';
import { customProperty } from './endpoints/custom-property.ts';
import { destination } from './endpoints/destination.ts';
import { directVodPublication } from './endpoints/direct-vod-publication.ts';
import { eventType } from './endpoints/event-type.ts';
import { event } from './endpoints/event.ts';
import { eventImport } from './endpoints/event-import.ts';
import { infrastructureProfile } from './endpoints/infrastructure-profile.ts';
import { livePublication } from './endpoints/live-publication.ts';
import { mediaDestinationProperty } from './endpoints/media-destination-property.ts';
import { mediaDestination } from './endpoints/media-destination.ts';
import { propertyConfiguration } from './endpoints/property-configuration.ts';
import { room } from './endpoints/room.ts';
import { search } from './endpoints/search.ts';
import { stats } from './endpoints/stats.ts';
import { tag } from './endpoints/tag.ts';
import { vodDownload } from './endpoints/vod-download.ts';
import { vodPublication } from './endpoints/vod-publication.ts';
import { webhook } from './endpoints/webhook.ts';
import { xflow } from './endpoints/xflow.ts';
import { publicationMonitor } from './endpoints/publication-monitor.ts';
import { encoderHealth } from './endpoints/encoder-health.ts';
import { alert } from './endpoints/alert.ts';
import { activity, presence, session } from './endpoints/trust.ts';
import type { Endpoint } from './define.ts';

/** Every operation, by area: `endpoints.event.list`. */
export const endpoints = {
  archiverCapture,
  archiverPlayoutProfile,
  archiverStream,
  archiverflow,
  asset,
  category,
  channelProfile,
  channel,
  chapterPointCustomProperty,
  chapterPoint,
  clientProperty,
  compose,
  customProperty,
  destination,
  directVodPublication,
  eventType,
  event,
  eventImport,
  infrastructureProfile,
  livePublication,
  mediaDestinationProperty,
  mediaDestination,
  propertyConfiguration,
  room,
  search,
  stats,
  tag,
  vodDownload,
  vodPublication,
  webhook,
  xflow,
  publicationMonitor,
  encoderHealth,
  alert,
  activity,
  session,
  presence,
};

export const allEndpoints: readonly Endpoint[] = Object.values(endpoints).flatMap((area) => Object.values(area) as Endpoint[]);
