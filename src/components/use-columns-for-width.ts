/**
 * `ServerDataGrid`'s width rules: a column's `hideBelow` (and the grid's `selectionHideBelow`)
 * turned into the grid's column visibility model for the window's current width.
 */
import { useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import type { Breakpoint } from '@mui/material/styles';
import { useTheme } from '@mui/material/styles';
import { GRID_CHECKBOX_SELECTION_FIELD, type GridColumnVisibilityModel, type GridValidRowModel } from '@mui/x-data-grid';
import type { ServerGridColDef } from './server-data-grid.tsx';

const subscribeToResize = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};

/**
 * The caller's visibility model with the columns whose `hideBelow` the window is narrower than
 * left out (and shown above it). Renders again only when a column's side of its width changes,
 * not on every resize.
 */
export function useColumnsForWidth<R extends GridValidRowModel>(
  columns: readonly ServerGridColDef<R>[],
  model: GridColumnVisibilityModel | undefined,
  selectionHideBelow: Breakpoint | number | undefined,
  onChange: ((model: GridColumnVisibilityModel) => void) | undefined,
): { visibility: GridColumnVisibilityModel | undefined; onChange: ((model: GridColumnVisibilityModel) => void) | undefined } {
  const { breakpoints } = useTheme();
  const px = (width: Breakpoint | number) => (typeof width === 'number' ? width : breakpoints.values[width]);
  const limits = [
    ...columns.flatMap((column) => (column.hideBelow === undefined ? [] : [`${column.field}<${px(column.hideBelow)}`])),
    ...(selectionHideBelow === undefined ? [] : [`${GRID_CHECKBOX_SELECTION_FIELD}<${px(selectionHideBelow)}`]),
  ].join(',');
  const hiddenNow = useCallback(
    () =>
      limits
        .split(',')
        .filter((limit) => limit !== '' && window.innerWidth < Number(limit.slice(limit.lastIndexOf('<') + 1)))
        .map((limit) => limit.slice(0, limit.lastIndexOf('<')))
        .join(','),
    [limits],
  );
  const hidden = useSyncExternalStore(subscribeToResize, hiddenNow, () => '');
  // With any width rule the model is controlled: what the user hides from a column's menu is kept
  // here unless the caller keeps it, and each rule's column is set either way (shown again when
  // the window widens).
  const [own, setOwn] = useState<GridColumnVisibilityModel>({});
  const byWidth = limits !== '';
  const visibility = useMemo(() => {
    if (!byWidth) return model;
    const hiddenFields = new Set(hidden.split(','));
    const rules = limits.split(',').map((limit) => limit.slice(0, limit.lastIndexOf('<')));
    return { ...(model ?? own), ...Object.fromEntries(rules.map((field) => [field, !hiddenFields.has(field)])) };
  }, [byWidth, hidden, limits, model, own]);
  return { visibility, onChange: onChange ?? (byWidth ? setOwn : undefined) };
}
