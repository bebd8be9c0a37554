import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Runs `use` in a new folder of the system's temp folder (named from `prefix`), and removes the folder after. */
export function inTempDir<T>(prefix: string, use: (dir: string) => T): T {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  try {
    return use(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
