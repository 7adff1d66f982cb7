/**
 * The values of the publish dialog (live publications or the MP4 to media destinations): the
 * chosen destinations, each one's draft (its target's fields, or the raw publicationJson an expert
 * typed), and for live the audio input and when to start. The checks are the schema module's own
 * (targetFields, checkTargetField), so most mistakes show before a round trip; the service's 400
 * lands on the same fields (`mapPublishErrors`).
 */
import { z } from 'zod';
import { checkTargetField, targetFields, type Event, type FieldError, type MediaDestination, type PublicationKind } from '#schema';
import type { MappedServerErrors } from '#components/form/server-errors.ts';
import { targetName } from './targets.tsx';

export interface PublishDraft {
  /** The target's fields by key, as the inputs hold them. */
  values: Record<string, unknown>;
  raw: boolean;
  rawText: string;
}

export interface PublishValues {
  /** Destination ids, in the order they were chosen (the order of the request's publications). */
  selected: string[];
  /** By destination id; a draft outlives unchoosing its destination, so choosing it again keeps the input. */
  drafts: Record<string, PublishDraft>;
  audioInputId: string;
  startInstantly: boolean;
}

/** A form field's name: one of a draft's target fields, its raw text, or the audio input. */
export type PublishFieldName = `drafts.${string}.values.${string}` | `drafts.${string}.rawText` | 'audioInputId';

/** The publicationJson of a draft: the raw text when the expert view is on, else the form's non-empty values. */
export function draftJson(d: PublishDraft): string {
  if (d.raw) return d.rawText;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(d.values)) {
    if (v === '' || v === undefined || v === null || (Array.isArray(v) && v.length === 0)) continue;
    out[k] = v;
  }
  return JSON.stringify(out);
}

/** A new draft: the event's title where the target takes a title, a post text naming it. */
export function newDraft(kind: PublicationKind, event: Event, destination: MediaDestination): PublishDraft {
  const values: Record<string, unknown> = {};
  for (const f of targetFields(destination.target, kind)) {
    if (/_(title)$/.test(f.key)) values[f.key] = event.title.slice(0, f.maxLength ?? 255);
    if (f.key === 'mb_text') values[f.key] = `${kind === 'live' ? 'Live now' : 'Watch'}: ${event.title}`.slice(0, 280);
  }
  return { values, raw: false, rawText: '' };
}

const Draft = z.object({ values: z.record(z.string(), z.unknown()), raw: z.boolean(), rawText: z.string() });

/** The form's schema for these destinations: each chosen draft's fields as its target asks (a raw draft is the service's to check). */
export function publishSchema(kind: PublicationKind, destinations: readonly MediaDestination[]) {
  const byId = new Map(destinations.map((d) => [d.id, d]));
  return z
    .object({ selected: z.array(z.string()), drafts: z.record(z.string(), Draft), audioInputId: z.string(), startInstantly: z.boolean() })
    .superRefine((form, ctx) => {
      for (const id of form.selected) {
        const destination = byId.get(id);
        const draft = form.drafts[id];
        if (!destination || !draft || draft.raw) continue;
        for (const f of targetFields(destination.target, kind)) {
          const v = draft.values[f.key];
          const missing = f.required && !f.suppliedByDestination && (v === undefined || v === '');
          const why = missing ? `is required by ${targetName(destination.target)}` : checkTargetField(f, v);
          if (why) ctx.addIssue({ code: 'custom', path: ['drafts', id, 'values', f.key], message: `${f.label} ${why}` });
        }
      }
    });
}

/**
 * The service's 400 onto the form: `body.publications.<n>.publicationJson.<key>[.<i>]` on that key's
 * field of the nth chosen destination (on its raw text when the expert view is on, and for a
 * publicationJson that is no JSON), `…audioInputId` on the audio input; the rest for the alert.
 */
export function mapPublishErrors(errors: readonly FieldError[], selected: readonly string[], drafts: PublishValues['drafts']): MappedServerErrors<PublishFieldName> {
  const fields: { name: PublishFieldName; message: string }[] = [];
  const other: string[] = [];
  const put = (name: PublishFieldName, message: string) => {
    const existing = fields.find((f) => f.name === name);
    if (existing) existing.message = `${existing.message}; ${message}`;
    else fields.push({ name, message });
  };
  for (const { field, message } of errors) {
    const m = /^body\.publications\.(\d+)\.(audioInputId|publicationJson)(?:\.(\w+))?/.exec(field);
    const id = m ? selected[Number(m[1])] : undefined;
    if (!m || !id) other.push(`${field}: ${message}`);
    else if (m[2] === 'audioInputId') put('audioInputId', message);
    else if (drafts[id]?.raw) put(`drafts.${id}.rawText`, message);
    else if (m[3]) put(`drafts.${id}.values.${m[3]}`, message);
    else other.push(message);
  }
  return { fields, other };
}
