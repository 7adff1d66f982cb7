import { defineArea } from '../define.ts';

export const mediaDestinationProperty = defineArea('mediaDestinationProperty', {});
