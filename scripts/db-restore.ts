/**
 * `npm run db:restore -- FILE [--without-erasure-ledger]`: puts a backup (npm run db:backup, or a
 * daily one) in place of the data of the database the server uses (DATABASE_URL or DATA_DIR, as
 * `.env` says), whether the server runs or not:
 * 1. the whole file is read first: a foreign, cut or damaged file is refused before anything is touched;
 * 2. without the erasure ledger (BACKUP_DIR/erasures.jsonl) it refuses, unless told
 *    --without-erasure-ledger (and then says how many erased people came back);
 * 3. the embedded database's server, when it runs on this machine, is stopped (SIGTERM by the pid of
 *    its lock file), or, when a service manager runs it (its record says so), asked to let go of the
 *    database while it keeps serving (its forms answer 503 meanwhile); on PostgreSQL the servers keep running;
 * 4. a safety backup of the current data is written (BACKUP_DIR/before-restore-<time>, copied to
 *    BACKUP_COPY_TO): the data set aside, its rows counted;
 * 5. the backup is restored in one transaction that drops and reloads the schema (a failure leaves
 *    the database as it was), on PostgreSQL and in the embedded database alike (in a new folder that
 *    then takes DATA_DIR's place only when there was no database yet); erasures made since the
 *    backup are applied again from the ledger;
 * 6. the server it stopped is started again as it was started (its command, environment and
 *    folder), or by systemd when systemd runs it (scripts/restart-server.ts); the one that let go of
 *    the database opens it again.
 */
