/** Words and small helpers the section definitions share. */
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import type { ApiError } from '#client';

export const cast = <T,>(options: unknown) => options as UseQueryOptions<T, ApiError, T, QueryKey>;
export const countOf = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString()} ${n === 1 ? one : many}`;
/** "1 event uses", "3 events use". */
export const eventsDo = (n: number, singular: string, plural: string) => `${countOf(n, 'event')} ${n === 1 ? singular : plural}`;
export const eventsLink = (param: string, value: string) => `/events?range=all&${param}=${encodeURIComponent(value)}`;

export const THIS_IS_FINAL = 'This cannot be undone.';
