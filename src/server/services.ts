/**
 * The services of the process, built once by `createServices` and handed whole to request
 * handlers (RequestContext) and background jobs (JobContext): the outside world's adapters (the
 * encoder, the syndication targets, the archive storage, mail, the media tools and file storage,
 * the media probe) and each area's settings, resolved. Every field is set, so an area reads
 * `ctx.encoder` or `ctx.webhooks.maxAttempts` and keeps no accessor or fallback of its own.
 *
 * An adapter's interface sits beside the area that uses it (areas/live/encoder.ts,
 * areas/syndication/target.ts, areas/archiver/archive-storage.ts, areas/media/services.ts,
 * areas/vod-download/mailer.ts); the simulated implementation is in src/server/sim/, which is the
 * only place that knows its delays, faults and progress.
 *
 * @example
 * // main.ts: from config.ts; tests: what they replace, the rest by default
 * const app = await buildApp({ database, clock, services: { webhooks: { allowPrivate: true }, encoder: new SimulatedEncoder({ clock }) } });
 */
import type { Clock } from './jobs/clock.ts';
import { DEFAULT_WAIT_POLL_MS, DEFAULT_WAIT_TIMEOUT_MS, type ArchiverUrls, type Encoder, type LiveSettings } from './areas/live/index.ts';
import { createMediaServices, type MediaServices } from './areas/media/index.ts';
import type { Mailer } from './areas/vod-download/index.ts';
import { resolveDownloadSettings, type DownloadSettings } from './areas/vod-download/settings.ts';
import { eventArchiverUrls } from './areas/archiver/index.ts';
import { resolveArchiverSettings, type ArchiverSettings, type ResolvedArchiverSettings } from './areas/archiver/settings.ts';
import type { ArchiveStorage } from './areas/archiver/archive-storage.ts';
import { resolveSettings as resolveWebhookSettings, type ResolvedWebhookSettings, type WebhookSettings } from './areas/webhook/settings.ts';
import type { TargetRegistry } from './areas/syndication/target.ts';
import { DestinationCache } from './areas/syndication/destination-cache.ts';
import { HttpMediaProbe, type MediaProbe } from './areas/compose/media-probe.ts';
import type { ChangeFeedSettings } from './changes/feed.ts';
import { policyOf, resolveOutboundSettings, type OutboundSettings } from './outbound/settings.ts';
import { SimulatedEncoder } from './sim/encoder.ts';
import { MailboxMailer } from './sim/mail.ts';
import { simulatedTargets } from './sim/targets.ts';
import { SimulatedArchiveStorage } from './sim/archive-storage.ts';
import type { ServiceUrls } from './http/service-url.ts';
import { resolveHealthSettings, type EncoderHealthSettings, type ResolvedHealthSettings } from './areas/encoder-health/settings.ts';

export interface AppServices {
  /** The encoders of the channels (areas/live/encoder.ts); default the simulated encoder (sim/encoder.ts). */
  encoder: Encoder;
  /** How a state change waits for the encoder (areas/live/settings.ts). */
  live: Required<LiveSettings>;
  /** PUBLIC_URL and the address the process listens on: where links to the service's own streams and files start (http/service-url.ts). */
  urls: ServiceUrls;
  /** The media tools, the file storage and the media lane's bounds (areas/media/services.ts). */
  media: MediaServices;
  /** Outgoing mail (areas/vod-download/mailer.ts): SMTP when SMTP_URL is set, else the mailbox the service keeps. */
  mailer: Mailer;
  /** VOD downloads: expiry, sender (areas/vod-download/settings.ts). */
  downloads: Required<DownloadSettings>;
  /**
   * The archiver's URLs of an event's publishing points, for the event's video (areas/live/video.ts).
   * Handed over here because the archiver records the live area's streams: the live area importing
   * the archiver as well would make the two areas load each other.
   */
  archiverUrls: ArchiverUrls;
  /** Webhook delivery (areas/webhook/settings.ts). */
  webhooks: ResolvedWebhookSettings;
  /** The syndication targets by target value (areas/syndication/target.ts); default the simulated ones (sim/targets.ts). */
  targets: TargetRegistry;
  /** The per-destination caches of the direct destination operations (areas/syndication/destination-cache.ts). */
  destinationCache: DestinationCache;
  /** The archiver's recorder (areas/archiver/settings.ts). */
  archiver: ResolvedArchiverSettings;
  /** Where the archiver's segments and streams go (areas/archiver/archive-storage.ts); default the simulated storage (sim/archive-storage.ts). */
  archiveStorage: ArchiveStorage;
  /** The change feed and the change log's retention (changes/feed.ts). */
  changeFeed: ChangeFeedSettings;
  /** Every request to a URL a client chose (src/server/outbound/). */
  outbound: OutboundSettings;
  /** How encoder compositions check DIRECT_FULL_MP4 URLs (areas/compose/media-probe.ts). */
  mediaProbe: MediaProbe;
  /** The encoders' health sampling and their telemetry (areas/encoder-health/settings.ts); default the simulated telemetry. */
  encoderHealth: ResolvedHealthSettings;
}

/** What buildApp takes (main.ts from config.ts; tests what they replace): every part optional, resolved by createServices. */
export interface ServiceOptions {
  encoder?: Encoder;
  live?: LiveSettings;
  urls?: ServiceUrls;
  media?: MediaServices;
  mailer?: Mailer;
  downloads?: DownloadSettings;
  archiverUrls?: ArchiverUrls;
  webhooks?: WebhookSettings;
  targets?: TargetRegistry;
  destinationCache?: DestinationCache;
  archiver?: ArchiverSettings;
  archiveStorage?: ArchiveStorage;
  changeFeed?: ChangeFeedSettings;
  outbound?: Partial<OutboundSettings>;
  mediaProbe?: MediaProbe;
  encoderHealth?: EncoderHealthSettings;
}

/** The app's services: what `options` gives, the defaults for the rest. */
export function createServices(clock: Clock, options: ServiceOptions = {}): AppServices {
  const live = {
    waitTimeoutMs: options.live?.waitTimeoutMs ?? DEFAULT_WAIT_TIMEOUT_MS,
    waitPollMs: options.live?.waitPollMs ?? DEFAULT_WAIT_POLL_MS,
  };
  const outbound = resolveOutboundSettings(options.outbound);
  return {
    encoder: options.encoder ?? new SimulatedEncoder({ clock }),
    live,
    urls: options.urls ?? {},
    media: options.media ?? createMediaServices(),
    mailer: options.mailer ?? new MailboxMailer(clock),
    downloads: resolveDownloadSettings(options.downloads),
    archiverUrls: options.archiverUrls ?? eventArchiverUrls,
    webhooks: resolveWebhookSettings(options.webhooks),
    targets: options.targets ?? simulatedTargets,
    destinationCache: options.destinationCache ?? new DestinationCache(clock),
    archiver: resolveArchiverSettings(options.archiver),
    archiveStorage: options.archiveStorage ?? new SimulatedArchiveStorage(),
    changeFeed: options.changeFeed ?? {},
    outbound,
    mediaProbe: options.mediaProbe ?? new HttpMediaProbe({ policy: policyOf(outbound), resolve: outbound.resolve }),
    encoderHealth: resolveHealthSettings(options.encoderHealth),
  };
}

/** Lets go of what the services hold (a temporary storage folder, an SMTP connection) when the app closes. */
export async function closeServices(services: AppServices): Promise<void> {
  await services.mailer.close?.();
  services.media.close?.();
}
