/** How the property table names properties and counts them, in its rows, toasts and dialogs. */
import type { PropertyRow } from './property-source.ts';

export const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 13 } as const;

export const describeProperty = (p: { category: string; key: string }) => (p.category ? `${p.category} / ${p.key}` : p.key);

export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function idsOf(rows: readonly PropertyRow[]): Set<string> {
  return new Set(rows.map((r) => r.id));
}
