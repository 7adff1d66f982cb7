import { defineArea } from '../define.ts';

export const search = defineArea('search', {});
