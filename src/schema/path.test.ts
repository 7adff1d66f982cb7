import { describe, expect, it } from 'vitest';
import { absolutePath, buildPath, pathParamNames, routerPath } from './path.ts';

describe('path templates', () => {
  it('finds parameters glued to literals and with hyphens', () => {
    expect(pathParamNames('/clientproperty/template{templateId}')).toEqual(['templateId']);
    expect(pathParamNames('/asset/sync/{event-id}')).toEqual(['event-id']);
    expect(pathParamNames('/event/{id}/externalupdate/{flag}')).toEqual(['id', 'flag']);
  });

  it('builds paths with percent-encoded values and keeps trailing slashes', () => {
    expect(buildPath('/event/{id}', { id: 'a/b c' })).toBe('/event/a%2Fb%20c');
    expect(buildPath('/eventtype/{id}/events/', { id: 'x' })).toBe('/eventtype/x/events/');
    expect(buildPath('/clientproperty/template{templateId}', { templateId: 'abc' })).toBe('/clientproperty/templateabc');
    expect(() => buildPath('/event/{id}', {})).toThrow(/id/);
  });

  it('serves paths written without a leading slash at the slashed path', () => {
    expect(absolutePath('archiverstream')).toBe('/archiverstream');
    expect(buildPath('media/destination/{id}', { id: '1' })).toBe('/media/destination/1');
  });

  it('maps template parameters to router-safe names and back', () => {
    expect(routerPath('/asset/sync/{event-id}')).toEqual({ url: '/asset/sync/:event_id', paramNames: { event_id: 'event-id' } });
    expect(routerPath('/clientproperty/template{templateId}').url).toBe('/clientproperty/template:templateId');
  });
});
