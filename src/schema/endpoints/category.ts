import { defineArea } from '../define.ts';

export const category = defineArea('category', {});
