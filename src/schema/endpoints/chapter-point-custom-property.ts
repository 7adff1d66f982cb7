import { defineArea } from '../define.ts';

export const chapterPointCustomProperty = defineArea('chapterPointCustomProperty', {});
