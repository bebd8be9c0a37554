/**
 * A cache of build outputs by content hash under .next/cache/ (kept by `next build`), so that a
 * rebuild after an editor's save redoes only what changed: the post-build steps' compressed copies
 * and Open Graph cards. Each run keeps what it used and removes the rest.
 */
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

export interface BuildCache {
  /**
   * Puts the cached file `name` (a key with its extension) at `to`, made by `make` when missing;
   * `hit` says which, `size` is its length in bytes. See `placeWhole`.
   */
  place(name: string, to: string, make: () => Promise<Buffer>): Promise<{ hit: boolean; size: number }>;
  /** Whether the cache has `name` (kept by prune when it has). */
  has(name: string): boolean;
  /** Removes every entry this run did not ask for. */
  prune(): void;
}

/** The hex SHA-256 of the given parts: a cache key. */
export function contentKey(...parts: ReadonlyArray<string | Uint8Array>): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest('hex');
}

export function buildCache(name: string): BuildCache {
  const dir = path.join('.next', 'cache', name);
  mkdirSync(dir, { recursive: true });
  const used = new Set<string>();
  return {
    async place(entry, to, make) {
      used.add(entry);
      const file = path.join(dir, entry);
      try {
        placeWhole(file, to);
        return { hit: true, size: statSync(to).size };
      } catch {
        // Missing (or just pruned by a build running beside this one): made again.
      }
      const bytes = await make();
      // A build stopped half-way never leaves a torn entry.
      writeWhole(file, bytes);
      placeWhole(file, to);
      return { hit: false, size: bytes.byteLength };
    },
    has(entry) {
      const cached = existsSync(path.join(dir, entry));
      if (cached) used.add(entry);
      return cached;
    },
    prune() {
      for (const entry of readdirSync(dir)) if (!used.has(entry)) unlinkSync(path.join(dir, entry));
    },
  };
}

/** Writes `bytes` under a temporary name, then renames it: a reader sees the old file or the whole new one. */
export function writeWhole(file: string, bytes: Uint8Array): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, bytes);
  renameSync(temporary, file);
}

/**
 * Puts `from` at `to` as a hard link to the same file (no bytes read or written), or a copy when
 * they are on different file systems; under a temporary name, then renamed, as `writeWhole`. A
 * cache entry is never written in place (`writeWhole` replaces it), so a linked file cannot change.
 */
export function placeWhole(from: string, to: string): void {
  const temporary = `${to}.${process.pid}.tmp`;
  try {
    linkSync(from, temporary);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw error;
    rmSync(temporary, { force: true });
    copyFileSync(from, temporary);
  }
  renameSync(temporary, to);
}

/** Every file under `dir`, at any depth. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}
