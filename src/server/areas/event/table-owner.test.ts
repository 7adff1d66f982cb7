/**
 * The event area owns the events table: the other areas write it through the event area's
 * functions (columns.ts writeEvents, insertEventRows; mp4-state.ts setMp4State), never with a
 * query of their own. Read from the sources, as import-cycles.test.ts reads the imports.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'migrations') sources(path, out);
    } else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) out.push(relative(repo, path));
  }
  return out;
}

const WRITE = /\.(update|insert|delete)\(\s*events\s*\)|(update|insert\s+into|delete\s+from)\s+(\$\{events\}|"?events"?\s)/i;

describe('the events table', () => {
  it('is written by the event area only', () => {
    const writers = sources(join(repo, 'src/server')).filter((file) => !file.startsWith('src/server/areas/event/') && WRITE.test(readFileSync(join(repo, file), 'utf8')));
    expect(writers).toEqual([]);
  });
});
