/**
 * A cache of build outputs by content hash under .next/cache/ (kept by `next build`), so that a
 * rebuild after an editor's save redoes only what changed: the post-build steps' compressed copies
 * and Open Graph cards. Each run keeps what it used and removes the rest.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface BuildCache {
  /** The cached bytes of `name` (a key with its extension), made by `make` when missing; `hit` says which. */
  get(name: string, make: () => Promise<Buffer>): Promise<{ bytes: Buffer; hit: boolean }>;
  /** The cached bytes of `name` if there are any (kept by prune). */
  peek(name: string): Buffer | undefined;
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
    async get(entry, make) {
      used.add(entry);
      const file = path.join(dir, entry);
      try {
        return { bytes: readFileSync(file), hit: true };
      } catch {
        // Missing (or just pruned by a build running beside this one): made again.
      }
      const bytes = await make();
      // A build stopped half-way never leaves a torn entry.
      writeWhole(file, bytes);
      return { bytes, hit: false };
    },
    peek(entry) {
      try {
        const bytes = readFileSync(path.join(dir, entry));
        used.add(entry);
        return bytes;
      } catch {
        return undefined;
      }
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

/** Every file under `dir`, at any depth. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}
