import { defineArea } from '../define.ts';

export const xflow = defineArea('xflow', {});
