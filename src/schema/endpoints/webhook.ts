import { defineArea } from '../define.ts';

export const webhook = defineArea('webhook', {});