import '@/lib/load-env';
import { existsSync, realpathSync, renameSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { adminSocketPath, socketPausing } from '@/server/platform/admin';
import { logFolderOf } from '@/server/platform/log';
import { siteServer } from '@/server/site/releases';
import { getEnv } from '@/lib/env';
import { backupDirOf, copyBackup, manualBackupName, readBackup, writeBackup } from '@/server/platform/backup';
import { ledgerFileOf } from '@/server/privacy/erasure-ledger';
import { eraseAgain } from '@/server/privacy/privacy';
import { keepIdsAboveRestores } from '@/server/sessions/sessions-store';
import type { Db } from '@/server/store/db';
import { checkDump, isEmptyDatabase, restoreDatabase } from '@/server/store/dump';
import { lockName, readOwner, stopHolder } from '@/server/store/lock';
import { hasPgliteDatabase, openPglite } from '@/server/store/pglite';
import { openPostgres } from '@/server/store/postgres';
import { Store } from '@/server/store/store';
import { commandArguments, runCommand } from './command-log';
import { countsText, describeStore } from './db-common';
import { type Launch, launchOf, startAgain } from './restart-server';

const usage = 'Usage: npm run db:restore -- FILE [--without-erasure-ledger]';

/** The erased people (their addresses' hashes) that `db`'s erasures table holds. */
async function erasedIn(db: Db): Promise<Set<string>> {
  const rows = await db.query<{ h: string }>('SELECT DISTINCT subject_hash AS h FROM erasures');
  return new Set(rows.map((r) => r.h));
}

/** Restores `file` into `db` and applies the ledger's erasures again; resolves with the erased people now in it. */
async function restoreInto(
  db: Db,
  file: string,
  opts: { replace: boolean; ledger?: string },
): Promise<{ counts: Record<string, number>; reErased: number; erased: Set<string> }> {
  const counts = await restoreDatabase(db, readBackup(file), { replace: opts.replace });
  // Now, not at the next start: a server that keeps running on a restored PostgreSQL issues no id or
  // document number the old database gave after the backup.
  await keepIdsAboveRestores(db);
  const reErased = await eraseAgain(new Store(db), opts.ledger);
  return { counts, reErased, erased: await erasedIn(db) };
}

/** The embedded database's real folder, and the new one beside it that the restore fills. */
function folders(dataDir: string): { target: string; fresh: string } {
  const target = existsSync(dataDir) ? realpathSync(dataDir) : path.resolve(dataDir);
  return { target, fresh: `${target}.restoring` };
}

/** An embedded database where there was none: restored into a new folder beside DATA_DIR (removed when it fails), which then takes its place. */
async function restoreFresh(dataDir: string, file: string, ledger: string | undefined) {
  const { fresh } = folders(dataDir);
  rmSync(fresh, { recursive: true, force: true });
  try {
    const db = await openPglite(fresh);
    let result: Awaited<ReturnType<typeof restoreInto>>;
    try {
      result = await restoreInto(db, file, { replace: false, ledger });
    } finally {
      await db.close();
    }
    swapIn(dataDir);
    return result;
  } catch (error) {
    rmSync(fresh, { recursive: true, force: true });
    throw error;
  }
}

/** The restored folder takes DATA_DIR's place; the old one is removed (its data is in the safety backup). */
function swapIn(dataDir: string): void {
  const { target, fresh } = folders(dataDir);
  const replaced = `${target}.replaced`;
  rmSync(replaced, { recursive: true, force: true });
  if (existsSync(target)) renameSync(target, replaced);
  try {
    renameSync(fresh, target);
  } catch (error) {
    if (existsSync(replaced)) renameSync(replaced, target);
    throw error;
  }
  rmSync(replaced, { recursive: true, force: true });
}

/** Writes the safety backup of the data about to be replaced; resolves with the erased people it holds. */
async function safetyBackup(
  db: Db,
  env: { BACKUP_DIR?: string; DATA_DIR: string; BACKUP_COPY_TO?: string; DATABASE_URL?: string },
  ledger: string,
): Promise<Set<string>> {
  const safety = await writeBackup(db, path.join(backupDirOf(env), manualBackupName(new Date(), 'before-restore')));
  console.log(`Safety backup of ${describeStore(env)}: ${safety.file} (${safety.rows} rows).`);
  if (env.BACKUP_COPY_TO) console.log(`Copied to ${await copyBackup(safety.file, env.BACKUP_COPY_TO, ledger)}.`);
  // Read from the database itself (what the safety backup holds), not the file again.
  return erasedIn(db);
}

/**
 * Starts the server the restore stopped (process `pid`) again, as it was started (`launch`, read
 * before it stopped); under systemd, systemd does. Says which, or what to run when neither can.
 */
async function startServerAgain(pid: number, launch: Launch | undefined, logs: string): Promise<string> {
  if (launch?.pid !== pid) {
    console.log('Start the server again: npm start (or through the service manager that runs it).');
    return 'to be started again by hand';
  }
  if (launch.bySystemd) {
    console.log('The service manager (systemd) starts the server again.');
    return 'started again by systemd';
  }
  const output = path.join(logs, 'server-output.log');
  const since = Date.now();
  const started = await startAgain(launch, output);
  if (!started) {
    console.log(`The server did not start again (see ${output}): start it with cd ${launch.cwd} && npm start.`);
    return `that did not start again (see ${output})`;
  }
  console.log(
    `Started the server again (process ${started.pid}, ${started.ready ? `ready in ${Date.now() - since} ms` : 'still starting'}; its output in ${output}).`,
  );
  return `started again as process ${started.pid}`;
}

/**
 * A server that a service manager runs (its record says so) would be started again by it a second
 * after a stop, and take the database before the restore: it is asked instead to let go of the
 * embedded database and keep serving (its pages; its forms answer 503 with Retry-After). Resolves
 * with its process id when it did; undefined when there is no such server, or it cannot (a version
 * from before, which is stopped as any other).
 */
async function pauseServer(dataDir: string): Promise<number | undefined> {
  const server = siteServer({ project: process.cwd(), dataDir });
  if (!server?.byServiceManager) return undefined;
  try {
    await socketPausing(adminSocketPath(dataDir), 'pause');
  } catch {
    return undefined;
  }
  console.log(
    `The server (process ${server.pid}) runs under a service manager: it let go of ${dataDir} and keeps serving its pages; its forms answer 503 until the restore ends.`,
  );
  return server.pid;
}

/** Asks the server `pid` that let go of the database to open it again; says whether it did. */
async function resumeServer(dataDir: string, pid: number): Promise<string> {
  try {
    await socketPausing(adminSocketPath(dataDir), 'resume');
    console.log(`The server (process ${pid}) opened the database again and serves it.`);
    return 'opened it again';
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.log(
      `The server (process ${pid}) could not open the database again (${reason}): restart it through its service manager (sudo systemctl restart studio-site).`,
    );
    return `could not open it again (${reason})`;
  }
}

runCommand('db:restore', async () => {
  const args = commandArguments(process.argv.slice(2), { flags: ['--without-erasure-ledger'], most: 1, usage });
  const withoutLedger = args.flags.has('--without-erasure-ledger');
  if (args.given.length !== 1) throw new Error(usage);
  const env = getEnv();
  const file = path.resolve(args.given[0] ?? '');
  const found = statSync(file, { throwIfNoEntry: false });
  if (!found) throw new Error(`${file} does not exist. ${usage}`);
  if (!found.isFile())
    throw new Error(`${file} is a ${found.isDirectory() ? 'folder' : 'special file'}, not a backup file. ${usage}`);
  const started = Date.now();

  // 1. The whole file first: nothing is touched for a file that could not be restored.
  let rows: Record<string, number>;
  try {
    rows = await checkDump(readBackup(file));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Refused: ${file} cannot be restored (${reason}). Nothing was touched.`);
  }

  // 2. Erasures made after the backup was taken are only in the ledger.
  const ledger = ledgerFileOf(backupDirOf(env));
  const hasLedger = existsSync(ledger);
  if (!hasLedger && !withoutLedger)
    throw new Error(
      `Refused: there is no erasure ledger at ${ledger} (BACKUP_DIR). Without it, everyone erased after this backup was taken would come back. ` +
        'Point BACKUP_DIR at the folder that holds erasures.jsonl (or copy it there from BACKUP_COPY_TO); if it is truly lost, run again with --without-erasure-ledger. Nothing was touched.',
    );

  // 3. The embedded database allows one process: a server a service manager runs lets go of it and
  // keeps serving; another on this machine is stopped (how it was started read first, to start it again after).
  const dataDir = path.resolve(env.DATA_DIR);
  const paused = env.DATABASE_URL ? undefined : await pauseServer(dataDir);
  const holder = env.DATABASE_URL || paused ? undefined : readOwner(path.join(dataDir, lockName));
  const launch = holder && holder.host === os.hostname() ? launchOf(holder.pid, process.cwd()) : undefined;
  const stopped = env.DATABASE_URL || paused ? undefined : await stopHolder(dataDir);
  if (stopped) console.log(`Stopped the server (process ${stopped.owner.pid}) that held ${dataDir}.`);

  // 4. A safety backup of what is there now, 5. the restore, in the database as it is (its lock held
  // throughout: no server can start on it); into a new folder when there is none yet.
  const ledgerToApply = hasLedger ? ledger : undefined;
  let hasData = false;
  let erasedBefore = new Set<string>();
  // 6. The server it stopped, started again (its output beside the site's log, or beside the data
  // folder when the log is the journal): on the restored data, or on the data as it was when the restore failed.
  const startAgainIfStopped = async () =>
    paused
      ? await resumeServer(dataDir, paused)
      : stopped
        ? await startServerAgain(stopped.owner.pid, launch, logFolderOf(env.LOG_DIR) ?? path.dirname(dataDir))
        : undefined;
  let result: Awaited<ReturnType<typeof restoreInto>>;
  try {
    const current = env.DATABASE_URL
      ? await openPostgres(env.DATABASE_URL, 2)
      : hasPgliteDatabase(dataDir)
        ? await openPglite(dataDir)
        : undefined;
    try {
      hasData = current !== undefined && !(await isEmptyDatabase(current));
      if (current && hasData) erasedBefore = await safetyBackup(current, env, ledger);
      result = current
        ? await restoreInto(current, file, { replace: true, ledger: ledgerToApply })
        : await restoreFresh(dataDir, file, ledgerToApply);
    } finally {
      await current?.close();
    }
  } catch (error) {
    await startAgainIfStopped();
    throw error;
  }
  const total = Object.values(rows).reduce((a, b) => a + b, 0);
  console.log(
    `Restored ${file} into ${describeStore(env)}: ${total} rows (${countsText(result.counts)}) in ${Date.now() - started} ms.`,
  );
  if (result.reErased > 0) console.log(`Erasures made since the backup applied again to ${result.reErased} record(s).`);
  if (!hasLedger) {
    const cameBack = [...erasedBefore].filter((h) => !result.erased.has(h)).length;
    console.log(
      `Without the erasure ledger: ${cameBack} erased ${cameBack === 1 ? 'person' : 'people'} came back ` +
        `(erased in the replaced data${hasData ? '' : ', of which there was none'} but not in this backup; the safety backup keeps their erasures).`,
    );
  }
  if (env.DATABASE_URL) console.log('Servers on this database keep running and now serve the restored data.');
  const again = await startAgainIfStopped();
  const server = paused
    ? ` (the server, process ${paused}, let go of the database meanwhile and ${again})`
    : stopped
      ? ` (stopped the server, process ${stopped.owner.pid}, ${again})`
      : '';
  return `restored ${file} into ${describeStore(env)}: ${total} rows${server}${hasData ? '; the data replaced is in a safety backup' : ''}`;
});
