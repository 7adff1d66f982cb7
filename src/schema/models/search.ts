/** Search results (service-interface.md "Search"; public-facts.md §3). Event search answers an EventCollection. */
import { z } from 'zod';
import { ChapterPointSchema } from './lookups.ts';

/** Note `totalResults`, where the event collection says `totalCount`. */
export const ChapterPointCollectionSchema = z
  .object({ pageSize: z.number().int(), totalResults: z.number().int(), results: z.array(ChapterPointSchema) })
  .meta({ id: 'ChapterPointCollection' });
export type ChapterPointCollection = z.infer<typeof ChapterPointCollectionSchema>;
