/**
 * The frame around every page: app bar (name, global search, connection status, theme, shortcuts, settings),
 * the navigation drawer (permanent on wide screens, temporary on narrow ones), a skip link, the
 * page outlet, notifications and the shortcuts dialog.
 */
import { useState } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import { Tooltip } from '#components/tooltip.tsx';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import KeyboardIcon from '@mui/icons-material/KeyboardOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import SensorsIcon from '@mui/icons-material/Sensors';
import { ConnectionStatus } from './connection-status.tsx';
import { AlertsBell } from '#pages/alerts/index.ts';
import { RoleBadge } from './role-badge.tsx';
import { useConnectionDialog, useConnectionValue } from './connection-context.tsx';
import { GlobalSearch } from './global-search.tsx';
import { ShortcutsDialog, useHotkeys, useShortcutsHelp } from './hotkeys.tsx';
import { navigationAreas } from './navigation.ts';
import { ThemeModeMenu } from './theme-mode-menu.tsx';

export const DRAWER_WIDTH = 232;

function Navigation({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Box component="nav" aria-label="Main">
      <List sx={{ px: 1 }}>
        {navigationAreas.map((area) => (
          <ListItem key={area.path} disablePadding>
            <ListItemButton
              component={NavLink}
              to={area.path}
              onClick={onNavigate}
              sx={{
                borderRadius: 1,
                mb: 0.5,
                width: '100%',
                '&.active': {
                  bgcolor: 'action.selected',
                  color: 'primary.main',
                  '& .MuiListItemIcon-root': { color: 'primary.main' },
                  '& .MuiListItemText-primary': { fontWeight: 600 },
                },
              }}
            >
              <ListItemIcon sx={{ minWidth: 36 }}>
                <area.icon />
              </ListItemIcon>
              <ListItemText primary={area.label} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

export function Shell() {
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const ready = useConnectionValue((state) => state.ready);
  const connectionDialog = useConnectionDialog();
  const shortcuts = useShortcutsHelp();
  const navigate = useNavigate();

  useHotkeys([
    { keys: '?', description: 'Show keyboard shortcuts', group: 'Global', run: () => shortcuts.setOpen(true) },
    { keys: ',', description: 'Open the connection settings', group: 'Global', run: () => connectionDialog.open() },
    ...navigationAreas.map((area) => ({
      keys: `g ${area.hotkey}`,
      description: `Go to ${area.label}`,
      group: 'Global',
      run: () => navigate(area.path),
    })),
  ]);

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      <Link
        href="#main-content"
        onClick={(event) => {
          // Focus without touching the URL's hash (the router owns the URL).
          event.preventDefault();
          document.getElementById('main-content')?.focus();
        }}
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: (theme) => theme.zIndex.tooltip + 1,
          px: 2,
          py: 1,
          bgcolor: 'background.paper',
          borderRadius: 1,
          boxShadow: 3,
          '&:focus': { top: 8 },
        }}
      >
        Skip to main content
      </Link>

      <AppBar
        position="fixed"
        color="inherit"
        sx={{ zIndex: (theme) => theme.zIndex.drawer + 1, bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}
      >
        <Toolbar sx={{ gap: { xs: 0.5, sm: 1 } }}>
          {!wide && (
            <IconButton
              edge="start"
              color="inherit"
              aria-label="Open the navigation"
              aria-controls="navigation-drawer"
              aria-expanded={drawerOpen}
              onClick={() => setDrawerOpen(true)}
            >
              <MenuIcon />
            </IconButton>
          )}
          <SensorsIcon aria-hidden sx={{ color: 'primary.main', display: { xs: 'none', sm: 'block' } }} />
          <Typography component="div" variant="h6" noWrap sx={{ fontWeight: 700, letterSpacing: 0.2, flexGrow: 1, minWidth: 0 }}>
            Control Room
          </Typography>
          <GlobalSearch />
          <AlertsBell />
          <ConnectionStatus />
          <RoleBadge />
          <ThemeModeMenu />
          <Tooltip title="Keyboard shortcuts (?)">
            <IconButton
              color="inherit"
              aria-label="Keyboard shortcuts"
              onClick={() => shortcuts.setOpen(true)}
              sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
            >
              <KeyboardIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title="Connection settings (,)">
            <IconButton color="inherit" edge="end" aria-label="Connection settings" onClick={() => connectionDialog.open()}>
              <SettingsIcon />
            </IconButton>
          </Tooltip>
        </Toolbar>
      </AppBar>

      <Drawer
        id="navigation-drawer"
        variant={wide ? 'permanent' : 'temporary'}
        open={wide || drawerOpen}
        onClose={() => setDrawerOpen(false)}
        sx={{
          width: wide ? DRAWER_WIDTH : undefined,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box', bgcolor: 'background.paper' },
        }}
      >
        <Toolbar />
        <Navigation onNavigate={wide ? undefined : () => setDrawerOpen(false)} />
      </Drawer>

      <Box
        component="main"
        id="main-content"
        tabIndex={-1}
        sx={{
          flexGrow: 1,
          minWidth: 0,
          display: 'flex',
          flexDirection: 'column',
          position: 'relative',
          outline: 'none',
          height: '100dvh',
        }}
      >
        <Toolbar />
        <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', p: { xs: 1.5, sm: 2, md: 3 }, position: 'relative', overflow: 'auto' }}>
          {ready ? <Outlet /> : <LinearProgress aria-label="Connecting to the service" />}
        </Box>
      </Box>

      <ShortcutsDialog />
    </Box>
  );
}
