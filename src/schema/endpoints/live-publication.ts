import { defineArea } from '../define.ts';

export const livePublication = defineArea('livePublication', {});
