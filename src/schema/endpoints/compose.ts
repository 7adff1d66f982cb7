import { defineArea } from '../define.ts';

export const compose = defineArea('compose', {});
