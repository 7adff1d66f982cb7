import { describe, expect, it } from 'vitest';
import { EventBody } from '#schema';
import { emptyEntry, parseDrm, serializeDrm } from './drm.ts';

describe('DrmJson in the structured editor', () => {
  it('opens empty text as no setting, and NONE and THIRDPARTY as a form', () => {
    expect(parseDrm('')).toEqual({ kind: 'empty' });
    expect(parseDrm(null)).toEqual({ kind: 'empty' });
    expect(parseDrm('{"drm_provider":"NONE"}')).toEqual({ kind: 'structured', config: { drm_provider: 'NONE' } });
    const thirdParty = { drm_provider: 'THIRDPARTY', drm_data: [emptyEntry('CENC'), { name: 'FAIRPLAY', key_id: 'k', key_iv: 'iv', laurl: 'https://lic' }] };
    expect(parseDrm(JSON.stringify(thirdParty))).toEqual({ kind: 'structured', config: thirdParty });
  });

  it('falls back to JSON for what the form would lose or cannot read', () => {
    expect(parseDrm('{not json').kind).toBe('raw');
    expect(parseDrm('{"drm_provider":"ACME"}').kind).toBe('raw');
    expect(parseDrm('{"drm_provider":"NONE","note":"keep me"}').kind).toBe('raw');
    expect(parseDrm('{"drm_provider":"THIRDPARTY","drm_data":[{"name":"CENC"}]}').kind).toBe('raw');
  });

  it('writes text the schema accepts, in the interface’s field order, and reads it back the same', () => {
    const config = { drm_provider: 'THIRDPARTY', drm_data: [{ ...emptyEntry('FAIRPLAY'), laurl: 'https://lic', key_id: 'a' }] };
    const text = serializeDrm(config);
    expect(text).toBe('{"drm_provider":"THIRDPARTY","drm_data":[{"name":"FAIRPLAY","key_id":"a","key_iv":"","laurl":"https://lic","ask":""}]}');
    expect(EventBody.shape.DrmJson.safeParse(text).success).toBe(true);
    expect(parseDrm(text)).toEqual({ kind: 'structured', config: JSON.parse(text) });
    // NONE carries no entries.
    expect(serializeDrm({ drm_provider: 'NONE', drm_data: [emptyEntry('CENC')] })).toBe('{"drm_provider":"NONE"}');
  });
});
