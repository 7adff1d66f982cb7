import { describe, expect, it } from 'vitest';
import { normalizeKeys } from '../normalize.ts';
import { ComposePlaylistSchema, EncoderPlaylistBody, StandardComposeBody, StandardPlaylistBody } from './compose.ts';

const eventId = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';
const eventItem = { type: 0, value: eventId, properties: {} };
const mp4Item = { type: 1, value: 'https://media.example.com/clip.mp4', properties: { custom: 'kept' } };

describe('standard playlists', () => {
  it('take EVENT items only', () => {
    expect(StandardPlaylistBody.safeParse({ name: 'P', items: [eventItem] }).success).toBe(true);
    const result = StandardPlaylistBody.safeParse({ name: 'P', items: [eventItem, mp4Item] });
    expect(result.error?.issues[0]?.path).toEqual(['items', 1, 'type']);
  });

  it('an EVENT item takes an event id', () => {
    expect(StandardPlaylistBody.safeParse({ name: 'P', items: [{ ...eventItem, value: 'nope' }] }).success).toBe(false);
  });

  it('check the known properties and keep the others as sent', () => {
    const properties = { start: '00:00:10.000', end: '2025-01-01T10:00:00Z', frameAccurate: true, Custom_Thing: { a: 1 } };
    const raw = { name: 'P', items: [{ ...eventItem, properties }] };
    const parsed = StandardPlaylistBody.parse(normalizeKeys(StandardPlaylistBody, raw));
    expect(parsed.items[0]?.properties).toEqual(properties);
    const bad = StandardPlaylistBody.safeParse({ name: 'P', items: [{ ...eventItem, properties: { start: 'soon' } }] });
    expect(bad.error?.issues[0]?.path).toEqual(['items', 0, 'properties', 'start']);
  });

  it('take markers', () => {
    const markers = [{ startAt: '00:01:00.000', duration: '00:00:30', frameAccurate: null, type: 1 }];
    expect(StandardPlaylistBody.safeParse({ name: 'P', items: [{ ...eventItem, markers }] }).success).toBe(true);
    expect(StandardPlaylistBody.safeParse({ name: 'P', items: [{ ...eventItem, markers: [{ ...markers[0], type: 2 }] }] }).success).toBe(false);
    expect(StandardPlaylistBody.safeParse({ name: 'P', items: [{ ...eventItem, markers: [{ ...markers[0], duration: '30s' }] }] }).success).toBe(false);
  });

  it('the standard event keeps the spelling setPrivateAFterGeneration', () => {
    const body = {
      event: { workflowId: eventId, title: 'Best of', setPrivateAfterGeneration: true },
      playlist: { name: 'P', liveStreamStart: null, items: [eventItem] },
    };
    const parsed = StandardComposeBody.parse(normalizeKeys(StandardComposeBody, body));
    expect(parsed.event.setPrivateAFterGeneration).toBe(true);
    expect(parsed.event).not.toHaveProperty('setPrivateAfterGeneration');
  });
});

describe('encoder playlists', () => {
  it('take EVENT and DIRECT_FULL_MP4 items, not DIRECT_DREF_MP4', () => {
    expect(EncoderPlaylistBody.safeParse({ name: 'E', looped: true, items: [eventItem, mp4Item] }).success).toBe(true);
    expect(EncoderPlaylistBody.safeParse({ name: 'E', items: [{ ...mp4Item, type: 2 }] }).success).toBe(false);
  });

  it('a DIRECT_FULL_MP4 item takes an http(s) URL', () => {
    expect(EncoderPlaylistBody.safeParse({ name: 'E', items: [{ ...mp4Item, value: eventId }] }).success).toBe(false);
  });

  it('do not support markers', () => {
    const markers = [{ startAt: '00:01:00', duration: '00:00:30', frameAccurate: null, type: 0 }];
    expect(EncoderPlaylistBody.safeParse({ name: 'E', items: [{ ...eventItem, markers }] }).success).toBe(false);
    expect(EncoderPlaylistBody.safeParse({ name: 'E', items: [{ ...eventItem, markers: [] }] }).success).toBe(true);
  });
});

it('a playlist as read keeps item properties as returned', () => {
  const playlist = { id: eventId, name: 'P', looped: false, liveStreamStart: null, items: [{ ...mp4Item, markers: null }] };
  expect(ComposePlaylistSchema.parse(playlist).items[0]?.properties).toEqual({ custom: 'kept' });
});
