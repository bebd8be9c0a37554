/**
 * `npm run db:restore FILE`: restores a backup (npm run db:backup, or a daily one) into the
 * configured database, which must be empty: a DATA_DIR without a database, or a PostgreSQL
 * database (DATABASE_URL) without tables. A non-empty one is refused and left as it was.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { getEnv } from '@/lib/env';
import { backupDirOf, readBackup } from '@/server/backup';
import { ledgerFileOf } from '@/server/erasure-ledger';
import { eraseAgain } from '@/server/privacy';
import { Store } from '@/server/store/store';
import { restoreDatabase } from '@/server/store/dump';
import { hasPgliteDatabase, openConfigured, runCli } from './db-common';

runCli(async () => {
  const file = process.argv[2];
  if (!file) throw new Error('Usage: npm run db:restore -- FILE');
  const env = getEnv();
  if (!env.DATABASE_URL && hasPgliteDatabase(env.DATA_DIR))
    throw new Error(
      `${path.resolve(env.DATA_DIR)} (DATA_DIR) already holds a database: restore into an empty folder (set DATA_DIR to a new one).`,
    );
  const started = Date.now();
  const db = await openConfigured(env);
  let restored = false;
  try {
    const counts = await restoreDatabase(db, readBackup(path.resolve(file)));
    restored = true;
    const rows = Object.values(counts).reduce((a, b) => a + b, 0);
    console.log(
      `Restored ${rows} rows in ${Object.keys(counts).length} tables from ${file} (${Date.now() - started} ms).`,
    );
    // Erasures made after this backup was taken are in the ledger beside the backups: applied again.
    const reErased = await eraseAgain(new Store(db), ledgerFileOf(backupDirOf(env)));
    if (reErased > 0) console.log(`Erasures made since the backup applied again to ${reErased} record(s).`);
  } finally {
    await db.close();
    // A failed restore into a new folder leaves no half database behind.
    if (!restored && !env.DATABASE_URL) rmSync(path.resolve(env.DATA_DIR), { recursive: true, force: true });
  }
});
