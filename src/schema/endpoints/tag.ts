import { defineArea } from '../define.ts';

export const tag = defineArea('tag', {});
