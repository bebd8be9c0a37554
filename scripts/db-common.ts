import path from 'node:path';
import { EnvError } from '@/lib/env';
import { adminSocketPath, socketBackup } from '@/server/platform/admin';
import { type BackupResult, backupDirOf, writeBackup } from '@/server/platform/backup';
import { ensureLedger, ledgerFileOf } from '@/server/privacy/erasure-ledger';
import type { Db } from '@/server/store/db';
import { DataDirInUseError } from '@/server/store/lock';
import { hasPgliteDatabase, openPglite } from '@/server/store/pglite';
import { openPostgres } from '@/server/store/postgres';

/** The configured database, opened without migrating: DATABASE_URL, else the folder DATA_DIR. */
export function openConfigured(env: { DATABASE_URL?: string; DATA_DIR: string }): Promise<Db> {
  return env.DATABASE_URL ? openPostgres(env.DATABASE_URL, 2) : openPglite(env.DATA_DIR);
}

/** The configured store, named for messages: PostgreSQL's host and database (never its password), or the folder. */
export function describeStore(env: { DATABASE_URL?: string; DATA_DIR: string }): string {
  if (!env.DATABASE_URL) return `the embedded database in ${path.resolve(env.DATA_DIR)} (DATA_DIR)`;
  const url = new URL(env.DATABASE_URL);
  return `PostgreSQL ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname} (DATABASE_URL)`;
}

/** Runs a developer's script (the owner's commands use command-log.ts's runCommand): its message on failure, exit code 1. */
export function runCli(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error instanceof EnvError || error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  });
}

/** Rows per table as one phrase: the tables that have rows, largest first. */
export const countsText = (counts: Record<string, number>): string =>
  Object.entries(counts)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([table, n]) => `${table} ${n}`)
    .join(', ');

/**
 * Writes a backup of the configured database to `file` (the erasure ledger's file made when missing).
 * While a server holds the embedded database, that server writes it (through its admin socket).
 */
export async function backupConfigured(
  env: { DATABASE_URL?: string; DATA_DIR: string; BACKUP_DIR?: string },
  file: string,
): Promise<BackupResult> {
  if (!env.DATABASE_URL && !hasPgliteDatabase(env.DATA_DIR))
    throw new Error(`There is no database in ${path.resolve(env.DATA_DIR)} (DATA_DIR) to back up.`);
  let result: BackupResult;
  try {
    const db = await openConfigured(env);
    try {
      result = await writeBackup(db, file);
    } finally {
      await db.close();
    }
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    result = await socketBackup(adminSocketPath(path.resolve(env.DATA_DIR)), file);
  }
  ensureLedger(ledgerFileOf(backupDirOf(env)));
  return result;
}
