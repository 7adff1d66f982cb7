/**
 * Checking a request's publications before anything is written: the destinations (the client's
 * own media destinations, or direct ones for /vodpublications/), the audio inputs (of the event's channel profile), and publicationJson
 * against what the target asks for (schema module syndication-targets.ts). Every problem is a
 * field of the 400, all of them at once.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { checkTargetField, DestinationTarget, targetFields, type FieldError, type PublicationKind } from '#schema';
import type { DbOrTx } from '../../db/database.ts';
import { events } from '../../db/tables/events.ts';
import { channelProfileAudioInputs, channelProfiles } from '../../db/tables/metadata.ts';
import { syndicationDestinations } from '../../db/tables/syndication.ts';
import { badField, validationError } from '../../http/errors.ts';
import type { AppServices } from '../../services.ts';
import { callbackUrlRefusal } from './callbacks.ts';
import { parseConfig, type DestinationRow } from './core.ts';

export type EventRow = typeof events.$inferSelect;

export async function findEvent(db: DbOrTx, clientId: string, eventId: string): Promise<EventRow | undefined> {
  const [row] = await db.select().from(events).where(and(eq(events.id, eventId), eq(events.clientId, clientId)));
  return row && row.dateDeleted === null ? row : undefined;
}

export async function eventOr400(db: DbOrTx, clientId: string, eventId: string): Promise<EventRow> {
  const event = await findEvent(db, clientId, eventId);
  if (!event) throw badField('body.eventId', 'no event with this id');
  return event;
}

export interface CheckedPublication {
  destination: DestinationRow;
  fields: Record<string, unknown>;
  callbackUrls: string[];
  publishAt: Date | null;
}

interface Requested {
  destinationId: string;
  publicationJson: string;
  audioInputId?: string | null | undefined;
}

export async function checkPublications(
  db: DbOrTx,
  services: AppServices,
  clientId: string,
  kind: PublicationKind,
  event: EventRow | undefined,
  requested: readonly Requested[],
  api: 'media' | 'direct' = 'media',
  /** Problems the caller found already (reported together with these). */
  earlier: readonly FieldError[] = [],
): Promise<CheckedPublication[]> {
  const destinationIds = [...new Set(requested.map((r) => r.destinationId))];
  const destinations = await db
    .select()
    .from(syndicationDestinations)
    .where(and(eq(syndicationDestinations.clientId, clientId), eq(syndicationDestinations.api, api), inArray(syndicationDestinations.id, destinationIds)));
  const byId = new Map(destinations.map((d) => [d.id, d]));

  let audioInputs = new Set<string>();
  if (event && requested.some((r) => r.audioInputId)) {
    const rows = await db
      .select({ id: channelProfileAudioInputs.id })
      .from(channelProfileAudioInputs)
      .innerJoin(channelProfiles, eq(channelProfiles.id, channelProfileAudioInputs.profileId))
      .where(and(eq(channelProfiles.eventId, event.id), eq(channelProfiles.clientId, clientId)));
    audioInputs = new Set(rows.map((r) => r.id));
  }

  const problems: FieldError[] = [...earlier];
  const out: CheckedPublication[] = [];
  for (const [i, r] of requested.entries()) {
    const at = `body.publications.${i}`;
    const destination = byId.get(r.destinationId);
    if (!destination) {
      problems.push({ field: `${at}.destinationId`, message: `no ${api === 'media' ? 'media ' : ''}destination with this id` });
      continue;
    }
    if (r.audioInputId && !audioInputs.has(r.audioInputId)) {
      problems.push({ field: `${at}.audioInputId`, message: "not an audio input of the event's channel profile" });
    }
    const fields = parseConfig(r.publicationJson);
    const config = parseConfig(destination.configJson);
    const targetName = DestinationTarget.nameOf(destination.target) ?? `target ${destination.target}`;
    for (const field of targetFields(destination.target, kind)) {
      const value = fields[field.key];
      const missing = value === undefined || value === null || value === '';
      if (missing && field.required && !(field.suppliedByDestination ?? []).some((k) => typeof config[k] === 'string' && config[k] !== '')) {
        problems.push({ field: `${at}.publicationJson.${field.key}`, message: `${field.label} (${field.key}) is required by ${targetName}${field.suppliedByDestination ? ' unless the destination supplies it' : ''}` });
        continue;
      }
      const why = checkTargetField(field, value);
      if (why) problems.push({ field: `${at}.publicationJson.${field.key}`, message: `${field.key} ${why}` });
    }
    const callbackUrls = Array.isArray(fields.callbackUrls) ? fields.callbackUrls.filter((u): u is string => typeof u === 'string') : [];
    for (const [j, url] of callbackUrls.entries()) {
      if (!/^https?:\/\//i.test(url)) continue; // reported by checkTargetField
      let why: string | undefined;
      try {
        why = await callbackUrlRefusal(services, url);
      } catch {
        why = 'is not a valid URL';
      }
      if (why) problems.push({ field: `${at}.publicationJson.callbackUrls.${j}`, message: why });
    }
    const publishAtText = typeof fields.publishAt === 'string' && fields.publishAt !== '' ? fields.publishAt : null;
    out.push({ destination, fields, callbackUrls, publishAt: publishAtText ? new Date(publishAtText) : null });
  }
  if (problems.length > 0) throw validationError(problems, 'The publications are not valid');
  return out;
}

/** What the service keeps as a publication's details: the keys sent, without the view values the target gives. */
export function storedDetails(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (key === 'isUnavailable' || key === 'link' || key === 'embedHtml' || key === 'ingestionDetails') continue;
    // The shared keys keep the shape the Publication record declares; anything else is left out.
    if (key === 'callbackUrls' && !(Array.isArray(value) && value.every((u) => typeof u === 'string'))) continue;
    if (key === 'publishAt' && typeof value !== 'string') continue;
    out[key] = value;
  }
  return out;
}
