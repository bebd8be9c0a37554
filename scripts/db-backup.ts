/**
 * `npm run db:backup [FILE]`: a consistent backup of the database the server uses (PostgreSQL by
 * DATABASE_URL, or the embedded one in DATA_DIR, as `.env` says) into FILE, by default
 * BACKUP_DIR/backup-<time>.ndjson.gz, copied to BACKUP_COPY_TO when set. While the server holds the
 * embedded database, the running server writes it (through its admin socket).
 */
import '@/lib/load-env';
import path from 'node:path';
import { getEnv } from '@/lib/env';
import { backupDirOf, copyBackup, formatBytes, manualBackupName } from '@/server/platform/backup';
import { ledgerFileOf } from '@/server/privacy/erasure-ledger';
import { leftoverEmbeddedDatabase } from '@/server/store/pglite';
import { backupConfigured, countsText, describeStore, runCli } from './db-common';

runCli(async () => {
  const env = getEnv();
  const leftover = leftoverEmbeddedDatabase(env);
  if (leftover) console.warn(leftover);
  const file = path.resolve(process.argv[2] ?? path.join(backupDirOf(env), manualBackupName(new Date())));
  console.log(`Backing up ${describeStore(env)}…`);
  const result = await backupConfigured(env, file);
  console.log(
    `Backup written: ${result.file} (${result.rows} rows: ${countsText(result.counts)}; ` +
      `${formatBytes(result.bytes)}, ${result.ms} ms).`,
  );
  if (env.BACKUP_COPY_TO)
    console.log(`Copied to ${await copyBackup(result.file, env.BACKUP_COPY_TO, ledgerFileOf(backupDirOf(env)))}.`);
});
