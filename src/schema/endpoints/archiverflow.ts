import { defineArea } from '../define.ts';

export const archiverflow = defineArea('archiverflow', {});
