import { defineArea } from '../define.ts';

export const archiverPlayoutProfile = defineArea('archiverPlayoutProfile', {});
