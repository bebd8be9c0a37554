import { rmSync } from 'node:fs';
import path from 'node:path';
import { personOfForm } from '@/lib/forms/registry';
import { openStore, type Store } from '@/server/store/store';
import { freshPgliteDir, scratchFolder } from '../../pglite-template';
import { throwawaySchema } from './postgres';

export interface TestDatabase {
  label: string;
  open(): Promise<Store>;
  /** Opens the same database again (after close), as a restarted server would. */
  reopen(): Promise<Store>;
  dispose(): Promise<void>;
}

/** PGlite in a scratch folder of its own (in memory where the machine has room). */
async function pgliteDatabase(): Promise<TestDatabase> {
  const parent = scratchFolder('studio-pglite-test-');
  const dir = await freshPgliteDir(path.join(parent, 'db'));
  return {
    label: 'PGlite',
    open: () => openStore({ dataDir: dir }),
    reopen: () => openStore({ dataDir: dir }),
    dispose: async () => rmSync(parent, { recursive: true, force: true }),
  };
}

/** A throwaway schema in the PostgreSQL of TEST_DATABASE_URL. */
async function postgresDatabase(url: string): Promise<TestDatabase> {
  const schema = await throwawaySchema(url, 'test');
  const open = () => openStore({ databaseUrl: schema.url, dataDir: '' });
  return { label: 'PostgreSQL', open, reopen: open, dispose: schema.drop };
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

/** The store of a test database, for the tests of one block. */
export interface OpenedStore {
  readonly store: Store;
  /** Closes the store and opens the same database again, as a restarted server would. */
  reopen(): Promise<void>;
}

/**
 * Makes a database with `make` and opens its store before the tests of the block this is called in,
 * then closes the store and removes the database after them. Read `store` in hooks and tests.
 */
export function openedStore(make: () => Promise<TestDatabase>): OpenedStore {
  const opened: { database?: TestDatabase; store?: Store } = {};
  beforeAll(async () => {
    opened.database = await make();
    opened.store = await opened.database.open();
  });
  afterAll(async () => {
    await opened.store?.close();
    await opened.database?.dispose();
  });
  return {
    get store() {
      if (!opened.store) throw new Error('the store is opened in beforeAll');
      return opened.store;
    },
    async reopen() {
      await opened.store?.close();
      opened.store = await opened.database?.reopen();
    },
  };
}

/** How to make the test database called `label`; making it fails when this run has none. */
export function databaseKind(label: string): () => Promise<TestDatabase> {
  return databaseKinds.find(([kind]) => kind === label)?.[1] ?? (() => Promise.reject(new Error(`no ${label}`)));
}

/** Stores a form's payload as the service does: with who it is from, by the form's declaration (nobody for another form). */
export function addSubmission(store: Store, form: string, payload: Record<string, unknown>): Promise<number> {
  return store.addInbox(form, payload, personOfForm(form, payload));
}
