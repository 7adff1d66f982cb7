/**
 * The webhook form: its values, the schema that checks them (built from the schema module's own
 * pieces, so the form refuses what the service refuses: an http(s) URL, headers with a name and a
 * value of at least one character, a user name for basic authentication), the request bodies it
 * makes, and the service's 400s mapped back onto its fields, header rows included.
 */
import { z } from 'zod';
import {
  Guid,
  WebhookHeaderSchema,
  WebhookUpdateBody,
  parseJsonText,
  WebhookAdditionalProperties,
  type EventWebhookUpdateBody,
  type FieldError,
  type Webhook,
  type WebhookUpdateBody as WebhookUpdateBodyInput,
} from '#schema';

export type WebhookScope = 'system' | 'event';

export interface WebhookFormValues {
  scope: WebhookScope;
  /** The event of an event-specific webhook; null while none is chosen (or for a system-wide one). */
  eventId: string | null;
  webhookUrl: string;
  useJsonBody: boolean;
  useHttpBasicAuthentication: boolean;
  username: string;
  password: string;
  headers: { name: string; value: string }[];
}

/** The form's field paths a message can land on. */
export type WebhookFormField = 'eventId' | 'webhookUrl' | 'username' | 'password' | 'useJsonBody' | 'useHttpBasicAuthentication' | `headers.${number}.name` | `headers.${number}.value` | 'headers';

const fields = WebhookUpdateBody.shape;

/** The form's schema: the body's own field schemas, headers as rows instead of JSON text. */
export const WebhookFormSchema = z
  .object({
    scope: z.enum(['system', 'event']),
    eventId: Guid.nullable(),
    webhookUrl: fields.webhookUrl,
    useJsonBody: z.boolean(),
    useHttpBasicAuthentication: z.boolean(),
    username: z.string(),
    password: z.string(),
    headers: z.array(WebhookHeaderSchema),
  })
  .superRefine((values, ctx) => {
    if (values.scope === 'event' && !values.eventId) ctx.addIssue({ code: 'custom', path: ['eventId'], message: 'Choose the event this webhook is for' });
    if (values.useHttpBasicAuthentication && values.username === '') {
      ctx.addIssue({ code: 'custom', path: ['username'], message: 'Enter the user name to authenticate with' });
    }
    const seen = new Map<string, number>();
    values.headers.forEach((header, index) => {
      const key = header.name.trim().toLowerCase();
      if (key === '') return;
      const first = seen.get(key);
      if (first !== undefined) ctx.addIssue({ code: 'custom', path: ['headers', index, 'name'], message: `${header.name} is already listed in row ${first + 1}` });
      else seen.set(key, index);
    });
  });

/** Messages in the form's words for zod's generic issues. */
export const webhookFormIssueMessage: z.core.$ZodErrorMap = (issue) => {
  const path = issue.path ?? [];
  const last = path[path.length - 1];
  if (issue.code === 'too_small' && path[0] === 'headers') return last === 'name' ? 'Enter a header name' : 'Enter a value';
  if (issue.code === 'invalid_type' && path[0] === 'eventId') return 'Choose the event this webhook is for';
  return undefined;
};

/** Messages as the form shows them: a capital first letter ("expected an http(s) URL" -> "Expected an http(s) URL"). */
export function formMessage(message: string): string {
  return message.charAt(0).toUpperCase() + message.slice(1);
}

export function newWebhookFormValues(eventId: string | null = null): WebhookFormValues {
  return {
    scope: eventId ? 'event' : 'system',
    eventId,
    webhookUrl: '',
    useJsonBody: true,
    useHttpBasicAuthentication: false,
    username: '',
    password: '',
    headers: [],
  };
}

/** The extra headers of a webhook, as rows (none when the text is empty or unreadable). */
export function headersOf(additionalPropertiesJson: string | null | undefined): { name: string; value: string }[] {
  if (!additionalPropertiesJson || additionalPropertiesJson.trim() === '') return [];
  const parsed = parseJsonText(WebhookAdditionalProperties, additionalPropertiesJson);
  return parsed.success ? parsed.data.headers.map((h) => ({ name: h.name, value: h.value })) : [];
}

export function webhookToFormValues(webhook: Webhook & { eventId?: string | null }): WebhookFormValues {
  return {
    scope: webhook.eventId ? 'event' : 'system',
    eventId: webhook.eventId ?? null,
    webhookUrl: webhook.webhookUrl,
    useJsonBody: webhook.useJsonBody,
    useHttpBasicAuthentication: webhook.useHttpBasicAuthentication,
    username: webhook.username ?? '',
    // Write-only: the service never answers it; left empty, the stored one is kept.
    password: '',
    headers: headersOf(webhook.additionalPropertiesJson),
  };
}

/** The body fields every webhook operation takes. Empty credentials are sent as null (an empty password keeps the stored one); no headers as no JSON at all. */
export function formToBody(values: WebhookFormValues): WebhookUpdateBodyInput {
  return {
    webhookUrl: values.webhookUrl.trim(),
    useJsonBody: values.useJsonBody,
    useHttpBasicAuthentication: values.useHttpBasicAuthentication,
    username: values.username === '' ? null : values.username,
    password: values.password === '' ? null : values.password,
    additionalPropertiesJson: values.headers.length > 0 ? JSON.stringify({ headers: values.headers.map((h) => ({ name: h.name, value: h.value })) }) : null,
  };
}

export function formToEventBody(values: WebhookFormValues): EventWebhookUpdateBody {
  return { ...formToBody(values), eventId: values.eventId ?? '' };
}

export interface MappedWebhookErrors {
  fields: { name: WebhookFormField; message: string }[];
  /** What no field can show. */
  other: string[];
}

const BODY_FIELDS: Record<string, WebhookFormField> = {
  webhookurl: 'webhookUrl',
  username: 'username',
  password: 'password',
  eventid: 'eventId',
  usejsonbody: 'useJsonBody',
  usehttpbasicauthentication: 'useHttpBasicAuthentication',
};

/** "Too small: expected string to have >=1 characters" and friends, in words. */
function readable(message: string): string {
  if (/expected string to have >=1 characters/.test(message)) return 'must have at least one character';
  return message;
}

/**
 * The service's field errors on the form: `body.webhookUrl` on the URL (the address policy's
 * refusal too), `body.additionalPropertiesJson` messages of the form `headers[2].value: ...` on
 * that row's field, anything else about the headers above the rows.
 */
export function mapWebhookServerErrors(errors: readonly FieldError[], headerCount: number): MappedWebhookErrors {
  const result: MappedWebhookErrors = { fields: [], other: [] };
  const add = (name: WebhookFormField, message: string) => {
    const existing = result.fields.find((f) => f.name === name);
    if (existing) existing.message = `${existing.message}; ${message}`;
    else result.fields.push({ name, message });
  };
  for (const error of errors) {
    const [part, top] = error.field.split('.');
    const key = part === 'body' && top ? top.toLowerCase() : undefined;
    if (key === 'additionalpropertiesjson') {
      const row = /^headers\[(\d+)\]\.(name|value):\s*(.*)$/s.exec(error.message);
      if (row && Number(row[1]) < headerCount) add(`headers.${Number(row[1])}.${row[2] as 'name' | 'value'}`, readable(row[3]!));
      else add('headers', readable(error.message.replace(/^headers:\s*/, '')));
    } else if (key && BODY_FIELDS[key]) {
      add(BODY_FIELDS[key], readable(error.message));
    } else {
      result.other.push(`${error.field}: ${error.message}`);
    }
  }
  return result;
}
