import { defineArea } from '../define.ts';

export const destination = defineArea('destination', {});
