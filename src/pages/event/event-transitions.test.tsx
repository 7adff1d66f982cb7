import { describe, expect, it } from 'vitest';
import type { EventStateName } from '#schema';
import { actionCopy } from './action-copy.ts';
import { eventActions } from './event-transitions.ts';

const ids = (state: EventStateName) => eventActions(state).map((a) => a.id);

describe('the live controls offered per state', () => {
  it('offers only what is valid from each state', () => {
    expect(ids('PRE_LIVE')).toEqual(['start']);
    expect(ids('LIVE_STARTING')).toEqual(['cancelStart', 'forceStop']);
    expect(ids('LIVE_UNPUBLISHED')).toEqual(['publish', 'suspend', 'stop', 'forceRestart', 'forceStop']);
    expect(ids('LIVE_PUBLISHED')).toEqual(['unpublish', 'suspend', 'stop', 'forceRestart', 'forceStop']);
    expect(ids('SUSPENDED')).toEqual(['resume', 'resumePublished', 'stop', 'forceStop']);
    expect(ids('LIVE_STOPPING')).toEqual(['forceStop']);
    for (const state of ['INSTANT_VOD', 'PRE_VOD', 'VOD_PUBLIC', 'COMPOSE_WAITING', 'VOD_ERROR'] as const) expect(ids(state)).toEqual([]);
    expect(eventActions(99)).toEqual([]);
  });

  it('asks for the target states, not waiting for the encoder to start or stop', () => {
    const [start] = eventActions('PRE_LIVE');
    expect(start?.request).toEqual({ kind: 'setState', target: 'LIVE_UNPUBLISHED', waitUntilCompleted: false });
    const stop = eventActions('LIVE_PUBLISHED').find((a) => a.id === 'stop');
    expect(stop?.request).toEqual({ kind: 'setState', target: 'STOPPED', waitUntilCompleted: false });
    const publish = eventActions('LIVE_UNPUBLISHED').find((a) => a.id === 'publish');
    expect(publish?.request).toEqual({ kind: 'setState', target: 'LIVE_PUBLISHED', waitUntilCompleted: true });
  });

  it('marks what ends or interrupts the stream as destructive', () => {
    const destructive = eventActions('LIVE_PUBLISHED').filter((a) => a.destructive).map((a) => a.id);
    expect(destructive).toEqual(['stop', 'forceRestart', 'forceStop']);
    expect(eventActions('PRE_LIVE')[0]?.destructive).toBe(false);
  });
});

describe('the confirmations', () => {
  const event = { title: 'Evening concert', channel: 'Main Stage HD' };

  it('say what will happen, to which event, on which channel', () => {
    expect(actionCopy('start', event).message).toBe('Start the encoder for ‘Evening concert’ on channel Main Stage HD. Viewers will not see it until you publish.');
    expect(actionCopy('stop', event).message).toMatch(/^Stop the encoder for ‘Evening concert’ on channel Main Stage HD\. The live stream ends for everyone/);
    expect(actionCopy('forceStop', event).message).toMatch(/without the safety checks/);
  });

  it('leave the channel out when the event has none', () => {
    expect(actionCopy('start', { title: 'Rehearsal', channel: null }).message).toBe('Start the encoder for ‘Rehearsal’. Viewers will not see it until you publish.');
  });
});
