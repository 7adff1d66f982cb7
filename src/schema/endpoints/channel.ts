import { defineArea } from '../define.ts';

export const channel = defineArea('channel', {});
