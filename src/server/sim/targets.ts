/**
 * The syndication targets (public-facts.md §2): SocialNetwork, MicroBlog, VideoSite, MediaPlatform
 * and Custom, behind one adapter interface a real integration could implement (an HTTP client
 * of the platform's API), and simulated implementations that keep the platform's side in the
 * database (`target_items`: broadcasts with their stream keys, uploaded videos, visibility).
 *
 * The simulated platforms take time like real ones (an upload goes up over a few seconds, then the
 * platform processes it; the area asks how far it got and when to ask again), and they fail the
 * way real ones do. Both are theirs alone: the syndication area knows neither. Faults are switched on per
 * destination with a destination property, category `simulation`, key `faults`, value a
 * comma-separated list of:
 *
 * | fault          | effect |
 * |----------------|--------|
 * | notAuthorised  | the platform refuses the destination's authorisation: the authorisation page denies it, activation stays required, publications fail with FailedDestination |
 * | uploadFailed   | VOD uploads break off at 60 %: FailedMediaAsset |
 * | streamRejected | the platform refuses to create or start live broadcasts: FailedPublication |
 * | itemRemoved    | the platform removes what was published (policy strike): details say isUnavailable, the publication becomes FailedPublication |
 * | unreachable    | the platform does not answer: details are null with queryTarget=true, statistics fail, uploads fail |
 * | slow           | every step takes five times as long |
 *
 * A property `simulation` / `viewers` (a number) sets the audience a live broadcast grows to.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { DestinationTarget } from '#schema';
import { syndicationDestinationProperties, targetItems } from '../db/tables/syndication.ts';
import { lookupMetadata, METADATA_TARGET } from './target-metadata.ts';
import type {
  ActivationStep,
  IngestionDetail,
  LiveStatistics,
  MetadataAnswer,
  MetadataRequest,
  Outcome,
  StatisticsSample,
  TargetAdapter,
  TargetDestination,
  TargetEnv,
  TargetFailure,
  TargetRegistry,
  TargetView,
  UploadStatus,
  VodMedia,
} from '../areas/syndication/index.ts';

type TargetItem = typeof targetItems.$inferSelect;

export const FAULTS = ['notAuthorised', 'uploadFailed', 'streamRejected', 'itemRemoved', 'unreachable', 'slow'] as const;
export type Fault = (typeof FAULTS)[number];

// ---- The simulated platforms ----------------------------------------------------------------------

interface Profile {
  name: keyof typeof DestinationTarget.values;
  prefix: string;
  host: string;
  needsAuthorisation: boolean;
  link(remoteId: string, kind: 'live' | 'vod'): string;
  embed(remoteId: string): string | null;
  /** The platform's own keys of an item. */
  keys(item: TargetItem, viewers: number): Record<string, unknown>;
}

const iframe = (src: string) => `<iframe src="${src}" width="640" height="360" frameborder="0" allowfullscreen></iframe>`;

const PROFILES: Record<number, Profile> = {
  0: {
    name: 'SocialNetwork',
    prefix: 'sn_',
    host: 'social.example',
    needsAuthorisation: true,
    link: (id, kind) => `https://social.example/${kind === 'live' ? 'live' : 'videos'}/${id}`,
    embed: (id) => iframe(`https://social.example/plugins/video.php?v=${id}`),
    keys: (item, viewers) => ({ sn_postId: item.remoteId, sn_pageName: (item.data.account as string) ?? null, sn_views: viewers }),
  },
  1: {
    name: 'MicroBlog',
    prefix: 'mb_',
    host: 'microblog.example',
    needsAuthorisation: true,
    link: (id) => `https://microblog.example/status/${id}`,
    embed: () => null,
    keys: (item, viewers) => ({ mb_statusId: item.remoteId, mb_views: viewers }),
  },
  2: {
    name: 'VideoSite',
    prefix: 'vs_',
    host: 'videosite.example',
    needsAuthorisation: true,
    link: (id) => `https://videosite.example/watch?v=${id}`,
    embed: (id) => iframe(`https://videosite.example/embed/${id}`),
    keys: (item, viewers) => ({ vs_videoId: item.remoteId, vs_privacyStatus: item.visibility, vs_views: viewers, vs_uploadStatus: item.status }),
  },
  3: {
    name: 'MediaPlatform',
    prefix: 'mp_',
    host: 'mediaplatform.example',
    needsAuthorisation: true,
    link: (id) => `https://mediaplatform.example/media/${id}`,
    embed: (id) => iframe(`https://mediaplatform.example/player/${id}`),
    keys: (item, viewers) => ({ mp_mediaId: item.remoteId, mp_plays: viewers, mp_status: item.status }),
  },
  4: {
    name: 'Custom',
    prefix: 'cstm_',
    host: 'custom',
    needsAuthorisation: false,
    link: () => '',
    embed: () => null,
    keys: (item) => ({ cstm_itemId: item.remoteId, cstm_status: item.status }),
  },
};

