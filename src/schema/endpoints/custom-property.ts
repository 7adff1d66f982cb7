import { defineArea } from '../define.ts';

export const customProperty = defineArea('customProperty', {});
