import { defineArea } from '../define.ts';

export const event = defineArea('event', {});
