/** @jest-environment node */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { proAudioRowOf } from '@/lib/forms/pro-audio/schema';
import { migrations } from '@/server/store/migrations';
import { openPglite } from '@/server/store/pglite';
import { Store } from '@/server/store/store';
import { getSubmission, listPage, newCounts, updateSubmission } from '@/server/forms/workspace-store';
import { addSubmission } from '../service/test-stores';
import { emptyPgliteDir, scratchFolder } from '../../pglite-template';

/**
 * The move of the pro audio form's own table into the one submissions table: a database made by the
 * migrations before it, with pro audio rows, their history, a queued notification and inbox rows of
 * another form, is migrated; every row is then read through the form's declaration, answers to its
 * old id, and its status, note, history and outbox row follow it. (PGlite; the SQL is the same on
 * PostgreSQL.)
 */
describe('moving the pro audio submissions into the submissions table', () => {
  let dir: string;
  let store: Store;

  beforeAll(async () => {
    dir = scratchFolder('studio-pro-audio-move-');
    const db = await openPglite(await emptyPgliteDir(path.join(dir, 'db')));
    // The database as it was before the move: migrations 1 to 5 and rows in the old table.
    await db.write(async (tx) => {
      await tx.exec(
        'CREATE TABLE schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
      );
      for (const m of migrations.filter((m) => m.version < 6)) {
        await tx.exec(m.sql);
        await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
      }
      await tx.query('UPDATE outbox_config SET enabled = true');
      // Three inbox rows first, so the two tables' ids overlap.
      for (const name of ['Q1', 'Q2', 'Q3'])
        await tx.query("INSERT INTO form_submissions (form, payload) VALUES ('query', $1::jsonb)", [
          JSON.stringify({ Name: name }),
        ]);
      await tx.query(
        `INSERT INTO pro_audio_submissions (full_name, email, phone, availability, additional_services, budget, message, status, note, received_at)
         VALUES ('Asha Rao', 'asha@example.com', '9876543210', '{Weekends}', '{Mixing,Mastering}', '₹15,000', 'Three vocals', 'in-progress', 'Called back', '2026-01-02T03:04:05Z'),
                ('Ravi', 'ravi@example.com', '9876543211', '{}', '{}', '', '', 'new', '', '2026-01-03T00:00:00Z')`,
      );
      await tx.query(
        "INSERT INTO submission_events (source, submission_id, staff_name, status, note) VALUES ('pro-audio', 1, 'meera', 'in-progress', 'Called back')",
      );
    });
    store = new Store(db);
    expect(await store.migrate()).toEqual(migrations.filter((m) => m.version >= 6).map((m) => m.version));
  }, 120_000);

  afterAll(async () => {
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads every moved row back through the declaration, as the spec row', async () => {
    const rows = (await store.listInbox('pro-audio')).map(proAudioRowOf);
    expect(rows.map((r) => r.full_name)).toEqual(['Ravi', 'Asha Rao']);
    expect(rows[1]).toMatchObject({
      email: 'asha@example.com',
      phone: '9876543210',
      availability: ['Weekends'],
      additional_services: ['Mixing', 'Mastering'],
      budget: '₹15,000',
      message: 'Three vocals',
      received_at: '2026-01-02T03:04:05.000Z',
    });
    const tables = await store.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 'pro_audio_submissions'",
    );
    expect(tables[0]?.n).toBe(0);
  });

  it('keeps status, note and history, and the old id still opens the row', async () => {
    const byOldId = await getSubmission(store.db, 'pro-audio', 1);
    expect(byOldId?.row).toMatchObject({ status: 'in-progress', note: 'Called back' });
    expect(byOldId?.row.payload.fullName).toBe('Asha Rao');
    expect(byOldId?.history).toHaveLength(1);
    const newId = byOldId?.row.id as number;
    expect(newId).toBeGreaterThan(3);
    expect((await getSubmission(store.db, 'pro-audio', newId))?.row.payload.fullName).toBe('Asha Rao');
    // An old id of the pro audio form is not another form's row.
    expect((await getSubmission(store.db, 'query', 1))?.row.payload.Name).toBe('Q1');

    expect(await updateSubmission(store, 'pro-audio', 1, { status: 'done' }, 'meera')).toBe(true);
    const after = await getSubmission(store.db, 'pro-audio', newId);
    expect(after?.row.status).toBe('done');
    expect(after?.history.map((h) => h.status)).toEqual(['in-progress', 'done']);
    expect((await newCounts(store.db))['pro-audio']).toBe(1);
    const page = await listPage(
      store.db,
      'pro-audio',
      { q: 'asha', status: undefined, sort: 'received', dir: 'desc', page: 1, size: 25 } as never,
      ['fullName', 'email'],
    );
    expect(page.rows.map((r) => r.id)).toEqual([newId]);
  });

  it('points queued notifications at the new ids, adds none for the move, and one for a new submission', async () => {
    const moved = await store.db.query<{ new_id: number }>('SELECT new_id FROM moved_submissions ORDER BY old_id');
    const refs = async () =>
      (
        await store.db.query<{ ref_id: number }>("SELECT ref_id FROM outbox WHERE source = 'pro-audio' ORDER BY id")
      ).map((q) => q.ref_id);
    // The two rows were queued when they arrived (before the move): they now name the new ids.
    expect(await refs()).toEqual(moved.map((m) => m.new_id));
    const id = await addSubmission(store, 'pro-audio', {
      fullName: 'New',
      email: 'n@example.com',
      phone: '9876543212',
    });
    expect(await refs()).toEqual([...moved.map((m) => m.new_id), id]);
    expect(id).toBeGreaterThan(Math.max(...moved.map((m) => m.new_id)));
  });
});
