import { defineArea } from '../define.ts';

export const stats = defineArea('stats', {});
