/**
 * The syndication target adapter (AppServices.targets, by target value): what the syndication
 * area asks of a platform (SocialNetwork, MicroBlog, VideoSite, MediaPlatform, Custom;
 * public-facts.md §2). A real integration implements it as an HTTP client of the platform's API;
 * sim/targets.ts implements it with the platform's side kept in the database. Every method answers
 * the platform's outcome; none throws for a refusal (only for a broken database).
 */
import type { DestinationMetadataName } from '#schema';
import type { DbOrTx } from '../../db/database.ts';
import type { ActivationData } from '../../db/tables/syndication.ts';
import type { Clock } from '../../jobs/clock.ts';

/** What a call runs on: the simulated platforms keep their side in the service's database; a real one reads the clock only. */
export interface TargetEnv {
  db: DbOrTx;
  clock: Clock;
}

/** The destination as a target sees it. */
export interface TargetDestination {
  id: string;
  clientId: string;
  name: string;
  target: number;
  config: Record<string, unknown>;
  active: boolean;
  activation: ActivationData;
}

export interface IngestionDetail {
  rtmpServerUrl: string | null;
  rtmpStreamName: string | null;
  rtmpApplicationName: string | null;
  isPrimary: boolean;
  isSsl: boolean;
}

/** A target's refusal: which publication state it leads to, and why. */
export interface TargetFailure {
  failure: 'destination' | 'publication' | 'mediaAsset';
  reason: string;
}
export type Outcome<T = object> = ({ ok: true } & T) | ({ ok: false } & TargetFailure);

export interface ActivationStep {
  actionTitle: string;
  actionDescription: string;
  actionRequired: boolean;
  /** Where the user completes the authorisation (a page of the platform), when action is required. */
  authoriseUrl?: string;
  /** The activation to store (a new token, authorised...). */
  activation: ActivationData;
  active: boolean;
}

/** What the platform says about an item (queryTarget=true). */
export interface TargetView {
  isUnavailable: boolean;
  link: string | null;
  embedHtml: string | null;
  /** The platform's own keys, with the target's prefix (sn_, vs_, cstm_, mb_, mp_). */
  keys: Record<string, unknown>;
}

export interface StatisticsSample {
  at: string;
  viewers: number;
  bitrateKbps: number;
  health: 'good' | 'fair' | 'poor';
}

export interface LiveStatistics {
  status: string;
  viewers: number;
  peakViewers: number;
  bitrateKbps: number;
  health: 'good' | 'fair' | 'poor' | 'noData';
  samples: StatisticsSample[];
}

export interface VodMedia {
  sizeBytes: number;
  durationSeconds: number;
  title: string;
}

/** How far the platform got with an upload, as it reports it. */
export interface UploadStatus {
  /** uploading: the bytes go up; processing: all there, the platform prepares the video; ready: done. */
  phase: 'uploading' | 'processing' | 'ready';
  /** Of the bytes, 0-100 (100 while processing and when ready). */
  percent: number;
  /** When the platform expects to have more to say (not when ready). */
  checkAgainAt: Date | null;
}

/**
 * One target kind. The area asks and the platform reports: how long a step takes, how far an
 * upload got, what fails and why, are the platform's (a real one's, or the simulation's in
 * sim/targets.ts), never the area's. Every method answers the platform's outcome; none throws for
 * a refusal (only for a broken database). The calls are outside I/O: the area makes them outside
 * its transactions (an operation's prepare step, or a job before it writes).
 */
export interface TargetAdapter {
  readonly target: number;
  readonly name: string;
  /** The key prefix of the target's own keys in details. */
  readonly prefix: string;
  /** Whether activation needs the user's authorisation on the platform (Custom needs none). */
  readonly needsAuthorisation: boolean;

  /** Where the activation stands and what the user must do (PUT .../activate/{id}). */
  checkActivation(env: TargetEnv, destination: TargetDestination, authoriseBase: string): Promise<ActivationStep>;
  /** The user allowed (or denied) on the authorisation page. */
  authorise(env: TargetEnv, destination: TargetDestination, allow: boolean): Promise<Outcome<{ account: string }>>;

  /** Creates the live broadcast: the item and where to push the stream. */
  createLive(env: TargetEnv, destination: TargetDestination, publicationId: string, fields: Record<string, unknown>): Promise<Outcome<{ itemId: string; ingestion: IngestionDetail[] }>>;
  startLive(env: TargetEnv, destination: TargetDestination, itemId: string): Promise<Outcome>;
  stopLive(env: TargetEnv, destination: TargetDestination, itemId: string): Promise<Outcome>;
  setVisibility(env: TargetEnv, destination: TargetDestination, itemId: string, visibility: 'public' | 'private'): Promise<Outcome>;
  statistics(env: TargetEnv, destination: TargetDestination, itemId: string): Promise<Outcome<{ statistics: LiveStatistics }>>;

  /** Starts an upload: the item exists on the platform, and the upload is under way. */
  beginUpload(env: TargetEnv, destination: TargetDestination, publicationId: string, fields: Record<string, unknown>, media: VodMedia): Promise<Outcome<{ itemId: string; status: UploadStatus }>>;
  /** How far the upload got; a refusal ends it (the upload failed). */
  uploadStatus(env: TargetEnv, destination: TargetDestination, itemId: string): Promise<Outcome<{ status: UploadStatus }>>;
  /** The upload is complete: the platform publishes it (or keeps it private until asked). */
  finishUpload(env: TargetEnv, destination: TargetDestination, itemId: string, visibility: 'public' | 'private'): Promise<Outcome>;

  /** The item as the platform shows it; null when the platform does not answer. */
  view(env: TargetEnv, destination: TargetDestination, itemId: string): Promise<TargetView | null>;
  /** Removes the item from the platform (hardDelete, recreate with removeOriginal). */
  remove(env: TargetEnv, destination: TargetDestination, itemId: string): Promise<void>;

  /**
   * The choices the platform offers for a publication field (GET /destination/metadata[/{id}]),
   * for the account of `destination` when given (target-metadata.ts).
   */
  metadata(env: TargetEnv, request: MetadataRequest & { destination?: TargetDestination | undefined }): Promise<MetadataAnswer>;
  /** The destination's place on the platform (a channel, a page), null when it has none. */
  link(destination: Pick<TargetDestination, 'id' | 'config'>): string | null;
}

/** The adapters by target value. */
export type TargetRegistry = Readonly<Record<number, TargetAdapter>>;

/** What a lookup needs: the destination when one is given (configuration, name), and the region. */
export interface MetadataRequest {
  name: DestinationMetadataName;
  region?: string | undefined;
  destination?: { id: string; name: string; config: Record<string, unknown> } | undefined;
}

export type MetadataAnswer = { ok: true; data: Record<string, string> } | { ok: false; field: 'metadata' | 'youTubeRegions'; reason: string };