function remoteIdFor(profile: Profile): string {
  const raw = randomBytes(8).toString('base64url');
  return profile.name === 'VideoSite' ? raw.slice(0, 11) : profile.name === 'Custom' ? `c-${raw}` : String(BigInt(`0x${randomBytes(7).toString('hex')}`));
}

/** A number in [0, 1) fixed for a seed: the simulated audience differs per broadcast but stays the same on every read. */
function unit(seed: string): number {
  return createHash('sha1').update(seed).digest().readUInt32BE(0) / 2 ** 32;
}

class SimulatedTarget implements TargetAdapter {
  readonly target: number;
  readonly name: string;
  readonly prefix: string;
  readonly needsAuthorisation: boolean;

  constructor(private readonly profile: Profile) {
    this.target = DestinationTarget.values[profile.name];
    this.name = profile.name;
    this.prefix = profile.prefix;
    this.needsAuthorisation = profile.needsAuthorisation;
  }

  private async faults(env: TargetEnv, destination: TargetDestination): Promise<Set<Fault>> {
    const rows = await env.db
      .select({ value: syndicationDestinationProperties.value })
      .from(syndicationDestinationProperties)
      .where(
        and(
          eq(syndicationDestinationProperties.destinationId, destination.id),
          eq(syndicationDestinationProperties.category, 'simulation'),
          eq(syndicationDestinationProperties.key, 'faults'),
        ),
      );
    const names = (rows[0]?.value ?? '').split(',').map((s) => s.trim().toLowerCase());
    return new Set(FAULTS.filter((f) => names.includes(f.toLowerCase())));
  }

  private async audience(env: TargetEnv, destination: TargetDestination): Promise<number> {
    const rows = await env.db
      .select({ value: syndicationDestinationProperties.value })
      .from(syndicationDestinationProperties)
      .where(
        and(
          eq(syndicationDestinationProperties.destinationId, destination.id),
          eq(syndicationDestinationProperties.category, 'simulation'),
          eq(syndicationDestinationProperties.key, 'viewers'),
        ),
      );
    const n = Number(rows[0]?.value);
    return Number.isFinite(n) && n >= 0 ? n : 1_000;
  }

  async checkActivation(env: TargetEnv, destination: TargetDestination, authoriseBase: string): Promise<ActivationStep> {
    const faults = await this.faults(env, destination);
    const now = env.clock.now().toISOString();
    if (!this.needsAuthorisation) {
      return {
        actionTitle: 'Active',
        actionDescription: 'Custom destinations need no authorisation: publications push to the stream URL of the destination or the publication.',
        actionRequired: false,
        activation: { status: 'authorised', authorisedAt: destination.activation.authorisedAt ?? now, account: 'custom' },
        active: true,
      };
    }
    if (destination.active && destination.activation.status === 'authorised' && !faults.has('notAuthorised')) {
      return {
        actionTitle: 'Active',
        actionDescription: `${this.name} accepts publications from this destination (authorised as ${destination.activation.account ?? 'the account'}).`,
        actionRequired: false,
        activation: destination.activation,
        active: true,
      };
    }
    if (destination.active && destination.activation.status !== 'authorised') {
      // Set active by hand (PUT .../active/{id}?active=true): a repaired destination stays active.
      return {
        actionTitle: 'Active',
        actionDescription: `Marked active by hand; ${this.name} has not confirmed an authorisation. Reset it (active=false) to authorise again.`,
        actionRequired: false,
        activation: destination.activation,
        active: true,
      };
    }
    const token = destination.activation.status === 'pending' && destination.activation.token ? destination.activation.token : randomBytes(18).toString('base64url');
    const url = `${authoriseBase}${token}`;
    const revoked = destination.activation.status === 'authorised';
    const denied = destination.activation.status === 'denied';
    return {
      actionTitle: revoked ? `${this.name} revoked the authorisation` : denied ? `Authorisation on ${this.name} was refused` : `Authorise Control Room on ${this.name}`,
      actionDescription: `Open ${url} and allow Control Room to publish to the ${this.name} account, then check the activation again.`,
      actionRequired: true,
      authoriseUrl: url,
      activation: { status: 'pending', token, requestedAt: destination.activation.status === 'pending' ? (destination.activation.requestedAt ?? now) : now },
      active: false,
    };
  }

