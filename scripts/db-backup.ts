/**
 * `npm run db:backup [FILE]`: a consistent backup of the database (PostgreSQL by DATABASE_URL, or the
 * embedded one in DATA_DIR) into FILE, by default BACKUP_DIR/backup-<time>.ndjson.gz. While the server
 * holds the embedded database, the running server writes it (through its admin socket).
 */
import path from 'node:path';
import { getEnv } from '@/lib/env';
import { adminSocketPath, socketBackup } from '@/server/admin';
import { backupDirOf, formatBytes, manualBackupName, writeBackup } from '@/server/backup';
import { DataDirInUseError } from '@/server/store/lock';
import { hasPgliteDatabase, openConfigured, runCli } from './db-common';

runCli(async () => {
  const env = getEnv();
  const file = path.resolve(process.argv[2] ?? path.join(backupDirOf(env), manualBackupName(new Date())));
  if (!env.DATABASE_URL && !hasPgliteDatabase(env.DATA_DIR))
    throw new Error(`There is no database in ${path.resolve(env.DATA_DIR)} (DATA_DIR) to back up.`);
  let result: Awaited<ReturnType<typeof writeBackup>>;
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
  console.log(`Backup written: ${result.file} (${result.rows} rows, ${formatBytes(result.bytes)}, ${result.ms} ms).`);
});
