/**
 * `npm run db:schema`: migrates a new embedded database (in a temp folder) from empty and writes
 * its schema to server/store/schema.sql, the one place that shows every table, constraint, index,
 * trigger and function as the migrations leave them. Run it after adding a migration.
 */
import '@/lib/load-env';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeSchema, schemaFile } from '@/server/store/schema';
import { openStore } from '@/server/store/store';
import { runCli } from './db-common';

runCli(async () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'studio-schema-'));
  try {
    const store = await openStore({ dataDir: path.join(folder, 'db') });
    const schema = await describeSchema(store.db).finally(() => store.close());
    const file = path.resolve(schemaFile);
    const before = (() => {
      try {
        return readFileSync(file, 'utf8');
      } catch {
        return '';
      }
    })();
    if (before === schema) {
      console.log(`${schemaFile} is up to date.`);
      return;
    }
    writeFileSync(file, schema);
    console.log(`${schemaFile} written: review its changes (git diff) and commit them with the migration.`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
