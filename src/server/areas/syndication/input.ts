/**
 * Checking a request's publications before anything is written: the destinations (the client's
 * own media destinations, or direct ones for /vodpublications/), the audio inputs (of the event's
 * channel profile), and publicationJson against what the target asks for (schema module
 * syndication-targets.ts). Every problem is a field of the 400, all of them at once. The callback
 * URLs' hosts are resolved first, in the operation's prepare step (`callbackRefusals`): DNS is
 * outside I/O, never inside the write's transaction.
 */
import { checkTargetField, DestinationTarget, targetFields, type FieldError, type PublicationKind } from '#schema';
import type { DbOrTx } from '../../db/database.ts';
import { badField, validationError } from '../../http/errors.ts';
import type { AppServices } from '../../services.ts';
import { callbackUrlRefusal } from './callbacks.ts';
import { parseConfig, type DestinationRow } from './core.ts';
import { audioInputsOf, findEvent, type EventRow } from './repo.ts';
import { destinationsByIds } from './destination-repo.ts';

export type { EventRow };

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

const callbackUrlsOf = (fields: Record<string, unknown>): string[] => (Array.isArray(fields.callbackUrls) ? fields.callbackUrls.filter((u): u is string => typeof u === 'string') : []);

/** The callback URLs the outbound policy refuses (their hosts resolved): for the prepare step, before the transaction. */
export async function callbackRefusals(services: Pick<AppServices, 'outbound'>, requested: readonly Requested[]): Promise<FieldError[]> {
  const problems: FieldError[] = [];
  for (const [i, r] of requested.entries()) {
    for (const [j, url] of callbackUrlsOf(parseConfig(r.publicationJson)).entries()) {
      if (!/^https?:\/\//i.test(url)) continue; // reported by checkTargetField
      let why: string | undefined;
      try {
        why = await callbackUrlRefusal(services, url);
      } catch {
        why = 'is not a valid URL';
      }
      if (why) problems.push({ field: `body.publications.${i}.publicationJson.callbackUrls.${j}`, message: why });
    }
  }
  return problems;
}

export async function checkPublications(
  db: DbOrTx,
  clientId: string,
  kind: PublicationKind,
  event: EventRow | undefined,
  requested: readonly Requested[],
  api: 'media' | 'direct' = 'media',
  /** Problems found already (the callback URLs' refusals, the caller's own), reported together with these. */
  earlier: readonly FieldError[] = [],
): Promise<CheckedPublication[]> {
  const byId = new Map((await destinationsByIds(db, clientId, requested.map((r) => r.destinationId), api)).map((d) => [d.id, d]));
  const audioInputs = event && requested.some((r) => r.audioInputId) ? await audioInputsOf(db, clientId, event.id) : new Set<string>();

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
    const callbackUrls = callbackUrlsOf(fields);
    const publishAtText = typeof fields.publishAt === 'string' && fields.publishAt !== '' ? fields.publishAt : null;
    out.push({ destination, fields, callbackUrls, publishAt: publishAtText ? new Date(publishAtText) : null });
  }
  if (problems.length > 0) throw validationError(inPublicationOrder(problems), 'The publications are not valid');
  return out;
}

/** Problems publication by publication (the request's own first), a publication's callback URLs after its fields. */
function inPublicationOrder(problems: readonly FieldError[]): FieldError[] {
  const key = (f: FieldError) => {
    const match = /^body\.publications\.(\d+)\./.exec(f.field);
    return match ? Number(match[1]) * 2 + (f.field.includes('.callbackUrls.') ? 2 : 1) : 0;
  };
  return problems.map((f, i) => ({ f, i })).sort((a, b) => key(a.f) - key(b.f) || a.i - b.i).map(({ f }) => f);
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
