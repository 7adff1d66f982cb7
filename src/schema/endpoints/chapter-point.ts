import { defineArea } from '../define.ts';

export const chapterPoint = defineArea('chapterPoint', {});
