import { defineArea } from '../define.ts';

export const directVodPublication = defineArea('directVodPublication', {});
