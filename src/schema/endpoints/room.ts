import { defineArea } from '../define.ts';

export const room = defineArea('room', {});