  async authorise(env: TargetEnv, destination: TargetDestination, allow: boolean): Promise<Outcome<{ account: string }>> {
    if (!allow) return { ok: false, failure: 'destination', reason: 'The user denied the authorisation.' };
    const faults = await this.faults(env, destination);
    if (faults.has('notAuthorised')) return { ok: false, failure: 'destination', reason: `${this.name} does not let this account authorise applications (fault notAuthorised).` };
    return { ok: true, account: `${destination.name} (${this.profile.host})` };
  }

  /** A refusal common to every operation: authorisation revoked or platform down. */
  private async refusal(env: TargetEnv, destination: TargetDestination, faults?: Set<Fault>): Promise<TargetFailure | undefined> {
    const f = faults ?? (await this.faults(env, destination));
    if (this.needsAuthorisation && f.has('notAuthorised')) return { failure: 'destination', reason: `${this.name} refused the destination's authorisation (401 Unauthorized): activate the destination again.` };
    if (f.has('unreachable')) return { failure: 'publication', reason: `${this.name} did not answer (503 Service Unavailable).` };
    return undefined;
  }

  private async item(env: TargetEnv, itemId: string): Promise<TargetItem | undefined> {
    const [row] = await env.db.select().from(targetItems).where(eq(targetItems.id, itemId));
    return row;
  }

  private async update(env: TargetEnv, itemId: string, values: Partial<typeof targetItems.$inferInsert>): Promise<void> {
    await env.db
      .update(targetItems)
      .set({ ...values, updatedAt: env.clock.now() })
      .where(eq(targetItems.id, itemId));
  }

