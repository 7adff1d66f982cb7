/**
 * Webhooks (service-interface.md "Webhook", "Webhooks", "Notification payload"; public-facts.md §5):
 * system-wide ones receive notifications for all events, event-specific ones for one event.
 */
import { z } from 'zod';
import { Guid, TEXT_MAX, Version } from '../common.ts';
import { EventState, Mp4State, ProvisionState } from './event.ts';
import { jsonText } from './json-text.ts';

/** One extra header sent with each call; name and value each at least 1 character. */
export const WebhookHeaderSchema = z.strictObject({ name: z.string().min(1), value: z.string().min(1) });
export type WebhookHeader = z.infer<typeof WebhookHeaderSchema>;

/** The content of additionalPropertiesJson: exactly one property, `headers` (required); no others. */
export const WebhookAdditionalProperties = z
  .strictObject({ headers: z.array(WebhookHeaderSchema) })
  .meta({ id: 'WebhookAdditionalProperties' });
export type WebhookAdditionalProperties = z.infer<typeof WebhookAdditionalProperties>;

/**
 * additionalPropertiesJson in a request: JSON text matching WebhookAdditionalProperties (400 otherwise).
 * Null, absent or empty text means no extra headers.
 */
export const AdditionalPropertiesJson = jsonText(WebhookAdditionalProperties, {
  allowEmpty: true,
  description: 'JSON text: {"headers": [{"name": "...", "value": "..."}]}; empty for none',
});

export const WebhookSchema = z
  .object({
    id: Guid,
    webhookUrl: z.string(),
    useHttpBasicAuthentication: z.boolean(),
    useJsonBody: z.boolean(),
    username: z.string().nullable(),
    /** Write-only: always null in an answer (passwordSet says whether one is stored). */
    password: z.string().nullable().describe('Write-only: always null in an answer; passwordSet says whether one is stored'),
    /** Beyond the interface: a password is stored for HTTP basic authentication. */
    passwordSet: z.boolean().describe('A password is stored for HTTP basic authentication (the password itself is never answered)'),
    additionalPropertiesJson: z.string().nullable(),
    version: Version,
  })
  .meta({ id: 'Webhook' });
export type Webhook = z.infer<typeof WebhookSchema>;

export const EventWebhookSchema = WebhookSchema.extend({ eventId: Guid }).meta({ id: 'EventWebhook' });
export type EventWebhook = z.infer<typeof EventWebhookSchema>;

const webhookFields = {
  webhookUrl: z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' }),
  useHttpBasicAuthentication: z.boolean().default(false),
  useJsonBody: z.boolean().default(false),
  username: z.string().max(TEXT_MAX.url).nullish(),
  password: z
    .string()
    .max(TEXT_MAX.url)
    .nullish()
    .describe('Write-only. Given (not empty): stored. Absent, null or empty: the stored one is kept. useHttpBasicAuthentication false forgets it'),
  additionalPropertiesJson: AdditionalPropertiesJson.nullish(),
};

/** Basic authentication needs a user name to authenticate with. */
function requireUsername(body: { useHttpBasicAuthentication: boolean; username?: string | null | undefined }, ctx: z.RefinementCtx): void {
  if (body.useHttpBasicAuthentication && !body.username) {
    ctx.addIssue({ code: 'custom', path: ['username'], message: 'a user name is required for HTTP basic authentication' });
  }
}

/** POST /webhook/: with an id it updates that webhook, otherwise it adds one. */
export const WebhookBody = z
  .object({ id: Guid.nullish(), ...webhookFields })
  .superRefine(requireUsername)
  .meta({ id: 'WebhookBody' });
export type WebhookBody = z.input<typeof WebhookBody>;

/** PUT /webhook/{id}: the body without id. */
export const WebhookUpdateBody = z.object(webhookFields).superRefine(requireUsername).meta({ id: 'WebhookUpdateBody' });
export type WebhookUpdateBody = z.input<typeof WebhookUpdateBody>;

/** POST /webook/event/: add or update an event-specific webhook. */
export const EventWebhookBody = z
  .object({ id: Guid.nullish(), eventId: Guid, ...webhookFields })
  .superRefine(requireUsername)
  .meta({ id: 'EventWebhookBody' });
