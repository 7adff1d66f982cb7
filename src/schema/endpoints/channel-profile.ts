import { defineArea } from '../define.ts';

export const channelProfile = defineArea('channelProfile', {});
