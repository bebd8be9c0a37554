/**
 * `npm run bench:backup [-- --rows 100000 --command-rows 10000]`: how long a backup and a restore of
 * `rows` rows take on each store: the embedded database always, PostgreSQL when TEST_DATABASE_URL (a
 * superuser URL: the bench makes and drops its own databases) is set. The rows are pro audio and
 * inbox submissions half and half, each with its outbox row (as with notifications on). Then the
 * restore as the owner runs it, `npm run db:restore` (its own process, the safety backup of the data
 * in place included) of `command-rows` rows over a database holding as many, on each store; and on
 * a running site (the embedded database), with how long the site did not answer.
 */
import '@/lib/load-env';
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { formatBytes, readBackup, writeBackup } from '@/server/platform/backup';
import type { Db } from '@/server/store/db';
import { restoreDatabase } from '@/server/store/dump';
import { openPglite } from '@/server/store/pglite';
import { openPostgres } from '@/server/store/postgres';
import { Store } from '@/server/store/store';
import { freePort } from '../tests/free-port';
import { throwawayDatabase } from '../tests/unit/service/postgres';
import { arg } from './bench-common';

const rows = arg('rows', 100_000, 10_000_000);
const commandRows = arg('command-rows', 10_000, 10_000_000);
const work = mkdtempSync(path.join(os.tmpdir(), 'studio-bench-backup-'));

async function fill(db: Db, rows: number): Promise<void> {
  const store = new Store(db);
  await store.migrate();
  const half = Math.floor(rows / 2);
  await db.write(async (tx) => {
    await tx.query('UPDATE outbox_config SET enabled = true');
    await tx.query(
      `INSERT INTO form_submissions (form, payload)
     SELECT 'pro-audio', jsonb_build_object('fullName', 'Client ' || i, 'email', 'c' || i || '@example.com',
       'phone', '9876543210', 'availability', jsonb_build_array('Weekends'), 'additionalServices', '[]'::jsonb,
       'budget', '', 'message', 'A message of a few words, ' || i)
     FROM generate_series(1, $1::int) i`,
      [half],
    );
    await tx.query(
      `INSERT INTO form_submissions (form, payload)
     SELECT 'contact', jsonb_build_object('name', 'Visitor ' || i, 'email', 'v' || i || '@example.com', 'message', 'Hello from visitor ' || i)
     FROM generate_series(1, $1::int) i`,
      [rows - half],
    );
  });
}

interface Fresh {
  open: () => Promise<Db>;
  dispose: () => Promise<void>;
  /** The settings that point the site's commands at it (DATA_DIR or DATABASE_URL). */
  settings: Record<string, string>;
}

interface Store_ {
  label: string;
  fresh(name: string): Promise<Fresh>;
}

const pglite: Store_ = {
  label: 'PGlite',
  async fresh(name) {
    const dir = path.join(work, name);
    return {
      open: () => openPglite(dir),
      dispose: async () => rmSync(dir, { recursive: true, force: true }),
      settings: { DATA_DIR: dir },
    };
  },
};

const postgresUrl = process.env.TEST_DATABASE_URL;
const postgres: Store_ = {
  label: 'PostgreSQL',
  async fresh(name) {
    const database = await throwawayDatabase(postgresUrl ?? '', `bench_${name}_${process.pid}`);
    return {
      open: () => openPostgres(database.url, 4),
      dispose: database.drop,
      settings: { DATABASE_URL: database.url },
    };
  },
};

/** Runs `npm run db:restore -- FILE` as the owner does, in `env`; resolves with its output once it succeeded. */
function restoreCommand(file: string, env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      'npm',
      ['run', '--silent', 'db:restore', '--', file],
      { env: { ...process.env, ...env } },
      (error, stdout, stderr) => (error ? reject(new Error(`${stdout}${stderr}`)) : resolve(stdout)),
    );
  });
}

/** `npm run db:restore` of `commandRows` rows over a database that holds as many: its time, from the command's start to its end. */
async function benchCommand(kind: Store_): Promise<string> {
  const site = await kind.fresh('site');
  try {
    const db = await site.open();
    await fill(db, commandRows);
    const backup = await writeBackup(db, path.join(work, `${kind.label}-command.ndjson.gz`));
    await db.close();
    const backups = path.join(work, `${kind.label}-backups`);
    mkdirSync(backups, { recursive: true });
    writeFileSync(path.join(backups, 'erasures.jsonl'), '');
    const started = Date.now();
    await restoreCommand(backup.file, { ...site.settings, BACKUP_DIR: backups, LOG_DIR: path.join(work, 'logs') });
    const ms = Date.now() - started;
    return `| ${kind.label} | ${backup.rows.toLocaleString('en')} rows over as many | ${(ms / 1000).toFixed(1)} s |`;
  } finally {
    await site.dispose();
  }
}

