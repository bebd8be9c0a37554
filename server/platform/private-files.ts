/**
 * The files the site writes for its owner alone (its log, the updater's logs and lock, the server's
 * output): mode 600 inside a folder of mode 700, also when the file or the folder was already there
 * with a wider mode (a copy, an older version, a umask of 022): the mode is set on every open.
 */
import { chmodSync, closeSync, fchmodSync, mkdirSync, openSync, writeSync } from 'node:fs';

/**
 * Makes `dir` (and its missing parents) and leaves it owner-only (700); a folder of another user
 * (made for the site by root, say) keeps the mode its owner chose. Returns `dir`.
 */
export function privateFolder(dir: string): string {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    chmodSync(dir, 0o700);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
  }
  return dir;
}

/** Opens `file` owner-only (600) for appending (`a`), replacing (`w`) or making (`wx`, fails when it exists). */
export function openPrivate(file: string, flags: 'a' | 'w' | 'wx'): number {
  const fd = openSync(file, flags, 0o600);
  try {
    fchmodSync(fd, 0o600);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  return fd;
}

/** Writes `text` to `file` owner-only: appended (`a`), replacing it (`w`) or as a new file (`wx`). */
export function writePrivate(file: string, text: string, flags: 'a' | 'w' | 'wx'): void {
  const fd = openPrivate(file, flags);
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
}
