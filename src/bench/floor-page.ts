/**
 * The floor the dashboard is measured against: a bare React + MUI + react-query page (theme,
 * baseline, an app bar, a list, a text field, a button and a table of one query's rows), built by
 * the same vite with the same React plugin and build options as the dashboard. The bundle bench
 * weighs its JavaScript; the browser bench times its first row, so its one query is the events
 * list's first request (the default view: today onwards, 20 rows, soonest first) with the key the
 * dashboard keeps in this browser.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const FLOOR_ENTRY = `
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { AppBar, Box, Button, CircularProgress, CssBaseline, List, ListItemButton, ListItemText, Table, TableBody, TableCell, TableHead, TableRow, TextField, ThemeProvider, Toolbar, Typography, createTheme } from '@mui/material';

// The dashboard's first request: its key from this browser, today onwards (local), 20 rows.
function firstPage() {
  const apiKey = JSON.parse(localStorage.getItem('control-room.connection') ?? '{}').apiKey ?? '';
  const today = new Date();
  today.setHours(0, 0, 0, 0);
  const query = new URLSearchParams({ from: today.toISOString(), pageNumber: '1', pageSize: '20', orderColumn: 'DisplayLiveStart', order: 'ASC' });
  return fetch('/api/event/?' + query.toString(), { headers: { Accept: 'application/json', 'API-KEY': apiKey } }).then((r) => r.json());
}

function Page() {
  const query = useQuery({ queryKey: ['events'], queryFn: firstPage });
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column' }}>
      <AppBar position="static"><Toolbar><Typography variant="h6">Control Room</Typography></Toolbar></AppBar>
      <Box sx={{ display: 'flex' }}>
        <List><ListItemButton><ListItemText primary="Events" /></ListItemButton></List>
        <Box component="main" sx={{ p: 2, flex: 1 }}>
          <TextField label="Search" size="small" /> <Button variant="contained">New event</Button>
          {query.isPending ? <CircularProgress /> : (
            <Table><TableHead><TableRow><TableCell>Title</TableCell></TableRow></TableHead>
              <TableBody>{(query.data?.results ?? []).map((row: { id: string; title: string }) => <TableRow key={row.id}><TableCell>{row.title}</TableCell></TableRow>)}</TableBody>
            </Table>
          )}
        </Box>
      </Box>
    </Box>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={new QueryClient()}>
      <ThemeProvider theme={createTheme({ colorSchemes: { dark: true } })}><CssBaseline /><Page /></ThemeProvider>
    </QueryClientProvider>
  </StrictMode>,
);
`;

/** Where a row of the floor page is, once its data is on screen. */
export const FLOOR_ROW_SELECTOR = 'main tbody tr';

/**
 * Builds the floor page in `.bench/floor-page` (under the repo, so its imports resolve), served
 * from `base` ('/' alone, '/floor/' beside the dashboard), its text files precompressed as the
 * dashboard's are (vite.config.ts). Answers the folder of the build and its JavaScript files.
 */
export async function buildFloorPage(base = '/'): Promise<{ dir: string; scripts: string[] }> {
  const { build } = await import('vite');
  const { default: react } = await import('@vitejs/plugin-react');
  const dir = join(root, '.bench', 'floor-page');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><body><div id="root"></div><script type="module" src="./main.tsx"></script></body></html>');
  writeFileSync(join(dir, 'main.tsx'), FLOOR_ENTRY);
  const outDir = join(dir, 'dist');
  // The dashboard's build basics (vite.config.ts): the React plugin, source maps, default minifier and target.
  await build({ configFile: false, root: dir, base, logLevel: 'warn', plugins: [react()], build: { outDir, sourcemap: true, emptyOutDir: true } });
  const assets = join(outDir, 'assets');
  const scripts = readdirSync(assets).filter((name) => name.endsWith('.js')).map((name) => join(assets, name));
  for (const file of [join(outDir, 'index.html'), ...scripts]) {
    const bytes = readFileSync(file);
    writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  }
  return { dir: outDir, scripts };
}
