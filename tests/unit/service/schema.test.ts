/** @jest-environment node */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describeSchema, schemaFile } from '@/server/store/schema';
import { databaseKinds, openedStore } from './test-stores';

jest.setTimeout(120_000);

const committed = readFileSync(path.resolve(schemaFile), 'utf8');

/**
 * PostgreSQL 15 (Debian's, which scripts/test-postgres.sh starts) writes a view's columns with their
 * table's alias (`s.id`); PGlite's PostgreSQL 18 leaves the alias off where only one table can hold
 * the column. The view is the same, so on PostgreSQL the views are compared without their aliases.
 */
function withoutAliasesInViews(schema: string): string {
  return schema.replace(/^CREATE (?:MATERIALIZED )?VIEW [\s\S]*?;$/gm, (view) =>
    view.replace(/\b[a-z_][a-z0-9_]*\.(?=[a-z_"])/g, ''),
  );
}

/** What is wrong with the committed schema, with the first line that differs; '' when it is right. */
function advice(expected: string, actual: string): string {
  if (actual === expected) return '';
  const want = expected.split('\n');
  const got = actual.split('\n');
  const at = want.findIndex((line, i) => line !== got[i]);
  const line = at === -1 ? want.length : at;
  return (
    `${schemaFile} is not the schema the migrations leave: run \`npm run db:schema\` and commit it with ` +
    `the migration. First difference, line ${line + 1}:\n  ${schemaFile}: ${want[line] ?? '(end)'}\n` +
    `  the database: ${got[line] ?? '(end)'}`
  );
}

describe.each(databaseKinds)('the schema of a database migrated from empty, on %s', (label, make) => {
  const testDb = openedStore(make);

  it(`is ${schemaFile}`, async () => {
    const schema = await describeSchema(testDb.store.db);
    const same = label === 'PGlite' ? (text: string) => text : withoutAliasesInViews;
    expect(advice(same(committed), same(schema))).toBe('');
  });

  it('shows what a migration changes: a new column, a disabled trigger', async () => {
    const before = await describeSchema(testDb.store.db);
    // The change is seen inside its transaction, then rolled back: the database stays as migrated.
    const seen: { schema?: string } = {};
    await expect(
      testDb.store.db.write(async (tx) => {
        await tx.exec(
          "ALTER TABLE staff ADD COLUMN nickname text NOT NULL DEFAULT '';" +
            'ALTER TABLE payment_claims DISABLE TRIGGER payment_claims_outbox;',
        );
        seen.schema = await describeSchema(tx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(seen.schema).toContain(
      "  created_at timestamp with time zone NOT NULL DEFAULT now(),\n  nickname text NOT NULL DEFAULT ''::text,\n  CONSTRAINT staff_name_key UNIQUE (name),",
    );
    expect(seen.schema).toContain(
      "CREATE TRIGGER payment_claims_outbox AFTER INSERT ON payment_claims FOR EACH ROW EXECUTE FUNCTION outbox_enqueue('claim');\nALTER TABLE payment_claims DISABLE TRIGGER payment_claims_outbox;",
    );
    expect(await describeSchema(testDb.store.db)).toBe(before);
  });
});
