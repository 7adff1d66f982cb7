import { describe, expect, it } from 'vitest';
import { normalizeKeys } from '../normalize.ts';
import { channelProfileToBody, ChannelProfileCreateBody, ChannelProfileUpdateBody } from './channel-profile.ts';

const eventId = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';

describe('channel profile bodies', () => {
  it('are PascalCase; any casing binds', () => {
    const raw = { eventId, audioInputs: [{ languageCode: 'en', audioChannel: 1 }] };
    expect(ChannelProfileCreateBody.parse(normalizeKeys(ChannelProfileCreateBody, raw))).toEqual({
      EventId: eventId,
      AudioInputs: [{ LanguageCode: 'en', AudioChannel: 1, AudioEnabled: true }],
    });
  });

  it('reject a language or an audio channel used twice', () => {
    const result = ChannelProfileUpdateBody.safeParse({
      AudioInputs: [
        { LanguageCode: 'en', AudioChannel: 1 },
        { LanguageCode: 'EN', AudioChannel: 2 },
        { LanguageCode: 'nl', AudioChannel: 1 },
      ],
    });
    expect(result.error?.issues.map((i) => i.path)).toEqual([
      ['AudioInputs', 1, 'LanguageCode'],
      ['AudioInputs', 2, 'AudioChannel'],
    ]);
  });

  it('an edit form starts from the profile as read', () => {
    const profile = { id: eventId, audioInputs: [{ id: eventId, languageCode: 'en', audioChannel: 0, audioEnabled: false }] };
    expect(ChannelProfileUpdateBody.parse(channelProfileToBody(profile))).toEqual({
      AudioInputs: [{ Id: eventId, LanguageCode: 'en', AudioChannel: 0, AudioEnabled: false }],
    });
  });
});
