/**
 * `npm start` and `npm run serve` run the service as JavaScript: its TypeScript (src/server and
 * the #schema modules it imports) bundled by esbuild into one file, dist-server/main.js, then run
 * by plain `node`. Under tsx the process also kept tsx's loader, its transform cache and a source
 * map per module (measured in docs/performance.md, issue 27 "Idle memory"). Packages stay
 * imports of node_modules, as they were.
 *
 * The bundle is built at every start (about a second): it is the sources as they are, never a
 * stale copy. Written to a file of its own and renamed over the last one, so that two services
 * started at once on one checkout (README "Several processes") never load a half-written file.
 *
 * Each module keeps its own `import.meta.url`: where it reads a file beside its source (the
 * migrations, the simulated media, the dashboard's dist/) or resolves a package from there, it
 * does so as under tsx.
 */
import { readFile, rename, writeFile, mkdir } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Where the start runs the service from. */
export const SERVER_BUNDLE = join(root, 'dist-server', 'main.js');

/**
 * Node's flags for the service, the same for `npm start` and `npm run serve` (package.json; a
 * test holds the two to this list) and the benches. Each one measured at idle on a second start
 * with the demo data (docs/performance.md, issue 27 "Idle memory"):
 * - `--max-semi-space-size=4`: V8's young generation of the main thread grew to 32 MB and stayed
 *   so when idle; 8 MB at most now.
 * - `--v8-pool-size=2`: two threads for V8's background work (garbage collection, compiling
 *   PGlite's WebAssembly to optimised code) rather than four, on the two cores it has here; each
 *   thread that compiled kept a malloc arena of its own (~10-25 MB each, never given back).
 */
export const SERVICE_NODE_FLAGS = ['--max-semi-space-size=4', '--v8-pool-size=2'] as const;

/** Replaces `import.meta.url` in each of our modules (packages are not bundled) by its source file's URL (see the top). */
const ownImportMetaUrl: Plugin = {
  name: 'own-import-meta-url',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      return { contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' };
    });
  },
};

/** Bundles src/server/main.ts into SERVER_BUNDLE; answers its path. */
export async function buildServer(): Promise<string> {
  const result = await build({
    entryPoints: [join(root, 'src', 'server', 'main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // Class and function names as written: errors and logs name them.
    keepNames: true,
    // A map beside the bundle for `node --enable-source-maps` when debugging; plain `node` ignores it.
    sourcemap: 'linked',
    outfile: SERVER_BUNDLE,
    write: false,
    logLevel: 'warning',
    plugins: [ownImportMetaUrl],
  });
  await mkdir(dirname(SERVER_BUNDLE), { recursive: true });
  for (const file of result.outputFiles) {
    if (existsSync(file.path) && readFileSync(file.path).equals(file.contents)) continue;
    const temporary = `${file.path}.${process.pid}.tmp`;
    await writeFile(temporary, file.contents);
    await rename(temporary, file.path);
  }
  return SERVER_BUNDLE;
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  await buildServer();
}
