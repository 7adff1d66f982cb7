/**
 * How tall the Events list's rows are: compact (the most rows on a screen; the default, so a
 * 1440x900 window shows well over ten), standard, or comfortable. Kept in this browser.
 */
import { useCallback, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { Tooltip } from '#components/tooltip.tsx';
import CheckIcon from '@mui/icons-material/Check';
import DensityIcon from '@mui/icons-material/DensityMediumOutlined';

export const DENSITY_STORAGE_KEY = 'control-room.events.density';
export const DENSITIES = [
  { id: 'compact', label: 'Compact', rowHeight: 40 },
  { id: 'standard', label: 'Standard', rowHeight: 52 },
  { id: 'comfortable', label: 'Comfortable', rowHeight: 64 },
] as const;
export type Density = (typeof DENSITIES)[number]['id'];
export const DEFAULT_DENSITY: Density = 'compact';

const storage = () => (typeof localStorage === 'undefined' ? undefined : localStorage);

function read(): Density {
  try {
    const value = storage()?.getItem(DENSITY_STORAGE_KEY);
    return DENSITIES.some((d) => d.id === value) ? (value as Density) : DEFAULT_DENSITY;
  } catch {
    return DEFAULT_DENSITY;
  }
}

export function rowHeightOf(density: Density): number {
  return DENSITIES.find((d) => d.id === density)?.rowHeight ?? DENSITIES[0].rowHeight;
}

export function useDensity(): [Density, (density: Density) => void] {
  const [density, setDensity] = useState<Density>(read);
  const save = useCallback((next: Density) => {
    setDensity(next);
    try {
      if (next === DEFAULT_DENSITY) storage()?.removeItem(DENSITY_STORAGE_KEY);
      else storage()?.setItem(DENSITY_STORAGE_KEY, next);
    } catch {
      // Private mode: the choice lasts until the page is left.
    }
  }, []);
  return [density, save];
}

export function DensityMenu({ density, onChange }: { density: Density; onChange: (density: Density) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = DENSITIES.find((d) => d.id === density)!;
  return (
    <>
      <Tooltip title={`Row density: ${current.label.toLowerCase()}`}>
        <IconButton
          aria-label={`Row density: ${current.label.toLowerCase()}`}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          aria-controls={anchor ? 'density-menu' : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <DensityIcon />
        </IconButton>
      </Tooltip>
      <Menu id="density-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {DENSITIES.map((d) => (
          <MenuItem
            key={d.id}
            role="menuitemradio"
            aria-checked={d.id === density}
            selected={d.id === density}
            onClick={() => {
              onChange(d.id);
              setAnchor(null);
            }}
          >
            <ListItemText>{d.label}</ListItemText>
            {d.id === density && <CheckIcon fontSize="small" sx={{ ml: 2 }} aria-hidden />}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
