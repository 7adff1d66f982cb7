import { defineArea } from '../define.ts';

export const vodDownload = defineArea('vodDownload', {});
