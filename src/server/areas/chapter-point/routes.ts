import type { Implementation } from '../../http/implement.ts';

export const chapterPointRoutes: Implementation[] = [];
