import { defineArea } from '../define.ts';

export const asset = defineArea('asset', {});
