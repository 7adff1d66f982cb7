/**
 * The simulated storage of asset files (images, GIFs, MP4s, sprites): a folder on disk, keyed by
 * relative paths such as `<event id>/vod/<content id>.mp4`. DESIGN.md "The simulated world".
 *
 * The rows that describe the files (assets, their states) live in the database; the bytes live
 * here, in STORAGE_DIR (config.ts: by default `storage/` in DATA_DIR, a temporary folder for a
 * `memory://` database). Several processes sharing one PostgreSQL share the files when they share
 * the folder (a network file system, as a real deployment shares a bucket).
 *
 * Keys are checked: relative, `/`-separated, no `.`/`..` segments, no control characters, so a key
 * never leaves the folder. A real integration (a bucket) implements the same interface.
 *
 * @example
 * const storage = new DirectoryStorage('/var/lib/control-room/storage');
 * const file = storage.pathOf(`${eventId}/vod/${contentId}.mp4`);   // write it (MediaEncoder does)
 * const info = await storage.stat(`${eventId}/vod/${contentId}.mp4`); // { bytes, modifiedAt } or null
 * for (const f of await storage.list(`${eventId}/vod/`)) ...           // what is there, hand-added files too
 */
import { mkdirSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { FileStorage, StoredFile } from '../areas/media/index.ts';

/** One segment of a key: no separator, backslash or control character, not `.` or `..`. */
function isValidSegment(part: string): boolean {
  if (part === '' || part === '.' || part === '..' || part.includes('\\')) return false;
  for (let i = 0; i < part.length; i += 1) if (part.charCodeAt(i) < 0x20) return false;
  return true;
}

export function isValidKey(key: string): boolean {
  if (key === '' || key.length > 1024 || key.startsWith('/')) return false;
  return key.split('/').every(isValidSegment);
}

export class DirectoryStorage implements FileStorage {
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
    mkdirSync(this.root, { recursive: true });
  }

  pathOf(key: string): string {
    if (!isValidKey(key)) throw new Error(`not a valid storage key: "${key}"`);
    const path = join(this.root, ...key.split('/'));
    if (!path.startsWith(this.root + sep)) throw new Error(`not a valid storage key: "${key}"`);
    return path;
  }

  async stat(key: string): Promise<StoredFile | null> {
    if (!isValidKey(key)) return null;
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? { key, bytes: info.size, modifiedAt: info.mtime } : null;
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    if (!isValidKey(key)) return;
    await rm(this.pathOf(key), { force: true });
  }

  async deleteFolder(prefix: string): Promise<void> {
    const key = prefix.replace(/\/+$/, '');
    if (!isValidKey(key)) return;
    await rm(this.pathOf(key), { recursive: true, force: true });
  }

  async list(prefix: string): Promise<StoredFile[]> {
    const key = prefix.replace(/\/+$/, '');
    if (!isValidKey(key)) return [];
    const out: StoredFile[] = [];
    const walk = async (dir: string, keyPrefix: string): Promise<void> => {
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of entries) {
        // Partial outputs of the encoder (`.partial-*`) are not files yet.
        if (entry.name.startsWith('.partial-')) continue;
        const path = join(dir, entry.name);
        if (entry.isDirectory()) await walk(path, `${keyPrefix}${entry.name}/`);
        else if (entry.isFile()) {
          const info = await stat(path).catch(() => null);
          if (info) out.push({ key: `${keyPrefix}${entry.name}`, bytes: info.size, modifiedAt: info.mtime });
        }
      }
    };
    await walk(this.pathOf(key), `${key}/`);
    return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }
}
