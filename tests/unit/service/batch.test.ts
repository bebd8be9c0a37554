/** @jest-environment node */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { insertBatcher } from '@/server/store/batch';
import type { Db } from '@/server/store/db';
import { openPglite } from '@/server/store/pglite';
import { freshPgliteDir, scratchFolder } from '../../pglite-template';

jest.setTimeout(60_000);

/** `db` whose writes tell `seen` each statement they run. */
const watched = (db: Db, seen: (sql: string, params?: readonly unknown[]) => void): Db => ({
  ...db,
  write: (fn) =>
    db.write((tx) =>
      fn({
        ...tx,
        query: (sql, params) => {
          seen(sql, params);
          return tx.query(sql, params);
        },
      }),
    ),
});

describe('inserts that arrive together (the embedded database)', () => {
  let db: Db;
  const parent = scratchFolder('studio-pglite-test-');
  beforeAll(async () => {
    db = await openPglite(await freshPgliteDir(path.join(parent, 'db')));
    await db.write((tx) =>
      tx.exec('CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL, tags text[] NOT NULL, extra jsonb)'),
    );
  });
  afterAll(async () => {
    await db.close();
    rmSync(parent, { recursive: true, force: true });
  });

  const count = async () => Number((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM notes'))[0]?.n);

  it('share one statement, and each caller gets the id of its own row', async () => {
    const statements: string[] = [];
    const counted = watched(db, (sql) => statements.push(sql));
    const insert = insertBatcher(counted, 'notes', ['body', 'tags::text[]', 'extra::jsonb']);
    const ids = await Promise.all(
      Array.from({ length: 50 }, (_, i) => insert([`note ${i}`, [`tag ${i}`], JSON.stringify({ i })])),
    );
    expect(statements).toHaveLength(1);
    expect(new Set(ids).size).toBe(50);
    for (const [i, id] of ids.entries()) {
      const [row] = await db.query<{ body: string; tags: string[]; extra: { i: number } }>(
        'SELECT body, tags, extra FROM notes WHERE id = $1',
        [id],
      );
      expect(row).toEqual({ body: `note ${i}`, tags: [`tag ${i}`], extra: { i } });
    }
  });

  it('fail only the row the database refuses; the others are stored', async () => {
    const insert = insertBatcher(db, 'notes', ['body', 'tags::text[]', 'extra::jsonb']);
    const before = await count();
    const results = await Promise.allSettled([
      insert(['kept 1', ['a'], '{}']),
      insert(['refused', ['b'], '{not json']),
      insert(['kept 2', ['c'], null]),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/json/i);
    expect(await count()).toBe(before + 2);
  });

  it('keeps working after a refused row, and splits a large burst into statements of at most 200 rows', async () => {
    const statements: number[] = [];
    const counted = watched(db, (_sql, params) => statements.push(params?.length ?? 0));
    const insert = insertBatcher(counted, 'notes', ['body', 'tags::text[]']);
    await expect(insert([null, []])).rejects.toThrow(/null/i);
    const ids = await Promise.all(Array.from({ length: 450 }, (_, i) => insert([`burst ${i}`, []])));
    expect(new Set(ids).size).toBe(450);
    expect(statements.slice(1)).toEqual([400, 400, 100]);
  });
});
