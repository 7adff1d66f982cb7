/**
 * Services the process wires once, which request handlers (RequestContext) and background jobs
 * (JobContext) both receive: the simulated world's adapters and the like. Each part that adds one
 * declares it here and wires it in `buildApp` (main and tests alike); tests may pass doubles
 * through `buildApp({ services })`.
 */
import type { LiveSettings } from './areas/live/settings.ts';
import type { Encoder } from './sim/encoder.ts';
import type { MediaServices } from './areas/media/services.ts';
import type { Mailer } from './sim/mail.ts';
import type { DownloadSettings } from './areas/vod-download/settings.ts';
import type { ServiceUrls } from './http/service-url.ts';

import type { eventArchiverUrls } from './areas/archiver/index.ts';

export interface AppServices {
  /**
   * The encoders of the channels (areas/live). buildApp always sets it (a SimulatedEncoder on the
   * app's clock unless given one); optional only because a bare JobWorker (jobs/queue.ts) starts
   * from `{}`. Read it through `encoderOf` (areas/live/settings.ts).
   */
  encoder?: Encoder;
  /** How PUT /event/state waits for the encoder (areas/live/settings.ts). */
  live?: LiveSettings;
  /** PUBLIC_URL and the address the process listens on: where links to the service's own streams and files start (http/service-url.ts). */
  urls?: ServiceUrls;
  /**
   * The media tools and the storage of asset files (areas/media/services.ts). buildApp always sets
   * them (a temporary storage folder unless given); read them through `mediaOf`.
   */
  media?: MediaServices;
  /** Outgoing mail (sim/mail.ts): SMTP when SMTP_URL is set, else the mailbox the service keeps. buildApp sets a mailbox unless given one. */
  mailer?: Mailer;
  /** VOD downloads: expiry, sender (areas/vod-download/settings.ts). */
  downloads?: DownloadSettings;
  /**
   * The archiver's URLs of an event's publishing points (areas/archiver/event-urls.ts), for the
   * event's video answer (areas/live/video.ts). Handed over here because the archiver records the
   * live area's streams: live importing the archiver as well would make the two areas load each other.
   */
  archiverUrls?: typeof eventArchiverUrls;
}