  async createLive(env: TargetEnv, destination: TargetDestination, publicationId: string, fields: Record<string, unknown>): Promise<Outcome<{ itemId: string; ingestion: IngestionDetail[] }>> {
    const faults = await this.faults(env, destination);
    const refused = await this.refusal(env, destination, faults);
    if (refused) return { ok: false, ...refused };
    if (faults.has('streamRejected')) return { ok: false, failure: 'publication', reason: `${this.name} rejected the live stream: the account may not broadcast live (403 live_streaming_not_enabled).` };
    const remoteId = remoteIdFor(this.profile);
    const now = env.clock.now();
    let ingestion: IngestionDetail[];
    if (this.name === 'Custom') {
      const url = String(fields.cstm_streamUrl || destination.config.cstm_streamUrl || destination.config.streamUrl || '');
      const name = String(fields.cstm_streamName || destination.config.cstm_streamName || destination.config.streamName || '');
      const split = (u: string) => {
        const m = /^(rtmps?:\/\/[^/]+)\/?(.*)$/i.exec(u);
        return { server: m ? m[1]! : u, app: m ? m[2]! || null : null, ssl: /^rtmps:/i.test(u) };
      };
      const primary = split(url);
      ingestion = [{ rtmpServerUrl: primary.server, rtmpApplicationName: primary.app, rtmpStreamName: name, isPrimary: true, isSsl: primary.ssl }];
      const backupUrl = String(fields.cstm_backupStreamUrl ?? '');
      if (backupUrl) {
        const backup = split(backupUrl);
        ingestion.push({ rtmpServerUrl: backup.server, rtmpApplicationName: backup.app, rtmpStreamName: String(fields.cstm_backupStreamName || name), isPrimary: false, isSsl: backup.ssl });
      }
    } else {
      const key = `${remoteId}-${randomBytes(6).toString('hex')}`;
      ingestion = [
        { rtmpServerUrl: `rtmps://live-ingest.${this.profile.host}:443`, rtmpApplicationName: 'live2', rtmpStreamName: key, isPrimary: true, isSsl: true },
        { rtmpServerUrl: `rtmps://live-backup.${this.profile.host}:443`, rtmpApplicationName: 'live2', rtmpStreamName: `${key}?backup=1`, isPrimary: false, isSsl: true },
      ];
    }
    const titleKey = Object.keys(fields).find((k) => /_(title|text)$/.test(k));
    const privacy = fields.vs_privacyStatus ?? fields.mp_privacyStatus ?? fields.sn_privacy;
    const [item] = await env.db
      .insert(targetItems)
      .values({
        clientId: destination.clientId,
        destinationId: destination.id,
        publicationId,
        target: this.target,
        kind: 'live',
        remoteId,
        status: 'created',
        visibility: privacy === 'public' || privacy === 'EVERYONE' ? 'public' : 'private',
        title: titleKey ? String(fields[titleKey]) : null,
        data: { ingestion, account: destination.activation.account ?? null },
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return { ok: true, itemId: item!.id, ingestion };
  }

  async startLive(env: TargetEnv, destination: TargetDestination, itemId: string): Promise<Outcome> {
    const faults = await this.faults(env, destination);
    const refused = await this.refusal(env, destination, faults);
    if (refused) return { ok: false, ...refused };
    if (faults.has('streamRejected')) return { ok: false, failure: 'publication', reason: `${this.name} rejected the stream: no video received on the ingest server within 10 s.` };
    const item = await this.item(env, itemId);
    if (!item || item.status === 'removed') return { ok: false, failure: 'publication', reason: `The broadcast no longer exists on ${this.name}: recreate the publication.` };
    if (item.status === 'ended') return { ok: false, failure: 'publication', reason: `The broadcast has ended on ${this.name}; an ended broadcast cannot go live again: recreate the publication.` };
    if (item.status !== 'live') await this.update(env, itemId, { status: 'live', liveSince: env.clock.now(), liveUntil: null });
    return { ok: true };
  }

  async stopLive(env: TargetEnv, _destination: TargetDestination, itemId: string): Promise<Outcome> {
    const item = await this.item(env, itemId);
    if (item && item.status === 'live') await this.update(env, itemId, { status: 'ended', liveUntil: env.clock.now() });
    return { ok: true };
  }

  async setVisibility(env: TargetEnv, destination: TargetDestination, itemId: string, visibility: 'public' | 'private'): Promise<Outcome> {
    const refused = await this.refusal(env, destination);
    if (refused) return { ok: false, ...refused };
    const item = await this.item(env, itemId);
    if (!item || item.status === 'removed') return { ok: false, failure: 'publication', reason: `The item no longer exists on ${this.name}.` };
    await this.update(env, itemId, { visibility });
    return { ok: true };
  }

  async statistics(env: TargetEnv, destination: TargetDestination, itemId: string): Promise<Outcome<{ statistics: LiveStatistics }>> {
    const faults = await this.faults(env, destination);
    if (faults.has('unreachable')) return { ok: false, failure: 'publication', reason: `${this.name} did not answer (503 Service Unavailable).` };
    const item = await this.item(env, itemId);
    if (!item) return { ok: false, failure: 'publication', reason: `The broadcast does not exist on ${this.name}.` };
    const audience = await this.audience(env, destination);
    const now = env.clock.now();
    if (!item.liveSince) return { ok: true, statistics: { status: item.status, viewers: 0, peakViewers: 0, bitrateKbps: 0, health: 'noData', samples: [] } };
    const start = item.liveSince.getTime();
    const end = Math.min(now.getTime(), item.liveUntil?.getTime() ?? now.getTime());
    const seed = unit(item.remoteId);
    const reach = audience * (0.6 + 0.8 * seed);
    const at = (t: number): StatisticsSample => {
      const s = (t - start) / 1000;
      const wobble = 1 + 0.12 * Math.sin(s / 40 + seed * 6) + 0.05 * Math.sin(s / 7 + seed * 3);
      const viewers = Math.max(0, Math.round(reach * (1 - Math.exp(-s / 90)) * wobble));
      const dip = unit(`${item.remoteId}:${Math.floor(s / 60)}`) < 0.08;
      const bitrateKbps = Math.round((dip ? 2_200 : 4_500) + 250 * Math.sin(s / 13 + seed));
      return { at: new Date(t).toISOString(), viewers, bitrateKbps, health: bitrateKbps > 4_000 ? 'good' : bitrateKbps > 3_000 ? 'fair' : 'poor' };
    };
    const step = 15_000;
    const samples: StatisticsSample[] = [];
    const first = Math.max(start, end - 119 * step);
    for (let t = first; t <= end; t += step) samples.push(at(t));
    if (samples.length === 0 || new Date(samples[samples.length - 1]!.at).getTime() !== end) samples.push(at(end));
    const last = samples[samples.length - 1]!;
    const live = item.status === 'live';
    return {
      ok: true,
      statistics: {
        status: item.status,
        viewers: live ? last.viewers : 0,
        peakViewers: Math.max(...samples.map((x) => x.viewers)),
        bitrateKbps: live ? last.bitrateKbps : 0,
        health: live ? last.health : 'noData',
        samples,
      },
    };
  }

  async beginUpload(env: TargetEnv, destination: TargetDestination, publicationId: string, fields: Record<string, unknown>, media: VodMedia): Promise<Outcome<{ itemId: string; status: UploadStatus }>> {
    const refused = await this.refusal(env, destination);
    if (refused) return { ok: false, ...(refused.failure === 'publication' ? { failure: 'mediaAsset' as const, reason: `Upload failed: ${refused.reason}` } : refused) };
    const now = env.clock.now();
    const titleKey = Object.keys(fields).find((k) => /_(title|text)$/.test(k) && fields[k]);
    const [item] = await env.db
      .insert(targetItems)
      .values({
        clientId: destination.clientId,
        destinationId: destination.id,
        publicationId,
        target: this.target,
        kind: 'vod',
        remoteId: remoteIdFor(this.profile),
        status: 'uploading',
        visibility: 'private',
        title: titleKey ? String(fields[titleKey]) : media.title,
        data: { sizeBytes: media.sizeBytes, durationSeconds: media.durationSeconds, uploadedPercent: 0, uploadStartedAt: now.toISOString(), account: destination.activation.account ?? null },
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const faults = await this.faults(env, destination);
    return { ok: true, itemId: item!.id, status: { phase: 'uploading', percent: 0, checkAgainAt: new Date(now.getTime() + UPLOAD_TICK_MS * slowFactor(faults)) } };
  }

  /**
   * The upload's progress follows the clock from its start: UPLOAD_MS for the bytes (in ticks of
   * UPLOAD_TICK_MS), then PROCESSING_MS on the platform, five times as long with `slow`;
   * `uploadFailed` breaks it off at 60 %, `unreachable` wherever it is.
   */
  async uploadStatus(env: TargetEnv, destination: TargetDestination, itemId: string): Promise<Outcome<{ status: UploadStatus }>> {
    const faults = await this.faults(env, destination);
    const item = await this.item(env, itemId);
    if (!item) return { ok: false, failure: 'mediaAsset', reason: `Upload failed: the upload session on ${this.name} is gone.` };
    const before = Number(item.data.uploadedPercent ?? 0);
    if (faults.has('unreachable')) return { ok: false, failure: 'mediaAsset', reason: `Upload failed at ${before} %: ${this.name} did not answer (503).` };
    const slow = slowFactor(faults);
    const now = env.clock.now().getTime();
    const startedAt = typeof item.data.uploadStartedAt === 'string' ? Date.parse(item.data.uploadStartedAt) : item.createdAt.getTime();
    const elapsed = Math.max(0, now - startedAt);
    const uploadMs = UPLOAD_MS * slow;
    const tick = UPLOAD_TICK_MS * slow;
    const percent = Math.min(100, Math.floor((Math.floor(elapsed / tick) * tick * 100) / uploadMs));
    if (faults.has('uploadFailed') && percent >= 60) {
      await this.update(env, itemId, { status: 'removed', data: { ...item.data, uploadedPercent: 60 } });
      return { ok: false, failure: 'mediaAsset', reason: `Upload failed at 60 %: ${this.name} answered 500 Internal Server Error (upload session expired).` };
    }
    if (percent !== before) await this.update(env, itemId, { data: { ...item.data, uploadedPercent: percent } });
    if (percent < 100) return { ok: true, status: { phase: 'uploading', percent, checkAgainAt: new Date(startedAt + (Math.floor(elapsed / tick) + 1) * tick) } };
    const readyAt = startedAt + uploadMs + PROCESSING_MS * slow;
    if (now < readyAt) return { ok: true, status: { phase: 'processing', percent: 100, checkAgainAt: new Date(readyAt) } };
    return { ok: true, status: { phase: 'ready', percent: 100, checkAgainAt: null } };
  }

  async finishUpload(env: TargetEnv, destination: TargetDestination, itemId: string, visibility: 'public' | 'private'): Promise<Outcome> {
    const refused = await this.refusal(env, destination);
    if (refused) return { ok: false, ...refused };
    await this.update(env, itemId, { status: visibility === 'public' ? 'published' : 'ready', visibility });
    return { ok: true };
  }

  async view(env: TargetEnv, destination: TargetDestination, itemId: string): Promise<TargetView | null> {
    const faults = await this.faults(env, destination);
    if (faults.has('unreachable')) return null;
    const item = await this.item(env, itemId);
    if (!item) return { isUnavailable: true, link: null, embedHtml: null, keys: {} };
    const removed = item.status === 'removed' || (faults.has('itemRemoved') && item.status !== 'uploading' && item.status !== 'created');
    const plays = item.kind === 'vod' ? Math.round(unit(item.remoteId) * 500 * Math.min(1, (env.clock.now().getTime() - item.updatedAt.getTime()) / 3_600_000 + 0.05)) : 0;
    const link = this.profile.link(item.remoteId, item.kind);
    return {
      isUnavailable: removed,
      link: removed || !link ? null : link,
      embedHtml: removed ? null : this.profile.embed(item.remoteId),
      keys: { ...this.profile.keys(item, plays), ...(removed ? { [`${this.prefix}removalReason`]: 'Removed by the platform: the content was reported and taken down.' } : {}) },
    };
  }

  async remove(env: TargetEnv, _destination: TargetDestination, itemId: string): Promise<void> {
    await this.update(env, itemId, { status: 'removed', liveUntil: env.clock.now() });
  }

  metadata(_env: TargetEnv, request: MetadataRequest & { destination?: TargetDestination | undefined }): Promise<MetadataAnswer> {
    const owner = METADATA_TARGET[request.name];
    if (owner !== this.name) {
      return Promise.resolve({ ok: false, field: 'metadata', reason: `${request.name} is a lookup of ${owner}, not of ${this.name}` });
    }
    return Promise.resolve(lookupMetadata(request));
  }

  link(destination: Pick<TargetDestination, 'id' | 'config'>): string | null {
    const short = destination.id.replace(/-/g, '').slice(0, 16);
    if (this.name === 'Custom') {
      const url = destination.config.cstm_streamUrl ?? destination.config.streamUrl;
      return typeof url === 'string' && url !== '' ? url : null;
    }
    const path = { SocialNetwork: `pages/${short}`, MicroBlog: `@${short}`, VideoSite: `channel/UC${short}`, MediaPlatform: `accounts/${short}` }[this.name];
    return `https://${this.profile.host}/${path ?? short}`;
  }
}

/** How long a simulated upload takes (before `slow`), how often it reports, and how long the platform then processes it. */
const UPLOAD_MS = 4_000;
const UPLOAD_TICK_MS = 1_000;
const PROCESSING_MS = 1_500;

const SIMULATED: Record<number, TargetAdapter> = Object.fromEntries(Object.entries(PROFILES).map(([value, profile]) => [Number(value), new SimulatedTarget(profile)]));

/** The simulated platforms, by target value (services.ts wires them unless given others). */
export const simulatedTargets: TargetRegistry = SIMULATED;

function slowFactor(faults: Set<Fault>): number {
  return faults.has('slow') ? 5 : 1;
}
