/** @jest-environment node */
import path from 'node:path';
import { existsSync, rmSync } from 'node:fs';
import { DataDirInUseError } from '@/server/store/lock';
import { openPglite } from '@/server/store/pglite';
import { migrations } from '@/server/store/migrations';
import { type ProAudioPayload, proAudioRowOf } from '@/lib/forms/pro-audio/schema';
import { freshPgliteDir } from '../../pglite-template';
import { databaseKinds, openedStore, addSubmission } from './test-stores';

jest.setTimeout(120_000);

const payload: ProAudioPayload = {
  fullName: 'Asha Rao',
  email: 'asha@example.com',
  phone: '+91 98765 43210',
  availability: ['Weekdays', 'Evenings'],
  additionalServices: ['Mixing'],
  budget: '₹20,000',
  message: "Robert'); DROP TABLE pro_audio_submissions;-- <script>alert(1)</script>",
};

describe.each(databaseKinds)('the store on %s', (_label, make) => {
  const testDb = openedStore(make);

  it('applies each migration once', async () => {
    expect(await testDb.store.migrate()).toEqual([]);
    const versions = await testDb.store.db.query<{ version: number }>(
      'SELECT version FROM schema_migrations ORDER BY version',
    );
    expect(versions.map((v) => v.version)).toEqual(migrations.map((m) => m.version));
  });

  it('changes data only through write: a write outside it is refused by the database, a write inside it is kept', async () => {
    const { db } = testDb.store;
    const staffCount = async () =>
      Number((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM staff'))[0]?.n);
    const before = await staffCount();
    await expect(db.query("INSERT INTO staff (name, password_hash) VALUES ('outside', 'x')")).rejects.toThrow(
      /read-only transaction/,
    );
    await expect(db.query('WITH gone AS (DELETE FROM staff RETURNING id) SELECT count(*) FROM gone')).rejects.toThrow(
      /read-only transaction/,
    );
    await expect(db.read((tx) => tx.query("UPDATE staff SET name = 'renamed'"))).rejects.toThrow(
      /read-only transaction/,
    );
    expect(await staffCount()).toBe(before);
    await db.write((tx) => tx.query("INSERT INTO staff (name, password_hash) VALUES ('inside', 'x')"));
    expect(await staffCount()).toBe(before + 1);
    await db.write((tx) => tx.query("DELETE FROM staff WHERE name = 'inside'"));
  });

  it('stores a pro audio submission and reads it back as the spec row, text verbatim', async () => {
    const id = await addSubmission(testDb.store, 'pro-audio', { ...payload });
    const rows = (await testDb.store.listInbox('pro-audio')).map(proAudioRowOf);
    const row = rows.find((r) => r.id === id);
    expect(row).toMatchObject({
      full_name: 'Asha Rao',
      email: 'asha@example.com',
      phone: '+91 98765 43210',
      availability: ['Weekdays', 'Evenings'],
      additional_services: ['Mixing'],
      budget: '₹20,000',
      message: payload.message,
    });
    expect(Date.parse(row?.received_at ?? '')).not.toBeNaN();
  });

  it('keeps inbox payloads per form, newest first', async () => {
    await addSubmission(testDb.store, 'query', { Name: 'A', Query: 'first query text' });
    await addSubmission(testDb.store, 'query', { Name: 'B', Query: 'second \' " query' });
    await addSubmission(testDb.store, 'diploma', { Name: 'C' });
    const rows = await testDb.store.listInbox('query');
    expect(rows.map((r) => r.payload.Name)).toEqual(['B', 'A']);
    expect(rows[0]?.payload.Query).toBe('second \' " query');
  });

  it('finds a session only until it expires, and forgets it on sign-out', async () => {
    await testDb.store.addStaff('meera', 'scrypt$hash');
    const staff = await testDb.store.findStaff('meera');
    expect(staff?.name).toBe('meera');
    const expires = new Date(Date.now() + 60_000);
    await testDb.store.createSession('token-1', staff?.id ?? 0, expires, new Date());
    expect(await testDb.store.sessionStaff('token-1', new Date())).toEqual({ id: staff?.id, name: 'meera' });
    expect(await testDb.store.sessionStaff('token-1', new Date(expires.getTime() + 1))).toBeUndefined();
    expect(await testDb.store.sessionStaff('token-2', new Date())).toBeUndefined();
    const stored = await testDb.store.db.query<{ id: string }>('SELECT id FROM sessions');
    expect(stored.map((s) => s.id)).not.toContain('token-1');
    await testDb.store.deleteSession('token-1');
    expect(await testDb.store.sessionStaff('token-1', new Date())).toBeUndefined();
  });

  it("clears sessions that expired over a day before a sign-in by the service's clock, not the wall clock", async () => {
    await testDb.store.addStaff('tara', 'scrypt$hash');
    const tara = (await testDb.store.findStaff('tara'))?.id ?? 0;
    const signedInAt = new Date('2026-03-02T10:00:00Z');
    const hours = (n: number) => new Date(signedInAt.getTime() + n * 3_600_000);
    await testDb.store.createSession('token-old', tara, hours(-25), hours(-30));
    await testDb.store.createSession('token-recent', tara, hours(-23), hours(-30));
    await testDb.store.createSession('token-new', tara, hours(12), signedInAt);
    const left = await testDb.store.db.query<{ id: string }>('SELECT id FROM sessions WHERE staff_id = $1', [tara]);
    expect(left).toHaveLength(2);
    expect(await testDb.store.sessionStaff('token-new', hours(1))).toEqual({ id: tara, name: 'tara' });
    expect(await testDb.store.sessionStaff('token-recent', hours(-24))).toEqual({ id: tara, name: 'tara' });
    expect(await testDb.store.removeStaff('tara')).toBe(true);
  });

  it('removes a staff member with their sessions', async () => {
    await testDb.store.addStaff('ravi', 'scrypt$hash');
    const ravi = await testDb.store.findStaff('ravi');
    await testDb.store.createSession('token-r', ravi?.id ?? 0, new Date(Date.now() + 60_000), new Date());
    expect(await testDb.store.removeStaff('ravi')).toBe(true);
    expect(await testDb.store.sessionStaff('token-r', new Date())).toBeUndefined();
    expect(await testDb.store.removeStaff('ravi')).toBe(false);
    expect((await testDb.store.listStaff()).map((s) => s.name)).toEqual(['meera']);
  });

  it('records builds', async () => {
    const id = await testDb.store.startBuild('post 22 saved');
    await testDb.store.finishBuild(id, 'failed', null, 'Type error: x', {
      durationMs: 41_500,
      firstError: 'Type error: x',
    });
    const [last] = await testDb.store.listBuilds();
    expect(last).toMatchObject({
      id,
      status: 'failed',
      reason: 'post 22 saved',
      logTail: 'Type error: x',
      folder: null,
      durationMs: 41_500,
      firstError: 'Type error: x',
    });
  });

  it('loses nothing of 200 concurrent submissions, across a restart', async () => {
    const before = (await testDb.store.listInbox('pro-audio')).map(proAudioRowOf).length;
    await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        addSubmission(testDb.store, 'pro-audio', { ...payload, fullName: `Client ${i}` }),
      ),
    );
    expect((await testDb.store.listInbox('pro-audio')).map(proAudioRowOf).length).toBe(before + 200);
    await testDb.reopen();
    const names = new Set((await testDb.store.listInbox('pro-audio')).map(proAudioRowOf).map((r) => r.full_name));
    for (let i = 0; i < 200; i++) expect(names.has(`Client ${i}`)).toBe(true);
  });
});

describe('the embedded database folder', () => {
  it('refuses a second opener while the first holds it, and creates a new folder on first use', async () => {
    const dir = await freshPgliteDir();
    const first = await openPglite(dir);
    await expect(openPglite(dir)).rejects.toBeInstanceOf(DataDirInUseError);
    await first.close();
    expect(existsSync(path.join(dir, 'studio-server.lock'))).toBe(false);
    rmSync(path.dirname(dir), { recursive: true, force: true });
  });
});
