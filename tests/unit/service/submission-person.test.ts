/** @jest-environment node */
import { personOfForm } from '@/lib/forms/registry';
import { submissionPerson } from '@/server/store/migrations/v23-submission-person';
import { TS, validSubmissions } from '../forms/fixtures';
import { databaseKinds, openedStore } from './test-stores';

jest.setTimeout(120_000);

/** A payload of every form the service stores, as each form sends it, and one of a form the site does not declare. */
const payloads: Array<[string, Record<string, unknown>]> = [
  ...validSubmissions.map(({ form, values }): [string, Record<string, unknown>] => [
    form.name,
    { ...form.toPayload(values, TS) },
  ]),
  // Mixed case and spaces as an older release may have stored them.
  ['diploma', { Name: ' Karan ', Email: ' Karan@Example.COM ', Phone: '+91 98765 43210' }],
  ['contact', { name: 'Asha', email: 'asha@example.com' }],
];

describe.each(databaseKinds)('who a submission is from, in columns, on %s', (_label, make) => {
  const testDb = openedStore(make);

  it('fills the columns of the submissions stored before it as the forms declare them (migration 23)', async () => {
    const db = testDb.store.db;
    // The rows of a database from before the columns: stored, then the columns taken away.
    for (const [form, payload] of payloads)
      await db.write((tx) =>
        tx.query('INSERT INTO form_submissions (form, payload) VALUES ($1, $2::jsonb)', [
          form,
          JSON.stringify(payload),
        ]),
      );
    const [session] = await db.write((tx) =>
      tx.query<{ id: number }>(
        `INSERT INTO class_sessions (kind, label, starts_at, duration_minutes, capacity)
         VALUES ('masterclass', 'Sat 4pm', now() + interval '30 days', 60, 5) RETURNING id`,
      ),
    );
    await db.write((tx) =>
      tx.query(
        `INSERT INTO waitlist (session_id, form, payload, email, position) VALUES ($1, 'certification', $2::jsonb, $3, 1)`,
        [
          session?.id,
          JSON.stringify({ Name: 'Meera Iyer', Email: 'meera@example.com', Phone: '98765 43210' }),
          'meera@example.com',
        ],
      ),
    );
    await db.write(async (tx) => {
      await tx.exec(`ALTER TABLE form_submissions DROP COLUMN person_name, DROP COLUMN person_email, DROP COLUMN person_phone;
        ALTER TABLE waitlist DROP COLUMN name, DROP COLUMN phone;`);
      await tx.exec(submissionPerson.sql);
    });

    const rows = await db.query<Record<string, unknown>>(
      'SELECT form, payload, person_name, person_email, person_phone FROM form_submissions ORDER BY id',
    );
    expect(rows).toHaveLength(payloads.length);
    for (const r of rows) {
      const payload = (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as Record<string, unknown>;
      const person = personOfForm(String(r.form), payload);
      expect({ form: r.form, name: r.person_name, email: r.person_email, phone: r.person_phone }).toEqual({
        form: r.form,
        ...person,
      });
    }
    expect(rows.find((r) => r.person_email === 'karan@example.com' && r.person_name === 'Karan')).toMatchObject({
      person_phone: '9876543210',
    });
    expect(await db.query('SELECT name, phone FROM waitlist')).toEqual([{ name: 'Meera Iyer', phone: '9876543210' }]);
  });

  it("acknowledges a registration at its sender's e-mail column, not the payload's", async () => {
    const db = testDb.store.db;
    await db.write((tx) => tx.query('UPDATE outbox_config SET registrant_enabled = true'));
    const [session] = await db.query<{ id: number }>("SELECT id FROM class_sessions WHERE label = 'Sat 4pm'");
    const id = await testDb.store.addInbox(
      'masterclass',
      { name: 'Neha', email: 'not-this@example.com', phone: '9876543210', schedule: 'Sat 4pm' },
      { name: 'Neha', email: 'neha@example.in', phone: '9876543210' },
    );
    expect(await db.query('SELECT session_id FROM session_seats WHERE registration_id = $1', [id])).toEqual([
      { session_id: session?.id },
    ]);
    expect(await db.query("SELECT to_address FROM outbox WHERE source = 'reg-received' AND ref_id = $1", [id])).toEqual(
      [{ to_address: 'neha@example.in' }],
    );
  });
});
