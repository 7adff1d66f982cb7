/** Custom properties on events and on chapter points; (category, key) is unique per owner. */
import { z } from 'zod';
import { Guid, TEXT_MAX, Version } from '../common.ts';

export const CustomPropertySchema = z
  .object({ id: Guid, key: z.string(), category: z.string(), value: z.string(), version: Version })
  .meta({ id: 'CustomProperty' });
export type CustomProperty = z.infer<typeof CustomPropertySchema>;

export const ChapterPointCustomPropertySchema = z
  .object({ id: Guid, key: z.string(), category: z.string(), value: z.string(), chapterPointId: Guid, version: Version })
  .meta({ id: 'ChapterPointCustomProperty' });
export type ChapterPointCustomProperty = z.infer<typeof ChapterPointCustomPropertySchema>;

// ---- Request bodies ---------------------------------------------------------------------------

/** The category may be empty; the key may not (the pair is what identifies a property). */
const Category = z.string().max(TEXT_MAX.key);
const Key = z.string().trim().min(1).max(TEXT_MAX.key);
const Value = z.string().max(TEXT_MAX.text);

/** POST /customproperty/: add, or update when customPropertyId is given or (category, key) exists. */
export const CustomPropertyBody = z
  .object({ customPropertyId: Guid.nullish(), eventId: Guid, category: Category, key: Key, value: Value })
  .meta({ id: 'CustomPropertyBody' });
export type CustomPropertyBody = z.infer<typeof CustomPropertyBody>;

/** One item of a bulk request; a null id is generated. */
export const CustomPropertyItemBody = z
  .object({ id: Guid.nullish(), category: Category, key: Key, value: Value })
  .meta({ id: 'CustomPropertyItemBody' });
export type CustomPropertyItemBody = z.infer<typeof CustomPropertyItemBody>;

export const CustomPropertyBulkBody = z.array(CustomPropertyItemBody);

/** POST /chapterpoint/customproperty/: the id is required to update a specific property. */
export const ChapterPointCustomPropertyBody = z
  .object({
    id: Guid.nullish(),
    chapterPointId: Guid,
    category: Category,
    key: Key,
    value: Value,
    refreshIndex: z.boolean().optional(),
  })
  .meta({ id: 'ChapterPointCustomPropertyBody' });
export type ChapterPointCustomPropertyBody = z.infer<typeof ChapterPointCustomPropertyBody>;
