import { describe, expect, it } from 'vitest';
import { normalizeKeys } from '../normalize.ts';
import {
  AdditionalPropertiesJson,
  EventWebhookBody,
  WebhookAdditionalProperties,
  WebhookBody,
  WebhookNotificationFormSchema,
  WebhookNotificationSchema,
  webhookNotificationToForm,
  webhookToBody,
  WebhookUpdateBody,
  type WebhookNotification,
} from './webhook.ts';

const url = 'https://hooks.example.com/in';
const eventId = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';

describe('additionalPropertiesJson', () => {
  const accepts = (text: string) => AdditionalPropertiesJson.safeParse(text).success;

  it.each([
    ['one header', '{"headers":[{"name":"X-Token","value":"abc"}]}'],
    ['several headers', '{"headers":[{"name":"A","value":"1"},{"name":"B","value":"2"}]}'],
    ['no headers', '{"headers":[]}'],
    ['empty text (no extra headers)', ''],
  ])('accepts %s', (_, text) => {
    expect(accepts(text)).toBe(true);
  });

  it.each([
    ['text that is not JSON', '{headers: []}'],
    ['a missing headers property', '{}'],
    ['another property beside headers', '{"headers":[],"timeout":5}'],
    ['headers that is not an array', '{"headers":{"name":"A","value":"1"}}'],
    ['an empty header name', '{"headers":[{"name":"","value":"1"}]}'],
    ['an empty header value', '{"headers":[{"name":"A","value":""}]}'],
    ['a header without value', '{"headers":[{"name":"A"}]}'],
    ['an extra property on a header', '{"headers":[{"name":"A","value":"1","secret":true}]}'],
    ['a non-string value', '{"headers":[{"name":"A","value":1}]}'],
    ['a JSON array', '[]'],
  ])('rejects %s', (_, text) => {
    expect(accepts(text)).toBe(false);
  });

  it('reports the failing place inside the text on the field', () => {
    const result = WebhookBody.safeParse({ webhookUrl: url, additionalPropertiesJson: '{"headers":[{"name":"","value":"1"}]}' });
    expect(result.success).toBe(false);
    const issue = result.error?.issues[0];
    expect(issue?.path).toEqual(['additionalPropertiesJson']);
    expect(issue?.message).toMatch(/headers\[0\]\.name/);
  });

  it('is a strict object with exactly headers', () => {
    expect(WebhookAdditionalProperties.safeParse({ headers: [{ name: 'A', value: 'b' }] }).success).toBe(true);
    expect(WebhookAdditionalProperties.safeParse({ headers: [], other: 1 }).success).toBe(false);
  });
});

describe('webhook bodies', () => {
  it('accept a minimal body and apply defaults', () => {
    expect(WebhookBody.parse({ webhookUrl: url })).toEqual({ webhookUrl: url, useHttpBasicAuthentication: false, useJsonBody: false });
  });

  it('take http(s) URLs only', () => {
    expect(WebhookUpdateBody.safeParse({ webhookUrl: 'ftp://example.com/x' }).success).toBe(false);
    expect(WebhookUpdateBody.safeParse({ webhookUrl: 'not a url' }).success).toBe(false);
    expect(WebhookUpdateBody.safeParse({ webhookUrl: 'http://localhost:9000/hook' }).success).toBe(true);
  });

  it('need a user name for basic authentication', () => {
    const result = WebhookUpdateBody.safeParse({ webhookUrl: url, useHttpBasicAuthentication: true, password: 'p' });
    expect(result.error?.issues[0]?.path).toEqual(['username']);
    expect(WebhookUpdateBody.safeParse({ webhookUrl: url, useHttpBasicAuthentication: true, username: 'u', password: 'p' }).success).toBe(true);
  });

  it('event webhooks require the event id; any casing of field names binds', () => {
    expect(EventWebhookBody.safeParse({ webhookUrl: url }).success).toBe(false);
    const body = normalizeKeys(EventWebhookBody, { EventId: eventId, WebhookUrl: url, UseJsonBody: true });
    expect(EventWebhookBody.parse(body)).toMatchObject({ eventId, webhookUrl: url, useJsonBody: true });
  });

  it('an edit form starts from the webhook as read', () => {
    const webhook = {
      id: eventId,
      webhookUrl: url,
      useHttpBasicAuthentication: false,
      useJsonBody: true,
      username: null,
      password: null,
      passwordSet: true,
      additionalPropertiesJson: '{"headers":[]}',
    };
    expect(WebhookUpdateBody.parse(webhookToBody(webhook))).toEqual({ ...webhookToBody(webhook) });
    // Write-only: the body leaves the password out, so the stored one is kept.
    expect('password' in webhookToBody(webhook)).toBe(false);
  });
});

describe('notification payloads', () => {
  const notification: WebhookNotification = {
    eventId,
    referenceId: 'ref-1',
    externalId: null,
    state: 'LIVE_PUBLISHED',
    stateChanged: true,
    metadataChanged: false,
    thumbnailChanged: false,
    isForced: false,
    audioChanged: false,
    mp4State: 'NONE',
    mp4StateChanged: false,
    chapterPointsChanged: false,
    assetsChanged: false,
    provisionState: null,
    provisionStateChanged: false,
    capturingLive2VodFlagChanged: false,
    action: 'Updated',
  };

  it('the JSON body carries enumeration names', () => {
    expect(WebhookNotificationSchema.parse(notification).state).toBe('LIVE_PUBLISHED');
    expect(WebhookNotificationSchema.safeParse({ ...notification, state: 2 }).success).toBe(false);
    expect(WebhookNotificationSchema.safeParse({ ...notification, action: 'Created' }).success).toBe(false);
  });

  it('the form carries PascalCase names, enumeration values and text booleans', () => {
    const form = webhookNotificationToForm(notification);
    expect(form).toMatchObject({ EventId: eventId, State: '2', Mp4State: '0', StateChanged: 'true', ExternalId: '', ProvisionState: '', Action: 'Updated' });
    expect(WebhookNotificationFormSchema.parse(form)).toMatchObject({ State: 2, StateChanged: true, MetadataChanged: false });
  });

  it('a form receiver accepts .NET spellings (True, names)', () => {
    const form = { ...webhookNotificationToForm(notification), StateChanged: 'True', State: 'LIVE_PUBLISHED', ProvisionState: '3' };
    expect(WebhookNotificationFormSchema.parse(form)).toMatchObject({ State: 2, StateChanged: true, ProvisionState: 3 });
    expect(WebhookNotificationFormSchema.safeParse({ ...form, StateChanged: 'yes' }).success).toBe(false);
  });
});
