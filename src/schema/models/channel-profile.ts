/**
 * Channel profiles: the audio inputs applied to an event's encoder at start-up (service-interface.md
 * "Channel Profile"). One profile per event. Requests are PascalCase, responses camelCase.
 */
import { z } from 'zod';
import { Guid, TEXT_MAX, Version } from '../common.ts';

export const AudioInputSchema = z
  .object({ id: Guid, languageCode: z.string(), audioChannel: z.number().int(), audioEnabled: z.boolean() })
  .meta({ id: 'AudioInput' });
export type AudioInput = z.infer<typeof AudioInputSchema>;

/** Inputs are always returned ordered by audio channel. */
export const ChannelProfileSchema = z
  .object({ id: Guid, audioInputs: z.array(AudioInputSchema), version: Version })
  .meta({ id: 'ChannelProfile' });
export type ChannelProfile = z.infer<typeof ChannelProfileSchema>;

export const AudioInputBody = z
  .object({
    Id: Guid.nullish().describe('Optional; inputs are matched by id and by AudioChannel'),
    LanguageCode: z.string().trim().min(1).max(TEXT_MAX.code),
    AudioChannel: z.number().int().min(0),
    AudioEnabled: z.boolean().default(true),
  })
  .meta({ id: 'AudioInputBody' });
export type AudioInputBody = z.input<typeof AudioInputBody>;

/** Languages and audio channels must each be unique within a profile (else the service answers 400). */
export const AudioInputsBody = z.array(AudioInputBody).superRefine((inputs, ctx) => {
  const languages = new Map<string, number>();
  const channels = new Map<number, number>();
  inputs.forEach((input, index) => {
    const language = input.LanguageCode.toLowerCase();
    const firstLanguage = languages.get(language);
    if (firstLanguage === undefined) languages.set(language, index);
    else ctx.addIssue({ code: 'custom', path: [index, 'LanguageCode'], message: `language '${input.LanguageCode}' is already used by input ${firstLanguage} (AudioInputs.${firstLanguage})` });
    const firstChannel = channels.get(input.AudioChannel);
    if (firstChannel === undefined) channels.set(input.AudioChannel, index);
    else ctx.addIssue({ code: 'custom', path: [index, 'AudioChannel'], message: `audio channel ${input.AudioChannel} is already used by input ${firstChannel} (AudioInputs.${firstChannel})` });
  });
});

export const ChannelProfileCreateBody = z
  .object({ EventId: Guid, AudioInputs: AudioInputsBody })
  .meta({ id: 'ChannelProfileCreateBody' });
export type ChannelProfileCreateBody = z.input<typeof ChannelProfileCreateBody>;

export const ChannelProfileUpdateBody = z.object({ AudioInputs: AudioInputsBody }).meta({ id: 'ChannelProfileUpdateBody' });
export type ChannelProfileUpdateBody = z.input<typeof ChannelProfileUpdateBody>;

/** GET /channelprofile/clone/: copies the source event's profile to the target event. */
export const ChannelProfileCloneQuery = z.object({
  sourceEventId: Guid,
  targetEventId: Guid,
  removeSource: z.boolean().default(false).describe('Remove the profile from the source event'),
});

/** The request body that recreates a profile as read: what an edit form starts from. */
export function channelProfileToBody(profile: ChannelProfile): ChannelProfileUpdateBody {
  return {
    AudioInputs: profile.audioInputs.map((input) => ({
      Id: input.id,
      LanguageCode: input.languageCode,
      AudioChannel: input.audioChannel,
      AudioEnabled: input.audioEnabled,
    })),
  };
}
