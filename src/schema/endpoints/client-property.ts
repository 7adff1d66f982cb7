import { defineArea } from '../define.ts';

export const clientProperty = defineArea('clientProperty', {});