export type EventWebhookBody = z.input<typeof EventWebhookBody>;

/** PUT /webhook/{id}/event/: the body with eventId, without id. */
export const EventWebhookUpdateBody = z
  .object({ eventId: Guid, ...webhookFields })
  .superRefine(requireUsername)
  .meta({ id: 'EventWebhookUpdateBody' });
export type EventWebhookUpdateBody = z.input<typeof EventWebhookUpdateBody>;

/** The request body that recreates a webhook as read (for edit forms); the id stays in the route. */
export function webhookToBody(webhook: Webhook): z.output<typeof WebhookUpdateBody> {
  return {
    webhookUrl: webhook.webhookUrl,
    useHttpBasicAuthentication: webhook.useHttpBasicAuthentication,
    useJsonBody: webhook.useJsonBody,
    username: webhook.username,
    // Write-only: left out, the stored password is kept.
    additionalPropertiesJson: webhook.additionalPropertiesJson,
  };
}

// ---- Notifications sent to a webhook -------------------------------------------------------------

export const WebhookAction = z.enum(['Added', 'Updated', 'Deleted', 'Restored']);
export type WebhookAction = z.infer<typeof WebhookAction>;

/** The notification as a JSON body (useJsonBody true): camelCase names, enumerations as their names. */
export const WebhookNotificationSchema = z
  .object({
    eventId: Guid,
    referenceId: z.string().nullable(),
    externalId: z.string().nullable(),
    state: EventState.nameSchema,
    stateChanged: z.boolean(),
    metadataChanged: z.boolean(),
    thumbnailChanged: z.boolean(),
    isForced: z.boolean(),
    audioChanged: z.boolean(),
    mp4State: Mp4State.nameSchema,
    mp4StateChanged: z.boolean(),
    chapterPointsChanged: z.boolean(),
    assetsChanged: z.boolean(),
    provisionState: ProvisionState.nameSchema.nullable().describe('null for an event without provisioning'),
    provisionStateChanged: z.boolean(),
    capturingLive2VodFlagChanged: z.boolean(),
    action: WebhookAction,
  })
  .meta({ id: 'WebhookNotification' });
export type WebhookNotification = z.infer<typeof WebhookNotificationSchema>;

/** A form boolean: .NET writes True/False. */
const FormBool = z
  .string()
  .regex(/^(true|false)$/i, 'expected true or false')
  .transform((v) => v.toLowerCase() === 'true');

/** A form enumeration: its integer value as text (names are accepted too), resolved to the number. */
function formEnum(e: typeof EventState | typeof Mp4State | typeof ProvisionState) {
  return z.string().transform((v, ctx) => {
    const parsed = e.input.safeParse(v);
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? `not a ${e.name}` });
    return z.NEVER;
  });
}

/**
 * The notification as POST parameters (useJsonBody false): PascalCase names, every value text.
 * Parsing resolves booleans and enumeration values to the same types as the JSON body's flags and
 * numbers, so that a receiver reads one shape whichever encoding the webhook uses.
 */
export const WebhookNotificationFormSchema = z.object({
  EventId: Guid,
  ReferenceId: z.string().max(TEXT_MAX.reference).default(''),
  ExternalId: z.string().max(TEXT_MAX.reference).default(''),
  State: formEnum(EventState),
  StateChanged: FormBool,
  MetadataChanged: FormBool,
  ThumbnailChanged: FormBool,
  IsForced: FormBool,
  AudioChanged: FormBool,
  Mp4State: formEnum(Mp4State),
  Mp4StateChanged: FormBool,
  ChapterPointsChanged: FormBool,
  AssetsChanged: FormBool,
  ProvisionState: z.union([z.literal(''), formEnum(ProvisionState)]).default(''),
  ProvisionStateChanged: FormBool,
  CapturingLive2VodFlagChanged: FormBool,
  Action: WebhookAction,
});
export type WebhookNotificationForm = z.input<typeof WebhookNotificationFormSchema>;

/** The field names of the form encoding, in the interface's order. */
export const WEBHOOK_FORM_FIELDS = Object.keys(WebhookNotificationFormSchema.shape) as (keyof WebhookNotificationForm)[];

