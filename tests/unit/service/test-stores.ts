import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrations } from '@/server/store/migrations';
import { openPglite } from '@/server/store/pglite';
import { openStore, Store } from '@/server/store/store';

// Named by the migrations' content, so a template made from other migrations (another checkout) is never reused.
const migrationsKey = createHash('sha256').update(JSON.stringify(migrations)).digest('hex').slice(0, 12);
const templateDir = path.join(os.tmpdir(), `studio-pglite-template-${migrationsKey}`);

/**
 * A new PGlite data folder, migrated: a copy of a template made once per machine, because creating
 * a PGlite database from scratch (initdb) takes many seconds.
 */
export async function freshPgliteDir(): Promise<string> {
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
  const parent = mkdtempSync(path.join(os.tmpdir(), 'studio-pglite-test-'));
  const dir = path.join(parent, 'db');
  cpSync(templateDir, dir, { recursive: true });
  return dir;
}

export interface TestDatabase {
  label: string;
  open(): Promise<Store>;
  /** Opens the same database again (after close), as a restarted server would. */
  reopen(): Promise<Store>;
  dispose(): Promise<void>;
}

/** PGlite in a temp folder. */
async function pgliteDatabase(): Promise<TestDatabase> {
  const dir = await freshPgliteDir();
  return {
    label: 'PGlite',
    open: () => openStore({ dataDir: dir }),
    reopen: () => openStore({ dataDir: dir }),
    dispose: async () => rmSync(path.dirname(dir), { recursive: true, force: true }),
  };
}

/** A throwaway schema in the PostgreSQL of TEST_DATABASE_URL. */
async function postgresDatabase(url: string): Promise<TestDatabase> {
  const schema = `test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const withSchema = new URL(url);
  withSchema.searchParams.set('options', `-c search_path=${schema}`);
  const open = () => openStore({ databaseUrl: withSchema.toString(), dataDir: '' });
  return {
    label: 'PostgreSQL',
    open,
    reopen: open,
    dispose: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    },
  };
}

/** The databases the service's tests run against: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const databaseKinds: Array<[string, () => Promise<TestDatabase>]> = [
  ['PGlite', pgliteDatabase],
  ...(process.env.TEST_DATABASE_URL
    ? [
        ['PostgreSQL', () => postgresDatabase(process.env.TEST_DATABASE_URL ?? '')] as [
          string,
          () => Promise<TestDatabase>,
        ],
      ]
    : []),
];
