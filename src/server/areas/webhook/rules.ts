/**
 * What a webhook must satisfy beyond its schema (models/webhook.ts): headers the HTTP client can
 * really send and that do not overrule the service's own, a user name basic authentication can
 * carry, and an address the policy allows (address-policy.ts).
 */
import { parseJsonText, WebhookAdditionalProperties, type FieldError, type WebhookHeader } from '#schema';
import { validationError } from '../../http/errors.ts';
import { checkUrl, type AddressPolicy, type Resolver } from '../../outbound/address-policy.ts';

/** RFC 9110 token characters: what a header name may hold. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Visible characters, spaces and tabs: no line breaks (header injection) and no control characters. */
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\uffff]*$/;

/**
 * Headers the service sets itself. Authorization is reserved only while basic authentication is
 * on: otherwise it is how a receiver asks for a bearer token, which extra headers are for.
 */
const RESERVED = new Set(['host', 'content-length', 'content-type', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'te', 'trailer', 'expect']);
const OWN_PREFIX = 'x-controlroom-';

/** Longer URLs are refused by many servers and proxies (RFC 9110 recommends supporting 8000 octets; 2048 is what browsers and CDNs agree on). */
export const MAX_URL_LENGTH = 2048;
/** Extra headers per webhook, and the size of one: enough for tokens and signatures, small enough for any server to accept. */
export const MAX_HEADERS = 50;
export const MAX_HEADER_NAME_LENGTH = 256;
export const MAX_HEADER_VALUE_LENGTH = 4096;

/** The extra headers of a webhook; the text has passed its schema (or is empty). */
export function parseHeaders(additionalPropertiesJson: string | null | undefined): WebhookHeader[] {
  if (!additionalPropertiesJson || additionalPropertiesJson.trim() === '') return [];
  const parsed = parseJsonText(WebhookAdditionalProperties, additionalPropertiesJson);
  return parsed.success ? parsed.data.headers : [];
}

export interface WebhookInput {
  webhookUrl: string;
  useHttpBasicAuthentication: boolean;
  username?: string | null | undefined;
  additionalPropertiesJson?: string | null | undefined;
}

/** The problems of a webhook body that its schema cannot see (synchronous part). */
export function webhookFieldProblems(input: WebhookInput): FieldError[] {
  const problems: FieldError[] = [];
  if (input.webhookUrl.length > MAX_URL_LENGTH) {
    problems.push({ field: 'body.webhookUrl', message: `must be at most ${MAX_URL_LENGTH} characters (it has ${input.webhookUrl.length})` });
  }
  const url = new URL(input.webhookUrl);
  if (url.username || url.password) {
    problems.push({ field: 'body.webhookUrl', message: 'must not carry credentials: use username and password with useHttpBasicAuthentication' });
  }
  if (input.useHttpBasicAuthentication && input.username?.includes(':')) {
    problems.push({ field: 'body.username', message: 'must not contain ":" (HTTP basic authentication cannot carry it)' });
  }
  const seen = new Set<string>();
  const headers = parseHeaders(input.additionalPropertiesJson);
  if (headers.length > MAX_HEADERS) {
    problems.push({ field: 'body.additionalPropertiesJson', message: `headers: at most ${MAX_HEADERS} extra headers (there are ${headers.length})` });
  }
  headers.forEach(({ name, value }, i) => {
    const where = `headers[${i}]`;
    const lower = name.toLowerCase();
    let message: string | undefined;
    if (name.length > MAX_HEADER_NAME_LENGTH) message = `${where}.name: must be at most ${MAX_HEADER_NAME_LENGTH} characters`;
    else if (value.length > MAX_HEADER_VALUE_LENGTH) message = `${where}.value: must be at most ${MAX_HEADER_VALUE_LENGTH} characters`;
    else if (!TOKEN.test(name)) message = `${where}.name: "${name}" is not a valid HTTP header name (letters, digits and !#$%&'*+.^_\`|~- only)`;
    else if (!FIELD_VALUE.test(value)) message = `${where}.value: must not contain line breaks or control characters`;
    else if (RESERVED.has(lower) || lower.startsWith(OWN_PREFIX)) message = `${where}.name: ${name} is set by the service and cannot be sent as an extra header`;
    else if (lower === 'authorization' && input.useHttpBasicAuthentication) {
      message = `${where}.name: Authorization is set by HTTP basic authentication (turn useHttpBasicAuthentication off to send your own)`;
    } else if (seen.has(lower)) message = `${where}.name: ${name} is listed twice`;
    seen.add(lower);
    if (message) problems.push({ field: 'body.additionalPropertiesJson', message });
  });
  return problems;
}

/** Throws the 400 for every problem of the body, the address policy included. */
export async function checkWebhookInput(input: WebhookInput, policy: AddressPolicy, resolve: Resolver): Promise<void> {
  const problems = webhookFieldProblems(input);
  const refused = await checkUrl(new URL(input.webhookUrl), policy, resolve);
  if (refused) problems.unshift({ field: 'body.webhookUrl', message: refused });
  if (problems.length > 0) throw validationError(problems);
}
