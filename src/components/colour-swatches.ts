/** The suggested colours (swatches) of a colour field, and the pure helpers around a `#rrggbb` value: tidy what was typed, pick a free colour. */

export interface Swatch {
  colour: string;
  name: string;
}

/** Distinct on light and dark surfaces, and from the state colours. */
export const DEFAULT_SWATCHES: readonly Swatch[] = [
  { colour: '#e53935', name: 'Red' },
  { colour: '#d81b60', name: 'Pink' },
  { colour: '#8e24aa', name: 'Purple' },
  { colour: '#5e35b1', name: 'Violet' },
  { colour: '#3949ab', name: 'Indigo' },
  { colour: '#1e88e5', name: 'Blue' },
  { colour: '#039be5', name: 'Sky' },
  { colour: '#00acc1', name: 'Cyan' },
  { colour: '#00897b', name: 'Teal' },
  { colour: '#43a047', name: 'Green' },
  { colour: '#7cb342', name: 'Leaf' },
  { colour: '#c0ca33', name: 'Lime' },
  { colour: '#fdd835', name: 'Yellow' },
  { colour: '#ffb300', name: 'Amber' },
  { colour: '#fb8c00', name: 'Orange' },
  { colour: '#f4511e', name: 'Vermilion' },
  { colour: '#6d4c41', name: 'Brown' },
  { colour: '#546e7a', name: 'Slate' },
];

export const HEX = /^#[0-9a-f]{6}$/i;

/** `1e88e5`, `#1E88E5`, `#1e8` → `#1e88e5`; anything else is returned trimmed, for the schema to refuse. */
export function normaliseHexColour(input: string): string {
  const text = input.trim();
  const bare = text.startsWith('#') ? text.slice(1) : text;
  if (/^[0-9a-f]{6}$/i.test(bare)) return `#${bare.toLowerCase()}`;
  if (/^[0-9a-f]{3}$/i.test(bare)) return `#${[...bare.toLowerCase()].map((c) => c + c).join('')}`;
  return text;
}

/** A colour not yet in `taken` (the first free swatch), for a new item. */
export function firstFreeSwatch(taken: readonly (string | null | undefined)[], swatches: readonly Swatch[] = DEFAULT_SWATCHES): string {
  const used = new Set(taken.filter(Boolean).map((c) => c!.toLowerCase()));
  return (swatches.find((s) => !used.has(s.colour)) ?? swatches[0]!).colour;
}
