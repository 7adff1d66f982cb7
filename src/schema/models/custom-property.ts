/** Custom properties on events and on chapter points; (category, key) is unique per owner. */
import { z } from 'zod';
import { Guid } from '../common.ts';

export const CustomPropertySchema = z
  .object({ id: Guid, key: z.string(), category: z.string(), value: z.string() })
  .meta({ id: 'CustomProperty' });
export type CustomProperty = z.infer<typeof CustomPropertySchema>;

export const ChapterPointCustomPropertySchema = z
  .object({ id: Guid, key: z.string(), category: z.string(), value: z.string(), chapterPointId: Guid })
  .meta({ id: 'ChapterPointCustomProperty' });
export type ChapterPointCustomProperty = z.infer<typeof ChapterPointCustomPropertySchema>;
