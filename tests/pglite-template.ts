import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
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
