/**
 * Adding or updating custom properties, of events and of chapter points alike: one value per
 * (category, key) per owner (service-interface.md "Limits"). Planned in memory first, so a request
 * with one bad item writes nothing and every bad item is reported at once.
 *
 * Items are applied in request order:
 * - with an id of the owner's property: that property is updated (category and key may change);
 * - without an id: the property of the same (category, key) is updated, else one is added with a
 *   generated id ("re-sending the pair updates the value").
 * An item is refused when its id names no property of the owner (a property of another owner of
 * the same client says so; an id nobody uses and one of another client answer the same words, so
 * that a write cannot tell whether another client has it: ids are keys of the whole table, and
 * adding with a given id would tell), when two items name the same property or the same pair, or
 * when it would give a property a pair another one holds.
 */
import { randomUUID } from 'node:crypto';
import type { FieldError } from '#schema';

export interface PropertyItem {
  id?: string | null;
  category: string;
  key: string;
  value: string;
}

export interface StoredProperty {
  id: string;
  category: string;
  key: string;
  value: string;
  /** As read (a property just written has its new version only once read again). */
  version?: number;
}

export interface PropertyPlan {
  /** Changed properties, in the order they must be written (a pair freed by one may be taken by the next). */
  updates: StoredProperty[];
  /** New properties; written after the updates. */
  inserts: StoredProperty[];
  /** The property each item ended as, in request order. */
  written: StoredProperty[];
  errors: FieldError[];
}

export interface PlanOptions {
  /** The field path of an item's field, such as `body.2.key` or `body.propertyModels.0.id`. */
  field: (index: number, name: 'id' | 'key') => string;
  /** Ids of the items that are properties of another owner of the same client (never another client's). */
  elsewhere: ReadonlySet<string>;
  /** "custom property" or "chapter point custom property", for messages. */
  noun?: string;
  /** What owns the properties: "event" or "chapter point", for messages. */
  owner?: string;
}

const pairOf = (p: { category: string; key: string }) => JSON.stringify([p.category, p.key]);
const describePair = (p: { category: string; key: string }) => `category "${p.category}" and key "${p.key}"`;

/** The ids among `items` that an owner with `existing` properties does not hold: to look up among the client's own (`elsewhere`). */
export function foreignIds(existing: readonly StoredProperty[], items: readonly PropertyItem[]): string[] {
  const own = new Set(existing.map((p) => p.id));
  return [...new Set(items.map((i) => i.id).filter((id): id is string => !!id && !own.has(id)))];
}

export function planPropertyWrites(existing: readonly StoredProperty[], items: readonly PropertyItem[], options: PlanOptions): PropertyPlan {
  const noun = options.noun ?? 'custom property';
  const owner = options.owner ?? 'event';
  const original = new Map(existing.map((p) => [p.id, p]));
  const current = new Map(existing.map((p) => [p.id, { ...p }]));
  const byPair = new Map(existing.map((p) => [pairOf(p), p.id]));
  const itemOfId = new Map<string, number>();
  const itemOfPair = new Map<string, number>();
  const touched: string[] = [];
  const writtenIds: string[] = [];
  const errors: FieldError[] = [];

  items.forEach((item, index) => {
    const pair = pairOf(item);
    const samePair = itemOfPair.get(pair);
    if (samePair !== undefined) {
      errors.push({ field: options.field(index, 'key'), message: `${describePair(item)} are already given by item ${samePair}` });
      return;
    }
    itemOfPair.set(pair, index);

    let id: string;
    if (item.id) {
      id = item.id.toLowerCase();
      if (!current.has(id)) {
        errors.push({
          field: options.field(index, 'id'),
          message: options.elsewhere.has(id) ? `is the id of a ${noun} of another ${owner}` : `there is no ${noun} with this id: leave the id out to add one`,
        });
        return;
      }
    } else {
      id = byPair.get(pair) ?? randomUUID();
    }
    const sameId = itemOfId.get(id);
    if (sameId !== undefined) {
      // Only an explicit id can name a property an earlier item wrote: a pair would have clashed above.
      errors.push({ field: options.field(index, 'id'), message: `names the same ${noun} as item ${sameId}` });
      return;
    }
    const holder = byPair.get(pair);
    if (holder !== undefined && holder !== id) {
      errors.push({ field: options.field(index, 'key'), message: `${describePair(item)} are already used by ${noun} ${holder}` });
      return;
    }
    itemOfId.set(id, index);

    const before = current.get(id);
    if (before) byPair.delete(pairOf(before));
    current.set(id, { id, category: item.category, key: item.key, value: item.value });
    byPair.set(pair, id);
    touched.push(id);
    writtenIds.push(id);
  });

  const updates: StoredProperty[] = [];
  const inserts: StoredProperty[] = [];
  for (const id of touched) {
    const after = current.get(id)!;
    const before = original.get(id);
    if (!before) inserts.push(after);
    else if (before.category !== after.category || before.key !== after.key || before.value !== after.value) updates.push(after);
  }
  return { updates, inserts, written: writtenIds.map((id) => current.get(id)!), errors };
}
