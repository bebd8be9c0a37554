import { createReadStream, createWriteStream, existsSync, linkSync, readdirSync, rmSync, statSync } from 'node:fs';
import { open, rename } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { createGunzip, createGzip } from 'node:zlib';
import { privateFolder } from './private-files';
import { Hono, type MiddlewareHandler } from 'hono';
import type { StaffVars } from './auth';
import { type DailyJob, indiaDayAndTime, latestRuns } from './jobs';
import type { Db } from '../store/db';
import { type DumpRecord, dumpDatabase } from '../store/dump';

export interface BackupResult {
  file: string;
  /** The database it was read from. */
  store: Db['kind'];
  bytes: number;
  rows: number;
  /** Rows per table. */
  counts: Record<string, number>;
  ms: number;
}

/**
 * Backups hold visitors' names, e-mails and phones: their folder is 0700 (also when it was there
 * with a wider mode) and their files are created 0600 (whatever the process's umask).
 */
const privateDir = (dir: string): void => void privateFolder(dir);
const privateFile = 0o600;

const suffix = '.ndjson.gz';

async function syncPath(target: string): Promise<void> {
  const handle = await open(target, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** A record as one line of the file: rows dumped as JSON text are written as they are. */
const lineOf = (record: DumpRecord): string =>
  record.kind === 'row-texts'
    ? `{"kind":"rows","table":${JSON.stringify(record.table)},"rows":[${record.texts.join(',')}]}`
    : JSON.stringify(record);

/**
 * Writes a consistent dump of `db` to `file` (gzip-compressed JSON lines, see store/dump.ts): into a
 * temporary name, synced, then renamed, so a backup file that exists is always whole.
 */
export async function writeBackup(db: Db, file: string): Promise<BackupResult> {
  const started = Date.now();
  privateDir(path.dirname(file));
  const partial = `${file}.partial`;
  const gzip = createGzip({ level: 3 });
  const out = createWriteStream(partial, { mode: privateFile });
  const done = new Promise<void>((resolve, reject) => {
    out.once('finish', resolve);
    out.once('error', reject);
    gzip.once('error', reject);
  });
  gzip.pipe(out);
  try {
    const counts = await dumpDatabase(db, async (record) => {
      if (!gzip.write(`${lineOf(record)}\n`)) await once(gzip, 'drain');
    });
    gzip.end();
    await done;
    await syncPath(partial);
    await rename(partial, file);
    await syncPath(path.dirname(file));
    const rows = Object.values(counts).reduce((a, b) => a + b, 0);
    return { file, store: db.kind, bytes: statSync(file).size, rows, counts, ms: Date.now() - started };
  } catch (error) {
    gzip.destroy();
    out.destroy();
    rmSync(partial, { force: true });
    throw error;
  }
}

/** The records of a backup file, read as they are needed. */
export async function* readBackup(file: string): AsyncGenerator<DumpRecord> {
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
  for await (const line of lines) if (line.trim()) yield JSON.parse(line) as DumpRecord;
}

export interface BackupInfo {
  name: string;
  bytes: number;
  at: string;
}

/** The newest backup in `dir`, if any. */
function latestBackup(dir: string): BackupInfo | undefined {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith(suffix));
  } catch {
    return undefined;
  }
  const files = names.map((name) => ({ name, stat: statSync(path.join(dir, name)) }));
  files.sort((a, b) => b.stat.mtimeMs - a.stat.mtimeMs);
  const newest = files[0];
  return newest ? { name: newest.name, bytes: newest.stat.size, at: newest.stat.mtime.toISOString() } : undefined;
}

/** BACKUP_DIR, by default a folder beside DATA_DIR named after it (data/pglite-backups). */
export const backupDirOf = (env: { BACKUP_DIR?: string; DATA_DIR: string }): string =>
  path.resolve(env.BACKUP_DIR ?? `${path.resolve(env.DATA_DIR)}-backups`);

/** A manual backup's file name: backup-2026-11-24T09-30-00Z.ndjson.gz (before-restore-… for a restore's). */
export const manualBackupName = (at: Date, prefix = 'backup'): string =>
  `${prefix}-${at.toISOString().slice(0, 19).replaceAll(':', '-')}Z${suffix}`;