async function bench(kind: Store_): Promise<string> {
  const source = await kind.fresh('source');
  const target = await kind.fresh('target');
  try {
    const db = await source.open();
    await fill(db, rows);
    const backup = await writeBackup(db, path.join(work, `${kind.label}.ndjson.gz`));
    await db.close();
    const into = await target.open();
    const started = Date.now();
    const counts = await restoreDatabase(into, readBackup(backup.file));
    const restoreMs = Date.now() - started;
    await into.close();
    const restored = Object.values(counts).reduce((a, b) => a + b, 0);
    return `| ${kind.label} | ${rows.toLocaleString('en')} submissions (${restored.toLocaleString('en')} rows with their outbox) | ${formatBytes(backup.bytes)} | ${(backup.ms / 1000).toFixed(1)} s | ${(restoreMs / 1000).toFixed(1)} s |`;
  } finally {
    await source.dispose();
    await target.dispose();
  }
}

/** Whether the server on `port` answers its health check now. */
const answers = (port: number) =>
  fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1000) }).then(
    (res) => res.ok,
    () => false,
  );

/**
 * `npm run db:restore` of `commandRows` rows on a running site of its own (the embedded database, a
 * server started as `npm start` starts it, on a port given in its environment), as the owner runs
 * it in the project folder: the command's time, and how long the site did not answer (its health
 * checked every 100 ms), from the server's stop to its start again by the command.
 */
async function benchRunningSite(): Promise<string> {
  const project = path.join(work, 'project');
  mkdirSync(project, { recursive: true });
  symlinkSync(path.resolve('content'), path.join(project, 'content'));
  writeFileSync(path.join(project, '.env'), 'DATA_DIR=data/pglite\nHOST=127.0.0.1\nRATE_LIMIT_PER_MINUTE=100000\n');
  const db = await openPglite(path.join(project, 'data/pglite'));
  await fill(db, commandRows);
  const backup = await writeBackup(db, path.join(work, 'running-site.ndjson.gz'));
  await db.close();
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    LOG_DIR: 'journal',
    TSX_TSCONFIG_PATH: path.resolve('tsconfig.json'),
  };
  const loader = pathToFileURL(path.resolve('node_modules/tsx/dist/loader.mjs')).href;
  const server = spawn(process.execPath, ['--import', loader, path.resolve('server/main.ts'), '--no-build'], {
    cwd: project,
    env,
    stdio: 'ignore',
    detached: true,
  });
  server.unref();
  try {
    for (const deadline = Date.now() + 120_000; !(await answers(port)); )
      if (Date.now() > deadline) throw new Error('the site did not start');
    let down: { from: number; to: number } | undefined;
    let checking = true;
    const checks = (async () => {
      while (checking) {
        const at = Date.now();
        if (!(await answers(port))) down = { from: down?.from ?? at, to: Date.now() };
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const started = Date.now();
    const output = await new Promise<string>((resolve, reject) =>
      execFile(
        process.execPath,
        ['--liftoff-only', '--import', loader, path.resolve('scripts/db-restore.ts'), backup.file],
        { cwd: project, env },
        (error, stdout, stderr) => (error ? reject(new Error(`${stdout}${stderr}`)) : resolve(stdout)),
      ),
    );
    const ms = Date.now() - started;
    checking = false;
    await checks;
    const ready = /ready in (\d+) ms/.exec(output)?.[1];
    const downMs = down ? down.to - down.from : 0;
    return `| PGlite, the site running | ${backup.rows.toLocaleString('en')} rows over as many | ${(ms / 1000).toFixed(1)} s (the server ready again ${ready ? `${(Number(ready) / 1000).toFixed(1)} s` : '—'} after the restore; the site not answering for ${(downMs / 1000).toFixed(1)} s) |`;
  } finally {
    await stopRecorded(project);
  }
}

/** Stops the server the project's record names (the one the restore started again), and waits until it has. */
async function stopRecorded(project: string): Promise<void> {
  try {
    const { pid } = JSON.parse(readFileSync(path.join(project, 'data/pglite.server.json'), 'utf8')) as { pid: number };
    process.kill(pid, 'SIGTERM');
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
      process.kill(pid, 0);
      await new Promise((r) => setTimeout(r, 100));
    }
  } catch {
    // none running, or stopped
  }
}

async function main(): Promise<void> {
  const lines = ['| store | rows | backup file | backup | restore |', '| --- | --- | --- | --- | --- |'];
  const kinds = [pglite, ...(postgresUrl ? [postgres] : [])];
  for (const kind of kinds) lines.push(await bench(kind));
  lines.push('', '| store | npm run db:restore | time |', '| --- | --- | --- |');
  for (const kind of kinds) lines.push(await benchCommand(kind));
  lines.push(await benchRunningSite());
  if (!postgresUrl) lines.push('(PostgreSQL skipped: source scripts/test-postgres.sh to include it)');
  console.log(lines.join('\n'));
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => rmSync(work, { recursive: true, force: true }));
