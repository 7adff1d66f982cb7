import { defineArea } from '../define.ts';

export const archiverStream = defineArea('archiverStream', {});