/**
 * Copies a backup file into `toDir` (BACKUP_COPY_TO: another disk or a mounted share), with the
 * erasure ledger beside it when there is one: each into a temporary name created 0600, synced, then
 * renamed, so a copy that exists is whole. Resolves with the copy's path. The folder must exist: an
 * unmounted disk's mount point is refused rather than filled on the local disk.
 */
export async function copyBackup(file: string, toDir: string, ledger?: string): Promise<string> {
  const dir = path.resolve(toDir);
  if (!existsSync(dir))
    throw new Error(
      `The backup was written but not copied: ${dir} (BACKUP_COPY_TO) does not exist. Mount the disk, or create the folder (mkdir -m 700 ${dir}).`,
    );
  const copyOne = async (from: string) => {
    const to = path.join(dir, path.basename(from));
    const partial = `${to}.partial`;
    const out = createWriteStream(partial, { mode: privateFile });
    const done = new Promise<void>((resolve, reject) => {
      out.once('finish', resolve);
      out.once('error', reject);
    });
    createReadStream(from)
      .once('error', (error) => out.destroy(error))
      .pipe(out);
    try {
      await done;
      await syncPath(partial);
      await rename(partial, to);
    } catch (error) {
      rmSync(partial, { force: true });
      throw error;
    }
    return to;
  };
  const copy = await copyOne(file);
  if (ledger && existsSync(ledger)) await copyOne(ledger);
  await syncPath(dir);
  return copy;
}

/** Keeps the newest `keep` files of `dir` that start with `prefix`; removes the rest. */
function prune(dir: string, prefix: string, keep: number): void {
  const names = readdirSync(dir)
    .filter((n) => n.startsWith(prefix) && n.endsWith(suffix))
    .sort()
    .reverse();
  for (const name of names.slice(keep)) rmSync(path.join(dir, name), { force: true });
}

/**
 * The daily backup into `dir`: daily-<day>, the first of each 7 days also kept as weekly-<day> (a
 * hard link: no second copy), and only the newest 7 daily and 4 weekly kept.
 */
export function dailyBackupJob(
  db: Db,
  dir: string,
  keep = { daily: 7, weekly: 4 },
  copy?: { to: string; ledger: string },
): DailyJob {
  /** Keeps the week's first daily as weekly-<day> in `folder` (a link), and the newest of each. */
  const rotate = (folder: string, daily: string, day: string, weekAgo: string) => {
    const weeklies = readdirSync(folder).filter((n) => n.startsWith('weekly-') && n.endsWith(suffix));
    if (!weeklies.some((n) => n.slice(7, 17) >= weekAgo)) linkSync(daily, path.join(folder, `weekly-${day}${suffix}`));
    prune(folder, 'daily-', keep.daily);
    prune(folder, 'weekly-', keep.weekly);
  };
  return {
    name: 'backup',
    at: '03:00',
    async run(now) {
      const [day] = indiaDayAndTime(now);
      const weekAgo = indiaDayAndTime(new Date(now.getTime() - 6 * 86_400_000))[0];
      const result = await writeBackup(db, path.join(dir, `daily-${day}${suffix}`));
      rotate(dir, result.file, day, weekAgo);
      const summary = `${path.basename(result.file)}, ${result.rows} rows, ${formatBytes(result.bytes)}`;
      if (!copy) return summary;
      rotate(copy.to, await copyBackup(result.file, copy.to, copy.ledger), day, weekAgo);
      return `${summary}, copied to ${path.resolve(copy.to)}`;
    },
  };
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
}

/**
 * GET /api/backups (staff): the newest backup file of this server's BACKUP_DIR, and the last run
 * of the daily backup (which may have run on another instance sharing the database).
 */
export function backupRoutes(
  backupDir: string | undefined,
  db: Db,
  staffOnly: MiddlewareHandler<{ Variables: StaffVars }>,
) {
  return new Hono<{ Variables: StaffVars }>().get('/backups', staffOnly, async (c) =>
    c.json(
      {
        latest: backupDir ? (latestBackup(backupDir) ?? null) : null,
        lastRun: (await latestRuns(db)).find((run) => run.job === 'backup') ?? null,
      },
      200,
    ),
  );
}

export type BackupRoutes = ReturnType<typeof backupRoutes>;
