import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { Tooltip } from '#components/tooltip.tsx';
import { useColorScheme } from '@mui/material/styles';
import CheckIcon from '@mui/icons-material/Check';
import DarkModeIcon from '@mui/icons-material/DarkModeOutlined';
import LightModeIcon from '@mui/icons-material/LightModeOutlined';
import SettingsBrightnessIcon from '@mui/icons-material/SettingsBrightnessOutlined';

type Mode = 'system' | 'light' | 'dark';

const options: readonly { mode: Mode; label: string; icon: typeof LightModeIcon }[] = [
  { mode: 'system', label: 'Follow the system', icon: SettingsBrightnessIcon },
  { mode: 'light', label: 'Light', icon: LightModeIcon },
  { mode: 'dark', label: 'Dark', icon: DarkModeIcon },
];

/** The app bar's theme switch: follow the system (default), or force light or dark. Persisted by MUI. */
export function ThemeModeMenu() {
  const { mode, systemMode, setMode } = useColorScheme();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current: Mode = mode ?? 'system';
  const effective = current === 'system' ? (systemMode ?? 'light') : current;
  const Icon = options.find((o) => o.mode === current)?.icon ?? SettingsBrightnessIcon;
  const label = current === 'system' ? `Theme: follows the system (${effective})` : `Theme: ${current}`;
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          aria-controls={anchor ? 'theme-menu' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <Icon />
        </IconButton>
      </Tooltip>
      <Menu id="theme-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {options.map((option) => (
          <MenuItem
            key={option.mode}
            selected={option.mode === current}
            role="menuitemradio"
            aria-checked={option.mode === current}
            onClick={() => {
              setMode(option.mode);
              setAnchor(null);
            }}
          >
            <ListItemIcon>
              <option.icon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{option.label}</ListItemText>
            {option.mode === current && <CheckIcon fontSize="small" sx={{ ml: 2 }} aria-hidden />}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
