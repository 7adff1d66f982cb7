/**
 * Global search: a dialog over events and chapter points, configuration items (channels, rooms,
 * categories, infrastructure profiles, webhooks) and commands ("Go to Schedule", "New event"),
 * opened from anywhere with `/` or Ctrl/⌘+K, or with the search button in the app bar. Results
 * are grouped by kind; events are in time order.
 *
 * It searches as the operator types (GET /search/ and GET /search/chapterpoints/, the last word
 * matching as a prefix), groups the results (Events, Chapter points) with what matched marked,
 * and is a combobox: the focus stays in the field while ↑/↓ move through the results, Enter
 * opens one (an event page; a chapter point opens its event on the Chapter points tab), Esc
 * closes. With an empty field it offers the recent searches kept in this browser. The last
 * entry, "See all N in the Events list", opens the Events list filtered on the same text.
 */import { useCallback, useEffect, useId, useState } from 'react';
import ButtonBase from '@mui/material/ButtonBase';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import { Tooltip } from '#components/tooltip.tsx';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { alpha, type Theme } from '@mui/material/styles';
import SearchIcon from '@mui/icons-material/Search';
import { Kbd } from './global-search/result-rows.tsx';
import { SearchPanel } from './global-search/search-panel.tsx';
import { useHotkeys } from './hotkeys.tsx';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
/** How the second shortcut is written for this keyboard. */
export const MOD_K = isMac ? '⌘K' : 'Ctrl+K';

/**
 * The search button for the app bar and the dialog it opens, with the shortcuts that open it.
 * Render it once, in the shell.
 */
export function GlobalSearch() {
  const [open, setOpen] = useState(false);
  const show = useCallback(() => setOpen(true), []);
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'), { noSsr: true });

  useHotkeys([
    { keys: '/', description: 'Search events and chapter points', group: 'Global', run: show },
    // Listed here; the listener below runs it, also from inside a field (the registry ignores modifier keys).
    { keys: MOD_K, description: 'Search events and chapter points, also while typing in a field', group: 'Global', run: show },
  ]);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.shiftKey || !(event.ctrlKey || event.metaKey)) return;
      if (event.key.toLowerCase() !== 'k') return;
      event.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <>
      {wide ? (
        <ButtonBase
          onClick={show}
          aria-label="Search"
          aria-haspopup="dialog"
          aria-keyshortcuts={`/ ${isMac ? 'Meta+K' : 'Control+K'}`}
          sx={(theme) => ({
            gap: 1,
            px: 1.25,
            height: 36,
            width: { sm: 200, md: 280 },
            justifyContent: 'flex-start',
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
            color: 'text.secondary',
            bgcolor: alpha(theme.palette.text.primary, 0.04),
            '&:hover': { bgcolor: alpha(theme.palette.text.primary, 0.08), borderColor: 'text.secondary' },
            '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
          })}
        >
          <SearchIcon fontSize="small" aria-hidden />
          <Typography component="span" variant="body2" sx={{ flex: 1, textAlign: 'left' }}>
            Search
          </Typography>
          <Box aria-hidden sx={{ display: 'flex' }}>
            <Kbd>/</Kbd>
          </Box>
        </ButtonBase>
      ) : (
        <Tooltip title={`Search (/ or ${MOD_K})`}>
          <IconButton color="inherit" aria-label="Search" aria-haspopup="dialog" onClick={show}>
            <SearchIcon />
          </IconButton>
        </Tooltip>
      )}
      <GlobalSearchDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}

export function GlobalSearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      sx={{
        '& .MuiDialog-container': { alignItems: 'flex-start' },
        '& .MuiDialog-paper': fullScreen ? {} : { mt: '8vh', maxHeight: '80vh', maxWidth: 720, overflow: 'hidden' },
      }}
    >
      <SearchPanel titleId={titleId} onClose={onClose} />
    </Dialog>
  );
}

