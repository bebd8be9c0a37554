/**
 * `npm run db:move-to-postgres`: copies everything in the embedded database (DATA_DIR) into the
 * empty PostgreSQL database of DATABASE_URL (ids, sequences, history, outbox, staff, sessions,
 * builds, job runs: every table). Stop the server first; afterwards start it with DATABASE_URL set.
 * DATABASE_URL and DATA_DIR are read from `.env` as the server reads them.
 */
import '@/lib/load-env';
import path from 'node:path';
import { getEnv } from '@/lib/env';
import { type DumpRecord, dumpDatabase, restoreDatabase } from '@/server/store/dump';
import { hasPgliteDatabase, openPglite } from '@/server/store/pglite';
import { openPostgres } from '@/server/store/postgres';
import { commandArguments, runCommand } from './command-log';
import { describeStore } from './db-common';

/** The dump of `db` as records, read while they are consumed (one record ahead at most). */
async function* dumpRecords(db: Parameters<typeof dumpDatabase>[0]): AsyncGenerator<DumpRecord> {
  const queue: DumpRecord[] = [];
  let wake: (() => void) | undefined;
  let take: (() => void) | undefined;
  let finished = false;
  let failure: unknown;
  const reading = dumpDatabase(db, async (record) => {
    queue.push(record);
    wake?.();
    await new Promise<void>((resolve) => (take = resolve));
  })
    .catch((error: unknown) => (failure = error))
    .finally(() => {
      finished = true;
      wake?.();
    });
  for (;;) {
    if (queue.length === 0 && !finished) await new Promise<void>((resolve) => (wake = resolve));
    if (failure) throw failure;
    const record = queue.shift();
    if (record) {
      yield record;
      take?.();
    } else if (finished) break;
  }
  await reading;
}

runCommand('db:move-to-postgres', async () => {
  commandArguments(process.argv.slice(2), { flags: [], most: 0, usage: 'Usage: npm run db:move-to-postgres' });
  const env = getEnv();
  if (!env.DATABASE_URL) throw new Error('Set DATABASE_URL to the (empty) PostgreSQL database to move to.');
  if (!hasPgliteDatabase(env.DATA_DIR))
    throw new Error(`There is no embedded database in ${path.resolve(env.DATA_DIR)} (DATA_DIR) to move.`);
  const started = Date.now();
  const from = await openPglite(env.DATA_DIR);
  try {
    const to = await openPostgres(env.DATABASE_URL, 2);
    try {
      const counts = await restoreDatabase(to, dumpRecords(from));
      const summary = Object.entries(counts)
        .map(([t, n]) => `${t} ${n}`)
        .join(', ');
      console.log(`Moved to PostgreSQL in ${Date.now() - started} ms: ${summary}.`);
      console.log(
        `Start the server with DATABASE_URL set (in .env). The embedded database in ${path.resolve(env.DATA_DIR)} is left as it was ` +
          'and is no longer used: once a backup of PostgreSQL is taken (npm run db:backup), remove it (npm start warns while it is there).',
      );
      return `moved the embedded database in ${path.resolve(env.DATA_DIR)} to ${describeStore(env)}: ${summary}`;
    } finally {
      await to.close();
    }
  } finally {
    await from.close();
  }
});
