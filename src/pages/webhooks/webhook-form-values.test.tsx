import { describe, expect, it } from 'vitest';
import { WebhookUpdateBody } from '#schema';
import { formToBody, headersOf, mapWebhookServerErrors, newWebhookFormValues, webhookFormIssueMessage, WebhookFormSchema, webhookToFormValues } from './webhook-form-values.ts';

const valid = { ...newWebhookFormValues(), webhookUrl: 'https://hooks.example.com/in' };

function issues(values: unknown) {
  const result = WebhookFormSchema.safeParse(values, { error: webhookFormIssueMessage });
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

describe('the webhook form schema', () => {
  it('accepts a plain webhook and gives the body the service validates', () => {
    expect(issues(valid)).toEqual([]);
    const body = formToBody({ ...valid, headers: [{ name: 'X-Token', value: 'abc' }] });
    expect(body).toEqual({
      webhookUrl: 'https://hooks.example.com/in',
      useJsonBody: true,
      useHttpBasicAuthentication: false,
      username: null,
      password: null,
      additionalPropertiesJson: '{"headers":[{"name":"X-Token","value":"abc"}]}',
    });
    expect(WebhookUpdateBody.safeParse(body).success).toBe(true);
    expect(formToBody(valid).additionalPropertiesJson).toBeNull();
  });

  it('refuses what the service refuses: a URL that is not http(s), an empty header name or value, basic auth without a user', () => {
    // The schema module's own message (the service says the same).
    expect(issues({ ...valid, webhookUrl: 'ftp://x.example.com' })).toEqual([{ path: 'webhookUrl', message: 'expected an http(s) URL' }]);
    expect(issues({ ...valid, webhookUrl: '' })).toEqual([{ path: 'webhookUrl', message: 'expected an http(s) URL' }]);
    expect(issues({ ...valid, headers: [{ name: '', value: 'x' }, { name: 'X-B', value: '' }] })).toEqual([
      { path: 'headers.0.name', message: 'Enter a header name' },
      { path: 'headers.1.value', message: 'Enter a value' },
    ]);
    expect(issues({ ...valid, useHttpBasicAuthentication: true })).toEqual([{ path: 'username', message: 'Enter the user name to authenticate with' }]);
    expect(issues({ ...valid, scope: 'event' })).toEqual([{ path: 'eventId', message: 'Choose the event this webhook is for' }]);
  });

  it('flags a header name listed twice on the second row', () => {
    expect(issues({ ...valid, headers: [{ name: 'X-A', value: '1' }, { name: 'x-a', value: '2' }] })).toEqual([{ path: 'headers.1.name', message: 'x-a is already listed in row 1' }]);
  });

  it('reads a webhook back into rows, the user name but never a password (write-only)', () => {
    const values = webhookToFormValues({
      id: '3f0c1d8e-5b0a-4c4e-9d4f-1a2b3c4d5e6f',
      eventId: null,
      webhookUrl: 'https://h.example.com',
      useHttpBasicAuthentication: true,
      useJsonBody: false,
      username: 'u',
      password: null,
      passwordSet: true,
      additionalPropertiesJson: '{"headers":[{"name":"A","value":"1"}]}',
    });
    expect(values).toMatchObject({ scope: 'system', username: 'u', password: '', useJsonBody: false, headers: [{ name: 'A', value: '1' }] });
    expect(headersOf('not json')).toEqual([]);
    expect(headersOf(null)).toEqual([]);
  });
});

describe("the service's 400s on the form", () => {
  it('puts the address refusal on the URL and header problems on their row', () => {
    const mapped = mapWebhookServerErrors(
      [
        { field: 'body.webhookUrl', message: '127.0.0.1 is a loopback address, which webhooks may not call' },
        { field: 'body.additionalPropertiesJson', message: 'headers[1].name: Content-Type is set by the service and cannot be sent as an extra header' },
        { field: 'body.additionalPropertiesJson', message: 'headers[0].value: Too small: expected string to have >=1 characters' },
        { field: 'body.additionalPropertiesJson', message: 'headers: at most 50 extra headers (there are 51)' },
        { field: 'body.username', message: 'must not contain ":"' },
        { field: 'query.x', message: 'odd' },
      ],
      2,
    );
    expect(mapped.fields).toEqual([
      { name: 'webhookUrl', message: '127.0.0.1 is a loopback address, which webhooks may not call' },
      { name: 'headers.1.name', message: 'Content-Type is set by the service and cannot be sent as an extra header' },
      { name: 'headers.0.value', message: 'must have at least one character' },
      { name: 'headers', message: 'at most 50 extra headers (there are 51)' },
      { name: 'username', message: 'must not contain ":"' },
    ]);
    expect(mapped.other).toEqual(['query.x: odd']);
  });
});
