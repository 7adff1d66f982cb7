/**
 * Keyboard shortcuts: components register them with `useHotkeys`, one window listener runs
 * them, and `?` lists whatever is registered at that moment (global and the current page's).
 * Keys are single characters as `KeyboardEvent.key` reports them, or a sequence such as `g e`.
 * Shortcuts stay quiet while the user types in a field or works in a dialog or menu.
 */
import { createContext, Fragment, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';

export interface Hotkey {
  /** `?`, `r`, `[`, or a sequence `g e`. */
  keys: string;
  description: string;
  /** Heading in the shortcuts dialog: "Global", "Events"... */
  group: string;
  run: () => void;
}

/**
 * What registering and opening the help need: the same object for the app's life, so a component
 * that registers shortcuts (the shell, every page) does not render again whenever another one
 * registers or leaves (each page's first effects did, three times on the events list's first load).
 */
interface Registry {
  register(hotkeys: readonly Hotkey[]): () => void;
  setHelpOpen(open: boolean): void;
}

/** What the shortcuts dialog shows: changes as components register. */
interface Shortcuts {
  list: readonly Hotkey[];
  helpOpen: boolean;
}

const HotkeysContext = createContext<Registry | null>(null);
const ShortcutsContext = createContext<Shortcuts>({ list: [], helpOpen: false });

const SEQUENCE_TIMEOUT_MS = 1_500;

function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest('[role="dialog"], [role="menu"], [role="listbox"], [contenteditable="true"]')) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type);
  return false;
}

export function HotkeysProvider({ children }: { children: ReactNode }) {
  const [entries, setEntries] = useState<readonly { id: number; hotkeys: readonly Hotkey[] }[]>([]);
  const [helpOpen, setHelpOpen] = useState(false);
  const nextId = useRef(1);
  const list = useMemo(() => entries.flatMap((e) => e.hotkeys), [entries]);
  const listRef = useRef(list);
  useEffect(() => {
    listRef.current = list;
  }, [list]);

  useEffect(() => {
    let pending: string | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
      if (isTypingTarget(event.target)) return;
      const hotkeys = listRef.current;
      const attempt = (sequence: string): boolean => {
        // A page's own shortcut wins over a global one on the same key (`/` searches the Events
        // list there, and opens global search elsewhere).
        const match = hotkeys.find((h) => h.keys === sequence && h.group !== 'Global') ?? hotkeys.find((h) => h.keys === sequence);
        if (match) {
          event.preventDefault();
          pending = null;
          match.run();
          return true;
        }
        if (hotkeys.some((h) => h.keys.startsWith(`${sequence} `))) {
          pending = sequence;
          clearTimeout(timer);
          timer = setTimeout(() => (pending = null), SEQUENCE_TIMEOUT_MS);
          return true;
        }
        return false;
      };
      const prefix = pending;
      pending = null;
      if (prefix && attempt(`${prefix} ${event.key}`)) return;
      attempt(event.key);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      clearTimeout(timer);
    };
  }, []);

  // Stable, so registering never re-runs the effects that call it.
  const register = useCallback((hotkeys: readonly Hotkey[]) => {
    const id = nextId.current++;
    setEntries((current) => [...current, { id, hotkeys }]);
    return () => setEntries((current) => current.filter((e) => e.id !== id));
  }, []);
  const registry = useMemo<Registry>(() => ({ register, setHelpOpen }), [register]);
  const shortcuts = useMemo<Shortcuts>(() => ({ list, helpOpen }), [list, helpOpen]);

  return (
    <HotkeysContext.Provider value={registry}>
      <ShortcutsContext.Provider value={shortcuts}>{children}</ShortcutsContext.Provider>
    </HotkeysContext.Provider>
  );
}

function useRegistry(): Registry {
  const registry = useContext(HotkeysContext);
  if (!registry) throw new Error('useHotkeys needs a <HotkeysProvider> above it');
  return registry;
}

