/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { availableParallelism } from 'node:os';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Precompressed copies (.br, .gz) of the built text files, which the service serves as they are
 * (src/server/http/dashboard.ts, @fastify/static preCompressed): compressed once, at the best
 * ratio, rather than per request.
 */
function precompress(outDir: string) {
  return {
    name: 'control-room-precompress',
    apply: 'build' as const,
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)]));
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(file)) continue;
        const bytes = readFileSync(file);
        if (bytes.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

/**
 * The opened page's code, asked for by the HTML itself. Pages are lazy chunks (src/app/router.tsx),
 * so the browser would learn of the page's chunk only once the entry has been downloaded and
 * evaluated (~200 ms on a first load, bench `browser`); a small script in index.html adds
 * `modulepreload` links for the page at the URL opened, beside the entry's own. Only the pages an
 * operator commonly lands on are listed: others load as before.
 */
const FIRST_VIEW_PAGES: Record<string, string> = {
  '/': 'src/pages/events/events-page.tsx',
  '/events': 'src/pages/events/events-page.tsx',
  '/schedule': 'src/pages/schedule/schedule-page.tsx',
};

/** The dashboard's own startup code: the entry (src/app/main.tsx) imports it last, once the schema and the libraries are evaluated. */
const STARTUP_MODULE = 'src/app/start.tsx';

function preloadOpenedPage(): Plugin {
  return {
    name: 'control-room-preload-opened-page',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const chunks = Object.values(context.bundle ?? {}).filter((file) => file.type === 'chunk');
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const entry = chunks.find((chunk) => chunk.isEntry);
        const closure = (start: string[], into = new Set<string>()) => {
          for (const name of start) {
            if (into.has(name)) continue;
            into.add(name);
            closure(byName.get(name)?.imports ?? [], into);
          }
          return into;
        };
        // The entry's static imports are preloaded already (Vite's own links). The startup code it
        // imports dynamically, a part at a time (src/app/main.tsx), is preloaded here, on every page:
        // otherwise the browser would ask for each part's chunks only once the part before had run.
        const entryFiles = closure(entry ? [entry.fileName] : []);
        // Not a facade chunk (its module is wrapped for strict execution order): found by what it holds.
        const startup = chunks.find((chunk) => chunk.moduleIds.some((id) => id.replaceAll('\\', '/').endsWith(STARTUP_MODULE)));
        const loaded = closure(startup ? [startup.fileName] : [], new Set(entryFiles));
        const startupLinks = [...loaded]
          .filter((name) => !entryFiles.has(name))
          .map((name) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${name}` }, injectTo: 'head' as const }));
        // Each page's files once, and the paths that open it.
        const files: string[][] = [];
        const pageAt: Record<string, number> = {};
        for (const [path, module] of Object.entries(FIRST_VIEW_PAGES)) {
          const page = chunks.find((chunk) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(module));
          if (!page) continue;
          const list = [...closure([page.fileName])].filter((name) => !loaded.has(name)).map((name) => `/${name}`);
          const known = files.findIndex((other) => other[0] === list[0]);
          pageAt[path] = known >= 0 ? known : files.push(list) - 1;
        }
        const script = `(function(){var f=${JSON.stringify(files)}[${JSON.stringify(pageAt)}[location.pathname.replace(/\\/$/,'')||'/']];if(f)f.forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l)})})()`;
        return { html, tags: [...startupLinks, { tag: 'script', children: script, injectTo: 'head' }] };
      },
    },
  };
}

// One config for the dashboard build and for Vitest. The dev server proxies /api to a service
// started with `npm run serve` (PORT 8080), so `npm run dev` gets hot reload on real data.
export default defineConfig({
  plugins: [react(), preloadOpenedPage(), precompress('dist')],
  resolve: {
    // Emotion's insertion hooks, inserting the first screen's styles as it renders (src/app/emotion-insertion.ts).
    alias: { '@emotion/use-insertion-effect-with-fallbacks': fileURLToPath(new URL('./src/app/emotion-insertion.ts', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      // Needed to inline common chunks (below); no chunk's exports are read from outside the build.
      preserveEntrySignatures: false,
      output: {
        // MUI core modules that six or more chunks share go into one chunk: the automatic split
        // left them in ~30 small chunks per route, each compressed on its own (bench `bundle`:
        // -5% brotli on the heavy routes, +5% on the lightest).
        codeSplitting: {
          // Common chunks under 20 KB of source (icons, small components) are copied into each chunk
          // that imports them. The automatic split made the events route 35 files (22 for the page
          // alone, most under 1 KB), which the browser fetches six at a time over HTTP/1.1: they
          // arrived ~200 ms after the HTML where the floor's one file takes ~50 ms. Now 10 files;
          // first row -10% paired, route brotli +5% (rolldown then keeps strict execution order,
          // whose wrappers are most of that). docs/performance.md, 2026-11-29 (second session).
          experimentalInlineCommonChunks: { maxSize: 20 * 1024 },
          groups: [
            // The schema module stays one chunk, though the entry imports it in parts (src/app/main.tsx).
            { name: 'schema', test: /[\\/]src[\\/]schema[\\/]/ },
            // So are React, the router and react-query, which the entry imports before the rest of the dashboard.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](react-query|query-core))[\\/]/ },
            { name: 'mui', test: /node_modules[\\/](@mui[\\/](material|system|utils|styled-engine|private-theming)|@emotion|react-transition-group|@popperjs|stylis)[\\/]/, minShareCount: 6 },
          ],
        },
      },
    },
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:8080' } },
  test: {
    // One migrated template database for the whole run (src/server/db/test-database.ts).
    globalSetup: ['src/testing/global-setup.ts'],
    // In CI a test that fails gets one more attempt, as the page tests in the browser do: a race
    // that shows on a loaded machine should not hide every other result. A test that passes only
    // on its retry is named at the end of the CI log (src/testing/flaky-reporter.ts).
    retry: process.env.CI ? 1 : 0,
    // Vitest's default is one worker fewer than the cores: one worker on CI's two. A test file
    // spends much of its time waiting (its service's database worker, the feed's batching, waitFor),
    // so two files side by side keep both cores busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['src/{schema,client,server,testing,bench}/**/*.test.ts'],
          environment: 'node',
          // The files share one module graph per worker: importing the service (Fastify, Drizzle,
          // the schema module) again for every file cost about two thirds of the suite's CPU time.
          // Nothing here mocks modules or keeps state outside an app or a database handle.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          include: ['src/{app,pages,components}/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['src/app/test-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
