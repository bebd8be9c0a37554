/** @jest-environment node */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { payables } from '@/lib/payments/payables';
import { createReference } from '@/lib/payments/reference';
import { addClaim, listClaims } from '@/server/payments/claims-store';
import type { Db } from '@/server/store/db';
import { migrations } from '@/server/store/migrations';
import { openPglite } from '@/server/store/pglite';
import { openPostgres } from '@/server/store/postgres';
import { Store } from '@/server/store/store';
import { throwawaySchema } from './postgres';
import { emptyPgliteDir, scratchFolder } from '../../pglite-template';

/** An empty database of each kind this run has, and how to remove it. */
const databases: Array<[string, () => Promise<{ db: Db; dispose: () => Promise<void> }>]> = [
  [
    'PGlite',
    async () => {
      const parent = scratchFolder('studio-payment-kinds-');
      const db = await openPglite(await emptyPgliteDir(path.join(parent, 'db')));
      return { db, dispose: async () => rmSync(parent, { recursive: true }) };
    },
  ],
  ...(process.env.TEST_DATABASE_URL
    ? [
        [
          'PostgreSQL',
          async () => {
            const schema = await throwawaySchema(process.env.TEST_DATABASE_URL ?? '', 'kinds');
            return { db: await openPostgres(schema.url), dispose: schema.drop };
          },
        ] as [string, () => Promise<{ db: Db; dispose: () => Promise<void> }>],
      ]
    : []),
];

const claimRow = `INSERT INTO payment_claims (utr, contact, reference, amount_paise, page`;

/**
 * The kind of payment on each claim: a database made by the migrations before it, with a masterclass
 * claim, a course claim and one whose reference no page makes, is migrated; each claim then has its
 * kind, and the column refuses a claim without one or of a kind the payables table does not have.
 */
describe.each(databases)('the kind of payment of each claim (%s)', (_label, make) => {
  let store: Store;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    const made = await make();
    dispose = made.dispose;
    await made.db.write(async (tx) => {
      await tx.exec(
        'CREATE TABLE schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
      );
      for (const m of migrations.filter((m) => m.version < 22)) {
        await tx.exec(m.sql);
        await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
      }
      await tx.query(
        `${claimRow}) VALUES ('100000000001', 'asha@example.com', 'MCLX2ABCDEFGH', 11682, 'masterclass'),
           ('100000000002', 'ravi@example.com', 'CRLX2ABCDEFGH', 117882, 'course'),
           ('100000000003', 'tara@example.com', 'y', 1, 'p')`,
      );
    });
    store = new Store(made.db);
    expect(await store.migrate()).toEqual(migrations.filter((m) => m.version >= 22).map((m) => m.version));
  }, 120_000);

  afterAll(async () => {
    await store?.close();
    await dispose?.();
  });

  it('gives the claims before it their kind from their reference: masterclass, course, and course as taken until then', async () => {
    const kinds = await store.db.query<{ utr: string; kind: string }>(
      'SELECT utr, kind FROM payment_claims ORDER BY utr',
    );
    expect(kinds).toEqual([
      { utr: '100000000001', kind: 'masterclass' },
      { utr: '100000000002', kind: 'course' },
      { utr: '100000000003', kind: 'course' },
    ]);
  });

  it('refuses a claim without a kind, or of a kind the payables table does not have', async () => {
    const insert = (kind: string | null) =>
      store.db.write((tx) =>
        tx.query(`${claimRow}, kind) VALUES ('100000000009', 'x@example.com', 'XX1', 1, 'p', $1)`, [kind]),
      );
    await expect(insert(null)).rejects.toThrow(/null value in column "kind"/);
    await expect(insert('workshop')).rejects.toThrow(/payment_claims_kind_check/);
  });

  it('records the kind of each claim sent, from the payables table, for every kind it has', async () => {
    for (const [i, payable] of payables.entries()) {
      const reference = createReference(payable.prefix);
      const id = await addClaim(store, {
        utr: `20000000000${i}`,
        contact: 'asha@example.com',
        reference,
        amountPaise: 100,
      });
      expect((await listClaims(store.db)).find((c) => c.id === id)).toMatchObject({ reference, kind: payable.kind });
    }
    await expect(
      addClaim(store, { utr: '200000000099', contact: 'asha@example.com', reference: 'XXLX2ABCDEFGH', amountPaise: 1 }),
    ).rejects.toThrow(/is of no kind of payment/);
  });
});
