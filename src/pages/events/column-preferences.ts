/**
 * Which columns the operator chose to show or hide, kept in this browser (localStorage) so the
 * list looks the same next time. Stored as differences from the screen width's defaults: a
 * column hidden on a phone by default is not forced onto it by a choice made on a desktop, unless
 * the operator chose it explicitly.
 */
import { useCallback, useState } from 'react';
import type { GridColumnVisibilityModel } from '@mui/x-data-grid';

export const COLUMN_STORAGE_KEY = 'control-room.events.columns';

function read(storage: Storage | undefined): GridColumnVisibilityModel {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(COLUMN_STORAGE_KEY) ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'));
  } catch {
    return {};
  }
}

const storage = () => (typeof localStorage === 'undefined' ? undefined : localStorage);

/** The stored choices and a setter that stores them. */
export function useColumnPreferences(): [GridColumnVisibilityModel, (choices: GridColumnVisibilityModel) => void] {
  const [choices, setChoices] = useState<GridColumnVisibilityModel>(() => read(storage()));
  const save = useCallback((next: GridColumnVisibilityModel) => {
    setChoices(next);
    try {
      if (Object.keys(next).length === 0) storage()?.removeItem(COLUMN_STORAGE_KEY);
      else storage()?.setItem(COLUMN_STORAGE_KEY, JSON.stringify(next));
    } catch {
      // Storage full or disabled (private mode): the choice still holds for this visit.
    }
  }, []);
  return [choices, save];
}

/** The choices that differ from `defaults`, given the grid's full model. */
export function choicesFrom(model: GridColumnVisibilityModel, defaults: GridColumnVisibilityModel): GridColumnVisibilityModel {
  return Object.fromEntries(Object.entries(model).filter(([field, visible]) => (defaults[field] ?? true) !== visible));
}
