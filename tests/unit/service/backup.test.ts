/** @jest-environment node */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readBackup, writeBackup } from '@/server/platform/backup';
import { ensureLedger, ledgerFileOf } from '@/server/privacy/erasure-ledger';
import { OutboxWorker } from '@/server/platform/outbox';
import type { Db } from '@/server/store/db';
import { restoreDatabase } from '@/server/store/dump';
import { openPglite } from '@/server/store/pglite';
import { openPostgres } from '@/server/store/postgres';
import { openStore, Store } from '@/server/store/store';
import { tsxNode } from '../../tsx-node';
import { ready, startServer, storedProAudioNames, submit } from './server-process';
import { throwawayDatabase } from './postgres';
import { freshPgliteDir } from '../../pglite-template';
import { addSubmission } from './test-stores';
import { describeNeeding, noPostgres } from '../needs';

jest.setTimeout(240_000);

const pgUrl = process.env.TEST_DATABASE_URL;

/**
 * Every table's rows (as PostgreSQL's JSON, sorted) and every sequence's position: what "equal" means.
 * Not store_identity: it says where the rows live, and a restored database records that it was restored.
 */
async function snapshot(db: Db): Promise<Record<string, string[]>> {
  const tables = await db.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = current_schema() AND c.relkind = 'r' AND c.relname <> 'store_identity' ORDER BY 1`,
  );
  const out: Record<string, string[]> = {};
  for (const { name } of tables) {
    const rows = await db.query<{ j: string }>(`SELECT to_jsonb(t)::text AS j FROM "${name}" t`);
    out[name] = rows.map((r) => r.j).sort();
  }
  const seqs = await db.query<{ name: string; v: string | null }>(
    `SELECT sequencename AS name, last_value::text AS v FROM pg_sequences WHERE schemaname = current_schema() ORDER BY 1`,
  );
  out['(sequences)'] = seqs.map((s) => `${s.name}=${s.v}`);
  return out;
}

/**
 * A snapshot's rows without the sequences' positions: the restore command moves every id (and the
 * document series) above what the database it replaces may have given after the backup.
 */
function rowsOf(snap: Record<string, string[]>): Record<string, string[]> {
  const { '(sequences)': _moved, ...rows } = snap;
  return rows;
}

/** Something in every kind of table: submissions with their outbox rows, staff, sessions, builds, job runs. */
async function fill(store: Store, n: number): Promise<void> {
  await OutboxWorker.setEnabled(store.db, true);
  await store.addStaff('owner', 'scrypt$hash');
  const staff = await store.findStaff('owner');
  await store.createSession('token-1', staff?.id ?? 0, new Date(Date.now() + 3_600_000), new Date());
  await store.finishBuild(await store.startBuild('post 12 changed'), 'succeeded', 'b1', 'log', { durationMs: 1200 });
  await store.db.write((tx) =>
    tx.query(`INSERT INTO job_runs (job, day, status, outcome) VALUES ('purge', '2026-11-20', 'succeeded', 'ok')`),
  );
  await Promise.all(
    Array.from({ length: n }, (_, i) =>
      i % 2
        ? addSubmission(store, 'contact', { name: `Visitor ${i}`, note: 'ünïcode ✓ "quotes"' })
        : addSubmission(store, 'pro-audio', {
            fullName: `Client ${i}`,
            email: `c${i}@example.com`,
            phone: '9876543210',
            availability: ['Weekends'],
            additionalServices: [],
            budget: '',
            message: 'line one\nline two',
          }),
    ),
  );
}

/** The rows whose outbox entries the trigger wrote: in one consistent moment, each submission has its own. */
async function outboxMatches(db: Db): Promise<void> {
  const [r] = await db.query<{ subs: number; outbox: number }>(
    `SELECT (SELECT count(*)::int FROM form_submissions) AS subs,
            (SELECT count(*)::int FROM outbox) AS outbox`,
  );
  expect(r?.outbox).toBe(r?.subs);
}

interface Target {
  label: string;
  /** A new empty database of this kind. */
  fresh(): Promise<{ db: () => Promise<Db>; env: Record<string, string>; dispose: () => Promise<void> }>;
}

/** An empty embedded database (no tables), made once: creating one (initdb) takes many seconds. */
let emptyTemplate: string | undefined;
async function emptyPgliteCopy(dir: string): Promise<void> {
  if (!emptyTemplate) {
    emptyTemplate = path.join(mkdtempSync(path.join(os.tmpdir(), 'studio-empty-')), 'db');
    await (await openPglite(emptyTemplate)).close();
  }
  cpSync(emptyTemplate, dir, { recursive: true });
}
afterAll(() => {
  if (emptyTemplate) rmSync(path.dirname(emptyTemplate), { recursive: true, force: true });
});

const pgliteTarget: Target = {
  label: 'PGlite',
  async fresh() {
    const parent = mkdtempSync(path.join(os.tmpdir(), 'studio-restore-'));
    const dir = path.join(parent, 'db');
    await emptyPgliteCopy(dir);
    return {
      db: () => openPglite(dir),
      env: { DATA_DIR: dir },
      dispose: async () => rmSync(parent, { recursive: true, force: true }),
    };
  },
};

const postgresTarget: Target = {
  label: 'PostgreSQL',
  async fresh() {
    const database = await throwawayDatabase(
      pgUrl ?? '',
      `restore_${process.pid}_${Math.random().toString(36).slice(2, 8)}`,
    );
    return {
      db: () => openPostgres(database.url, 4),
      env: { DATABASE_URL: database.url },
      dispose: database.drop,
    };
  },
};

const targets: Target[] = [pgliteTarget, ...(pgUrl ? [postgresTarget] : [])];

/** The commands' log (the owner's log), in a folder of its own rather than the checkout's logs/. */
const commandLogs = mkdtempSync(path.join(os.tmpdir(), 'studio-command-logs-'));
afterAll(() => rmSync(commandLogs, { recursive: true, force: true }));

/** Runs one of the db:* scripts with the given environment. */
function cli(script: string, args: string[], env: Record<string, string>): { code: number | null; text: string } {
  const { DATABASE_URL: _, DATA_DIR: __, ...rest } = process.env;
  const r = spawnSync(process.execPath, tsxNode(`scripts/${script}.ts`, args), {
    encoding: 'utf8',
    env: { ...rest, LOG_DIR: commandLogs, ...env },
  });
  return { code: r.status, text: r.stdout + r.stderr };
}

/** The same, without blocking this process (whose requests are the load). */
function cliAsync(script: string, args: string[], env: Record<string, string>): Promise<{ text: string }> {
  const { DATABASE_URL: _, DATA_DIR: __, ...rest } = process.env;
  const child = spawn(process.execPath, tsxNode(`scripts/${script}.ts`, args), {
    env: { ...rest, LOG_DIR: commandLogs, ...env },
  });
  let text = '';
  child.stdout.on('data', (d: Buffer) => (text += d.toString()));
  child.stderr.on('data', (d: Buffer) => (text += d.toString()));
  return new Promise((resolve) => child.once('exit', () => resolve({ text })));
}

describe.each(targets.map((t) => [t.label, t] as const))('a backup of %s', (_label, target) => {
  it('taken under load restores every acknowledged row, one consistent moment; quiet, every table equal', async () => {
    const source = await target.fresh();
    const restoredA = await target.fresh();
    const restoredB = await target.fresh();
    const folder = mkdtempSync(path.join(os.tmpdir(), 'studio-backups-'));
    try {
      const store = new Store(await source.db());
      await store.migrate();
      await fill(store, 400);
      const before = await snapshot(store.db);

      // Under load: submissions keep arriving while the dump runs.
      let stop = false;
      const load = (async () => {
        let i = 0;
        while (!stop) await addSubmission(store, 'contact', { name: `During ${i++}` });
        return i;
      })();
      const underLoad = await writeBackup(store.db, path.join(folder, 'under-load.ndjson.gz'));
      stop = true;
      const arrived = await load;
      expect(arrived).toBeGreaterThan(0);

      const dbA = await restoredA.db();
      try {
        await restoreDatabase(dbA, readBackup(underLoad.file));
        const restored = await snapshot(dbA);
        for (const table of Object.keys(before).filter((t) => t !== '(sequences)' && t !== 'outbox_config')) {
          const rows = new Set(restored[table]);
          // Everything acknowledged before the backup began is in it.
          expect((before[table] ?? []).filter((row) => !rows.has(row))).toEqual([]);
        }
        await outboxMatches(dbA);
      } finally {
        await dbA.close();
      }

      // Quiet: the restored database equals the source, table for table, sequences too.
      const quiet = await writeBackup(store.db, path.join(folder, 'quiet.ndjson.gz'));
      const expected = await snapshot(store.db);
      await store.close();
      const dbB = await restoredB.db();
      /** The id the database about to be replaced gave last. */
      let issuedLast = 0;
      try {
        await restoreDatabase(dbB, readBackup(quiet.file));
        expect(await snapshot(dbB)).toEqual(expected);
        // The restored database goes on where the old one stopped: the next id follows.
        const [next] = await dbB.write((tx) =>
          tx.query<{ id: number }>(
            `INSERT INTO form_submissions (form, payload) VALUES ('contact', '{}') RETURNING id`,
          ),
        );
        issuedLast = Number(next?.id);
        expect(Number(next?.id)).toBeGreaterThan(
          Math.max(...(expected.form_submissions ?? []).map((j) => JSON.parse(j).id)),
        );
        // Refused: a database that is not empty.
        await expect(restoreDatabase(dbB, readBackup(quiet.file))).rejects.toThrow(/not empty/);
      } finally {
        await dbB.close();
      }
      // The command line puts a backup in place of what is there, after a safety backup of it.
      ensureLedger(ledgerFileOf(folder));
      const replaced = cli('db-restore', [quiet.file], { ...restoredB.env, BACKUP_DIR: folder });
      // The data replaced is set aside, its rows counted.
      expect(replaced.text).toMatch(/Safety backup of .*before-restore-.*\(\d+ rows\)/);
      expect(replaced.text).toMatch(/Restored .* \d+ rows/);
      expect(replaced.code).toBe(0);
      const dbC = await restoredB.db();
      try {
        expect(rowsOf(await snapshot(dbC))).toEqual(rowsOf(expected));
        // An id the replaced database gave after the backup is never given again.
        const [after] = await dbC.write((tx) =>
          tx.query<{ id: number }>(
            `INSERT INTO form_submissions (form, payload) VALUES ('contact', '{}') RETURNING id`,
          ),
        );
        expect(Number(after?.id)).toBeGreaterThan(issuedLast);
      } finally {
        await dbC.close();
      }
      const truncated = path.join(folder, 'truncated.ndjson.gz');
      const { gzipSync } = await import('node:zlib');
      const lines: string[] = [];
      for await (const r of readBackup(quiet.file)) lines.push(JSON.stringify(r));
      writeFileSync(truncated, gzipSync(lines.slice(0, -3).join('\n')));
      const empty = await target.fresh();
      // The command line restores into a folder without a database (it creates one).
      if (empty.env.DATA_DIR) rmSync(empty.env.DATA_DIR, { recursive: true, force: true });
      try {
        const cut = cli('db-restore', [truncated], { ...empty.env, BACKUP_DIR: folder });
        expect(cut.code).toBe(1);
        expect(cut.text).toMatch(/incomplete.*Nothing was touched/);
        const ok = cli('db-restore', [quiet.file], { ...empty.env, BACKUP_DIR: folder });
        expect(ok.text).toMatch(/Restored .* \d+ rows/);
        const db = await empty.db();
        try {
          expect(rowsOf(await snapshot(db))).toEqual(rowsOf(expected));
        } finally {
          await db.close();
        }
      } finally {
        await empty.dispose();
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
      await source.dispose();
      await restoredA.dispose();
      await restoredB.dispose();
    }
  });
});

describeNeeding(noPostgres)('moving the embedded database to PostgreSQL', () => {
  it('copies every table and sequence, and the service runs on PostgreSQL with the same rows', async () => {
    const dataDir = await freshPgliteDir();
    const target = await postgresTarget.fresh();
    try {
      const store = await openStore({ dataDir });
      await fill(store, 300);
      const expected = await snapshot(store.db);
      await store.close();

      const moved = cli('db-move-to-postgres', [], { DATA_DIR: dataDir, ...target.env });
      expect(moved.text).toMatch(/Moved to PostgreSQL/);
      expect(moved.code).toBe(0);
      // Moving again into the now full database is refused.
      expect(cli('db-move-to-postgres', [], { DATA_DIR: dataDir, ...target.env }).text).toMatch(/not empty/);

      const onPg = await openStore({ databaseUrl: target.env.DATABASE_URL, dataDir: '' });
      try {
        expect(await snapshot(onPg.db)).toEqual(expected);
        // The service carries on there: staff sign in with their sessions, ids continue.
        expect((await onPg.sessionStaff('token-1', new Date()))?.name).toBe('owner');
        const id = await addSubmission(onPg, 'contact', { name: 'After the move' });
        expect(id).toBe(Math.max(...(expected.form_submissions ?? []).map((j) => JSON.parse(j).id)) + 1);
        expect((await onPg.listInbox('contact')).length).toBe(151);
      } finally {
        await onPg.close();
      }
    } finally {
      rmSync(path.dirname(dataDir), { recursive: true, force: true });
      await target.dispose();
    }
  });
});

describe('npm run db:backup while the server runs on the embedded database', () => {
  it('goes through the running server, under load, and restores every row acknowledged before it', async () => {
    const dataDir = await freshPgliteDir();
    const parent = path.dirname(dataDir);
    const file = path.join(parent, 'running.ndjson.gz');
    const server = await startServer(dataDir);
    const before: string[] = [];
    try {
      await ready(server);
      before.push(...(await submit(server.port, 'Before', 100)));
      const during = submit(server.port, 'During', 100);
      const backup = await cliAsync('db-backup', [file], { DATA_DIR: dataDir });
      expect(backup.text).toMatch(
        /Backing up the embedded database in .*\nBackup written: .*running\.ndjson\.gz \(\d+ rows/,
      );
      expect((await during).length).toBe(100);
    } finally {
      server.kill('SIGTERM');
      await server.exited;
    }
    const restoredDir = path.join(parent, 'restored');
    const restored = cli('db-restore', [file], { DATA_DIR: restoredDir, BACKUP_DIR: `${dataDir}-backups` });
    expect(restored.text).toMatch(/Restored .* \d+ rows/);
    try {
      const names = await storedProAudioNames(restoredDir);
      expect(before.filter((name) => !names.has(name))).toEqual([]);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });
});
