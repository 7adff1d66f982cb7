import { defineArea } from '../define.ts';

export const propertyConfiguration = defineArea('propertyConfiguration', {});