/**
 * The form encoding of a notification (what is POSTed when useJsonBody is false): PascalCase
 * names, enumerations as their integer values, booleans as `true`/`false`.
 */
export function webhookNotificationToForm(n: WebhookNotification): Record<keyof WebhookNotificationForm, string> {
  const provision = n.provisionState === null ? '' : String(ProvisionState.values[n.provisionState]);
  return {
    EventId: n.eventId,
    ReferenceId: n.referenceId ?? '',
    ExternalId: n.externalId ?? '',
    State: String(EventState.values[n.state]),
    StateChanged: String(n.stateChanged),
    MetadataChanged: String(n.metadataChanged),
    ThumbnailChanged: String(n.thumbnailChanged),
    IsForced: String(n.isForced),
    AudioChanged: String(n.audioChanged),
    Mp4State: String(Mp4State.values[n.mp4State]),
    Mp4StateChanged: String(n.mp4StateChanged),
    ChapterPointsChanged: String(n.chapterPointsChanged),
    AssetsChanged: String(n.assetsChanged),
    ProvisionState: provision,
    ProvisionStateChanged: String(n.provisionStateChanged),
    CapturingLive2VodFlagChanged: String(n.capturingLive2VodFlagChanged),
    Action: n.action,
  };
}

// ---- Delivery log (beyond the interface) ---------------------------------------------------------

export const WebhookDeliveryStatus = z.enum(['pending', 'sending', 'delivered', 'failed']);
export type WebhookDeliveryStatus = z.infer<typeof WebhookDeliveryStatus>;

/** `change`: a change of an event; `test`: POST /webhook/{id}/test; `redelivery`: a delivery sent again on request. */
export const WebhookDeliveryKind = z.enum(['change', 'test', 'redelivery']);
export type WebhookDeliveryKind = z.infer<typeof WebhookDeliveryKind>;

/** One HTTP attempt of a delivery. */
export const WebhookAttemptSchema = z
  .object({
    id: Guid,
    deliveryId: Guid,
    attempt: z.number().int().describe('1 for the first attempt'),
    url: z.string(),
    startedAt: z.string().describe('ISO 8601'),
    latencyMs: z.number().int(),
    statusCode: z.number().int().nullable().describe('null when no HTTP answer came (refused address, network error, time-out)'),
    responseExcerpt: z.string().nullable().describe('the first 1 KB of the answer'),
    error: z.string().nullable(),
    outcome: z.enum(['delivered', 'retry', 'failed']),
    nextRetryAt: z.string().nullable(),
  })
  .meta({ id: 'WebhookAttempt' });
export type WebhookAttempt = z.infer<typeof WebhookAttemptSchema>;

/** One notification for one webhook, with every attempt made so far (oldest first). */
export const WebhookDeliverySchema = z
  .object({
    id: Guid.describe('sent as the X-ControlRoom-Delivery header: receivers de-duplicate on it'),
    webhookId: Guid,
    eventId: Guid.nullable(),
    seq: z.number().int().nullable().describe('the change (the change feed id); null for a test'),
    kind: WebhookDeliveryKind,
    redeliveryOf: Guid.nullable(),
    status: WebhookDeliveryStatus,
    attemptCount: z.number().int(),
    maxAttempts: z.number().int(),
    createdAt: z.string(),
    nextAttemptAt: z.string().nullable(),
    completedAt: z.string().nullable(),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    notification: WebhookNotificationSchema,
    attempts: z.array(WebhookAttemptSchema),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveryPageSchema = z
  .object({
    pageSize: z.number().int(),
    pageNumber: z.number().int(),
    totalCount: z.number().int(),
    results: z.array(WebhookDeliverySchema),
  })
  .meta({ id: 'WebhookDeliveryPage' });
export type WebhookDeliveryPage = z.infer<typeof WebhookDeliveryPageSchema>;

export const WebhookDeliveriesQuery = z.object({
  pageSize: z.number().int().min(1).max(200).default(20),
  pageNumber: z.number().int().min(1).default(1),
  status: WebhookDeliveryStatus.optional().describe('only the deliveries in this status'),
});
