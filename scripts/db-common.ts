import { existsSync } from 'node:fs';
import path from 'node:path';
import { EnvError } from '@/lib/env';
import type { Db } from '@/server/store/db';
import { openPglite } from '@/server/store/pglite';
import { openPostgres } from '@/server/store/postgres';

/** The configured database, opened without migrating: DATABASE_URL, else the folder DATA_DIR. */
export function openConfigured(env: { DATABASE_URL?: string; DATA_DIR: string }): Promise<Db> {
  return env.DATABASE_URL ? openPostgres(env.DATABASE_URL, 2) : openPglite(env.DATA_DIR);
}

/** Whether DATA_DIR holds an embedded database. */
export const hasPgliteDatabase = (dataDir: string): boolean => existsSync(path.join(dataDir, 'PG_VERSION'));

/** Runs a command-line script: its message on failure, exit code 1. */
export function runCli(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error instanceof EnvError || error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  });
}
