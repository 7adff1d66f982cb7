import { defineArea } from '../define.ts';

export const archiverCapture = defineArea('archiverCapture', {});
