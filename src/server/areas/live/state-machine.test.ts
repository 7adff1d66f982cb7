import { describe, expect, it } from 'vitest';
import { EventState } from '#schema';
import {
  allowedTargets,
  canRequest,
  EVENT_STATE_TRANSITIONS,
  passesThrough,
  transitionKind,
} from '#schema/models/event-states.ts';
import { directStamps, publishStamps, resetStamps, startedStamps, stoppedStamps, transitionRefused } from './state-machine.ts';

const at = (minutes: number) => new Date(Date.UTC(2026, 0, 15, 12, minutes));
const none = { actualLiveStart: null, actualLiveEnd: null, publishedStart: null, publishedEnd: null, instantVodStart: null, instantVodEnd: null };

describe('the transition table', () => {
  it('covers every state and names only known states', () => {
    expect(Object.keys(EVENT_STATE_TRANSITIONS).sort()).toEqual([...EventState.names].sort());
    for (const targets of Object.values(EVENT_STATE_TRANSITIONS)) {
      for (const t of targets) expect(EventState.names).toContain(t);
    }
  });

  it('never offers the transitional states, which the service passes through on its own', () => {
    for (const targets of Object.values(EVENT_STATE_TRANSITIONS)) {
      expect(targets).not.toContain('LIVE_STARTING');
      expect(targets).not.toContain('LIVE_STOPPING');
    }
  });

  it('follows the documented live lifecycle', () => {
    expect(allowedTargets('PRE_LIVE')).toEqual(['LIVE_UNPUBLISHED', 'LIVE_PUBLISHED']);
    expect(allowedTargets(EventState.values.LIVE_UNPUBLISHED)).toEqual(['LIVE_PUBLISHED', 'SUSPENDED', 'STOPPED']);
    expect(allowedTargets('SUSPENDED')).toEqual(['LIVE_UNPUBLISHED', 'LIVE_PUBLISHED', 'STOPPED']);
    expect(allowedTargets('INSTANT_VOD')).toEqual(['INSTANT_VOD_BACKUP', 'INSTANT_VOD_DELETE', 'PRE_LIVE']);
    expect(allowedTargets('INSTANT_VOD_DELETE')).toEqual([]);
    expect(allowedTargets('VOD_INGESTING')).toEqual(['VOD_PRIVATE', 'VOD_PUBLIC', 'VOD_ERROR']);
    expect(allowedTargets('COMPOSE_GENERATING')).toEqual(['COMPOSE_PRIVATE', 'COMPOSE_PUBLIC', 'COMPOSE_ERROR']);
    expect(allowedTargets('ARCHIVER_PRIVATE')).toEqual(['ARCHIVER_PUBLIC']);
    expect(allowedTargets(99)).toEqual([]);
    expect(canRequest('PRE_LIVE', 'STOPPED')).toBe(false);
    expect(canRequest(EventState.values.VOD_PUBLIC, EventState.values.VOD_PRIVATE)).toBe(true);
  });

  it('says which requests go through the encoder', () => {
    expect(transitionKind('PRE_LIVE', 'LIVE_PUBLISHED')).toBe('start');
    expect(passesThrough('PRE_LIVE', 'LIVE_UNPUBLISHED')).toBe('LIVE_STARTING');
    expect(transitionKind('LIVE_STARTING', 'LIVE_PUBLISHED')).toBe('start');
    expect(transitionKind('SUSPENDED', 'STOPPED')).toBe('stop');
    expect(passesThrough('LIVE_PUBLISHED', 'STOPPED')).toBe('LIVE_STOPPING');
    expect(transitionKind('LIVE_UNPUBLISHED', 'LIVE_PUBLISHED')).toBe('direct');
    expect(passesThrough('INSTANT_VOD', 'PRE_LIVE')).toBeNull();
  });

  it('refuses with the allowed states in the message and the data', () => {
    const error = transitionRefused(EventState.values.PRE_LIVE, EventState.values.STOPPED);
    expect(error.status).toBe(400);
    expect(error.message).toContain('cannot change from PRE_LIVE to STOPPED');
    expect(error.message).toContain('allowed from PRE_LIVE: LIVE_UNPUBLISHED, LIVE_PUBLISHED');
    expect(error.data).toMatchObject({ fields: [{ field: 'body.state' }], allowedStates: ['LIVE_UNPUBLISHED', 'LIVE_PUBLISHED'] });
    const final = transitionRefused(EventState.values.INSTANT_VOD_DELETE, EventState.values.PRE_LIVE);
    expect(final.message).toContain('no state can be requested from INSTANT_VOD_DELETE');
  });
});

describe('stamps', () => {
  it('start the run and publish it when the start goes straight to LIVE_PUBLISHED', () => {
    expect(startedStamps(none, EventState.values.LIVE_UNPUBLISHED, at(1), false)).toEqual({ actualLiveStart: at(1), actualLiveEnd: null });
    expect(startedStamps(none, EventState.values.LIVE_PUBLISHED, at(1), false)).toMatchObject({ actualLiveStart: at(1), publishedStart: at(1), publishedEnd: null });
  });

  it('keep the first start of the run on a force restart', () => {
    const live = { ...none, actualLiveStart: at(0), publishedStart: at(2) };
    expect(startedStamps(live, EventState.values.LIVE_PUBLISHED, at(30), true)).toMatchObject({ actualLiveStart: at(0), publishedStart: at(2) });
  });

  it('keep the first publication of a run and replace one of an earlier run', () => {
    expect(publishStamps({ ...none, actualLiveStart: at(0), publishedStart: at(5), publishedEnd: at(6) }, at(9))).toEqual({ publishedStart: at(5), publishedEnd: null });
    expect(publishStamps({ ...none, actualLiveStart: at(10), publishedStart: at(5) }, at(12))).toEqual({ publishedStart: at(12), publishedEnd: null });
  });

  it('end the run, the publication and default the instant VOD window to the whole stream', () => {
    const published = { ...none, actualLiveStart: at(0), publishedStart: at(1) };
    expect(stoppedStamps(published, at(40))).toEqual({ actualLiveEnd: at(40), publishedEnd: at(40), instantVodStart: at(0), instantVodEnd: at(40) });
    const trimmed = { ...none, actualLiveStart: at(0), instantVodStart: at(5), instantVodEnd: at(20) };
    expect(stoppedStamps(trimmed, at(40))).toEqual({ actualLiveEnd: at(40), instantVodStart: at(5), instantVodEnd: at(20) });
  });

  it('of direct changes: publishing, unpublishing, and removing the publishing point', () => {
    const S = EventState.values;
    const live = { ...none, actualLiveStart: at(0) };
    expect(directStamps(live, S.LIVE_UNPUBLISHED, S.LIVE_PUBLISHED, at(3))).toEqual({ publishedStart: at(3), publishedEnd: null });
    expect(directStamps(live, S.LIVE_PUBLISHED, S.SUSPENDED, at(4))).toEqual({ publishedEnd: at(4) });
    expect(directStamps(live, S.INSTANT_VOD, S.PRE_LIVE, at(5))).toEqual(resetStamps());
    expect(directStamps(live, S.VOD_PRIVATE, S.VOD_PUBLIC, at(5))).toEqual({});
  });
});
