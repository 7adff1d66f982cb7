/**
 * `npm start` builds the dashboard only when its sources changed since the last build, so a second
 * start answers within seconds instead of rebuilding every time. The fingerprint is the path, size
 * and modification time of every file the build reads (src/ except the service's and the bench's,
 * index.html, public/, vite.config.ts, package-lock.json), kept in dist/.build-fingerprint.
 *
 * `npm run build` always builds.
 */
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const stampFile = join(root, 'dist', '.build-fingerprint');
const SKIP = new Set(['src/server', 'src/bench', 'src/testing']);

function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (SKIP.has(relative(root, path))) return [];
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

export function fingerprint(): string {
  const hash = createHash('sha256');
  const inputs = [...files(join(root, 'src')), ...files(join(root, 'public')), ...['index.html', 'vite.config.ts', 'package-lock.json'].map((f) => join(root, f))];
  for (const file of inputs.sort()) {
    if (/\.test\.tsx?$/.test(file) || !existsSync(file)) continue;
    const { size, mtimeMs } = statSync(file);
    hash.update(`${relative(root, file)}\0${size}\0${Math.floor(mtimeMs)}\n`);
  }
  return hash.digest('hex');
}

function main(): void {
  const current = fingerprint();
  const built = existsSync(join(root, 'dist', 'index.html')) && existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '';
  if (built === current) {
    process.stdout.write('The dashboard build is up to date (dist/); not rebuilding.\n');
    return;
  }
  process.stdout.write(built ? 'The dashboard sources changed: building it (dist/)...\n' : 'Building the dashboard (dist/), once...\n');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stampFile, `${current}\n`);
}

main();
