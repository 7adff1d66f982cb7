import { defineArea } from '../define.ts';

export const infrastructureProfile = defineArea('infrastructureProfile', {});
