import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync, statfsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrations } from '../server/store/migrations';
import { openPglite } from '../server/store/pglite';
import { Store } from '../server/store/store';

// Named by PGlite's version (its initdb's output) and, for the migrated one, the migrations' content,
// so that a template made by another version or from other migrations (another checkout) is never reused.
const pgliteVersion = (
  JSON.parse(readFileSync(path.join(__dirname, '../node_modules/@electric-sql/pglite/package.json'), 'utf8')) as {
    version: string;
  }
).version;
const migrationsKey = createHash('sha256')
  .update(JSON.stringify([pgliteVersion, migrations]))
  .digest('hex')
  .slice(0, 12);
const migratedTemplate = path.join(os.tmpdir(), `studio-pglite-template-${migrationsKey}`);
const emptyTemplate = path.join(os.tmpdir(), `studio-pglite-empty-${pgliteVersion}`);

/** Room that /dev/shm must have free for the tests' databases to go there (each is about 40 MB). */
const memoryRoom = 1024 ** 3;

/**
 * A new temp folder for a test's database, which the test removes when it is done: in memory
 * (/dev/shm) when this machine has room there, else in the temp folder. On a disk, copying a
 * database's 40 MB, syncing its every write and deleting it afterwards cost more processor time
 * than many of the tests themselves; the database is the same PGlite on the same files either way
 * (the syncs are still made, and the processes tier's tests of syncs and crashes keep theirs on disk).
 */
export function scratchFolder(prefix: string): string {
  let root = os.tmpdir();
  try {
    const shm = statfsSync('/dev/shm');
    if (shm.bavail * shm.bsize >= memoryRoom) root = '/dev/shm';
  } catch {
    // No /dev/shm here.
  }
  return mkdtempSync(path.join(root, prefix));
}

/**
 * A copy of the template folder `template` at `at` (a new temp folder by default), the template made
 * first by `make` if this machine has none yet: creating a PGlite database (initdb) takes seconds.
 */
async function copyOf(template: string, make: (dir: string) => Promise<void>, at?: string): Promise<string> {
  if (!existsSync(path.join(template, 'PG_VERSION'))) {
    const building = mkdtempSync(path.join(os.tmpdir(), 'studio-pglite-build-'));
    const dir = path.join(building, 'db');
    await make(dir);
    try {
      renameSync(dir, template);
    } catch {
      // Another test worker made it first.
    }
    rmSync(building, { recursive: true, force: true });
  }
  const dir = at ?? path.join(mkdtempSync(path.join(os.tmpdir(), 'studio-pglite-test-')), 'db');
  cpSync(template, dir, { recursive: true });
  return dir;
}

/**
 * A new PGlite data folder, migrated, at `at` (a new temp folder by default): a copy of a template
 * made once per machine. The service's tests open it; the browser tests' own servers start on it.
 */
export function freshPgliteDir(at?: string): Promise<string> {
  return copyOf(
    migratedTemplate,
    async (dir) => {
      const store = new Store(await openPglite(dir));
      await store.migrate();
      await store.close();
    },
    at,
  );
}

/**
 * A new PGlite data folder as the embedded database's first start leaves it (initdb's, no tables):
 * the starting point of tests of the migrations themselves and of a restore into an empty database.
 */
export function emptyPgliteDir(at?: string): Promise<string> {
  return copyOf(emptyTemplate, async (dir) => (await openPglite(dir)).close(), at);
}
