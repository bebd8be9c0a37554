import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrations } from '../server/store/migrations';
import { openPglite } from '../server/store/pglite';
import { Store } from '../server/store/store';

// Named by the migrations' content, so a template made from other migrations (another checkout) is never reused.
const migrationsKey = createHash('sha256').update(JSON.stringify(migrations)).digest('hex').slice(0, 12);
const templateDir = path.join(os.tmpdir(), `studio-pglite-template-${migrationsKey}`);

/**
 * A new PGlite data folder, migrated, at `at` (a new temp folder by default): a copy of a template
 * made once per machine, because creating a PGlite database from scratch (initdb) takes many
 * seconds. The service's tests open it; the browser tests' own servers start on it.
 */
export async function freshPgliteDir(at?: string): Promise<string> {
  if (!existsSync(path.join(templateDir, 'PG_VERSION'))) {
    const building = mkdtempSync(path.join(os.tmpdir(), 'studio-pglite-build-'));
    const dir = path.join(building, 'db');
    const store = new Store(await openPglite(dir));
    await store.migrate();
    await store.close();
    try {
      renameSync(dir, templateDir);
    } catch {
      // Another test worker made it first.
    }
    rmSync(building, { recursive: true, force: true });
  }
  const dir = at ?? path.join(mkdtempSync(path.join(os.tmpdir(), 'studio-pglite-test-')), 'db');
  cpSync(templateDir, dir, { recursive: true });
  return dir;
}
