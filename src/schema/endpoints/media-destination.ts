import { defineArea } from '../define.ts';

export const mediaDestination = defineArea('mediaDestination', {});
