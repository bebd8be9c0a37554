/**
 * `npm run db:backup [FILE]`: a consistent backup of the database the server uses (PostgreSQL by
 * DATABASE_URL, or the embedded one in DATA_DIR, as `.env` says) into FILE, by default
 * BACKUP_DIR/backup-<time>.ndjson.gz, copied to BACKUP_COPY_TO when set. While the server holds the
 * embedded database, the running server writes it (through its admin socket). The owner's log
 * gets a line saying where it went (scripts/command-log.ts).
 */
import '@/lib/load-env';
import { statSync } from 'node:fs';
import path from 'node:path';
import { getEnv } from '@/lib/env';
import { backupDirOf, copyBackup, formatBytes, manualBackupName } from '@/server/platform/backup';
import { ledgerFileOf } from '@/server/privacy/erasure-ledger';
import { leftoverEmbeddedDatabase } from '@/server/store/pglite';
import { commandArguments, runCommand } from './command-log';
import { backupConfigured, countsText, describeStore } from './db-common';

const usage = 'Usage: npm run db:backup [-- FILE]';

runCommand('db:backup', async () => {
  const { given } = commandArguments(process.argv.slice(2), { flags: [], most: 1, usage });
  const env = getEnv();
  const leftover = leftoverEmbeddedDatabase(env);
  if (leftover) console.warn(leftover);
  const file = path.resolve(given[0] ?? path.join(backupDirOf(env), manualBackupName(new Date())));
  if (statSync(file, { throwIfNoEntry: false })?.isDirectory())
    throw new Error(`${file} is a folder: name the file to write (or give none, for BACKUP_DIR). ${usage}`);
  console.log(`Backing up ${describeStore(env)}…`);
  const result = await backupConfigured(env, file);
  console.log(
    `Backup written: ${result.file} (${result.rows} rows: ${countsText(result.counts)}; ` +
      `${formatBytes(result.bytes)}, ${result.ms} ms).`,
  );
  const copy = env.BACKUP_COPY_TO
    ? await copyBackup(result.file, env.BACKUP_COPY_TO, ledgerFileOf(backupDirOf(env)))
    : undefined;
  if (copy) console.log(`Copied to ${copy}.`);
  return `${describeStore(env)} backed up to ${result.file} (${result.rows} rows, ${formatBytes(result.bytes)})${copy ? `, copied to ${copy}` : ''}`;
});
