import { defineArea } from '../define.ts';

export const vodPublication = defineArea('vodPublication', {});