/**
 * Registers shortcuts while the calling component is mounted. `run` may change on every render;
 * the latest one runs. The set of keys is read on mount and when `keys` descriptions change.
 *
 * @example
 * useHotkeys([{ keys: 'r', description: 'Refresh the list', group: 'Events', run: () => refetch() }]);
 */
export function useHotkeys(hotkeys: readonly Hotkey[]): void {
  const { register } = useRegistry();
  const latest = useRef(hotkeys);
  useLayoutEffect(() => {
    latest.current = hotkeys;
  });
  const signature = hotkeys.map((h) => `${h.group}\u0000${h.keys}\u0000${h.description}`).join('\u0001');
  useEffect(() => {
    const stable = latest.current.map((h, index) => ({ ...h, run: () => latest.current[index]?.run() }));
    return register(stable);
  }, [register, signature]);
}

/** Opens and closes the shortcuts dialog (the app bar's keyboard button uses it). */
export function useShortcutsHelp(): { setOpen: (open: boolean) => void } {
  const { setHelpOpen } = useRegistry();
  return { setOpen: setHelpOpen };
}

/** Shortcuts the data grid provides itself, listed so users can find them. */
const gridKeys: readonly ShortcutRow[] = [
  { keys: 'Tab', description: 'Move into and out of a table' },
  { keys: ['←', '↑', '→', '↓'], description: 'Move between cells and column headers' },
  { keys: 'Enter', description: 'On a column header: sort by that column' },
  { keys: ['Home', 'End'], description: 'First or last cell of the row' },
  { keys: ['PageUp', 'PageDown'], description: 'Scroll the rows a page at a time' },
];

/** A row of the dialog: a sequence (`g e`: g, then e) or a list of alternative keys. */
interface ShortcutRow {
  keys: string | readonly string[];
  description: string;
}

function Keys({ keys }: { keys: ShortcutRow['keys'] }) {
  const sequence = typeof keys === 'string';
  const parts = sequence ? keys.split(' ') : keys;
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center', whiteSpace: 'nowrap' }}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && sequence && (
            <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }}>
              then
            </Typography>
          )}
          <Box
          component="kbd"
          sx={{
            fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
            fontSize: 12,
            px: 0.75,
            py: 0.25,
            minWidth: 22,
            textAlign: 'center',
            border: 1,
            borderColor: 'divider',
            borderBottomWidth: 2,
            borderRadius: 1,
            bgcolor: 'action.hover',
          }}
        >
          {part}
        </Box>
        </Fragment>
      ))}
    </Box>
  );
}

export function ShortcutsDialog() {
  const { setHelpOpen } = useRegistry();
  const { list, helpOpen } = useContext(ShortcutsContext);
  const groups = new Map<string, ShortcutRow[]>();
  for (const hotkey of list) groups.set(hotkey.group, [...(groups.get(hotkey.group) ?? []), hotkey]);
  groups.set('Tables', [...gridKeys]);
  return (
    <Dialog open={helpOpen} onClose={() => setHelpOpen(false)} aria-labelledby="shortcuts-title" fullWidth maxWidth="sm">
      <DialogTitle id="shortcuts-title" sx={{ pr: 6 }}>
        Keyboard shortcuts
        <IconButton aria-label="Close" onClick={() => setHelpOpen(false)} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        {[...groups].map(([group, hotkeys]) => (
          <Box key={group} component="section" aria-labelledby={`shortcuts-${group}`} sx={{ mb: 2 }}>
            <Typography id={`shortcuts-${group}`} variant="overline" component="h3" sx={{ color: 'text.secondary' }}>
              {group}
            </Typography>
            <Table size="small">
              <TableBody>
                {hotkeys.map((hotkey) => (
                  <TableRow key={String(hotkey.keys)}>
                    <TableCell sx={{ width: 160, borderBottom: 0, pl: 0 }}>
                      <Keys keys={hotkey.keys} />
                    </TableCell>
                    <TableCell sx={{ borderBottom: 0 }}>{hotkey.description}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        ))}
      </DialogContent>
    </Dialog>
  );
}
