/**
 * @jest-environment node
 *
 * The database commands as the owner runs them: from a project folder whose only settings are its
 * `.env` (a temp folder as the working directory; nothing in the environment names the database),
 * against the real server, the embedded database and a real PostgreSQL.
 */
import { spawn } from 'node:child_process';
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { logLinesSince } from '@/server/platform/log';
import { openPostgres } from '@/server/store/postgres';
import { openStore } from '@/server/store/store';
import { throwawayDatabase } from './postgres';
import { tsxNode } from '../../tsx-node';
import { freePort } from '../../free-port';
import { ready, type ServerProcess, spawnServer, storedProAudioNames, submit, untilFree } from './server-process';
import { addSubmission } from './test-stores';

jest.setTimeout(300_000);

const root = path.resolve(__dirname, '../../..');
const pgUrl = process.env.TEST_DATABASE_URL;
/** tsx finds the project's path aliases through this, whatever the working folder. */
const tsconfig = { TSX_TSCONFIG_PATH: path.join(root, 'tsconfig.json') };

/** This process's environment without any database setting: the `.env` of the folder decides. */
function bareEnv(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _, DATA_DIR: __, BACKUP_DIR: ___, BACKUP_COPY_TO: ____, ...rest } = process.env;
  return { ...rest, ...tsconfig };
}

/**
 * `npm run <script>` as the owner would, in `cwd`; not blocking this process, whose keep-alive
 * connections to the server must see it close them.
 */
function run(cwd: string, script: string, args: string[] = []): Promise<{ code: number | null; text: string }> {
  const flags = script === 'check-launch' ? ['--conditions=react-server'] : [];
  const child = spawn(process.execPath, tsxNode(`scripts/${script}.ts`, args, flags), { cwd, env: bareEnv() });
  let text = '';
  child.stdout.on('data', (d: Buffer) => (text += d.toString()));
  child.stderr.on('data', (d: Buffer) => (text += d.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, text })));
}

async function startIn(cwd: string): Promise<ServerProcess> {
  const server = spawnServer({ cwd, port: await freePort(), env: tsconfig });
  await ready(server);
  return server;
}

const modeOf = (file: string): string => (statSync(file).mode & 0o777).toString(8);

/** Every file and folder under `dir` whose mode lets the group or others in (sockets aside: 0600 checked apart). */
function openToOthers(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => (statSync(file).mode & 0o077) !== 0);
}

/** The owner-only modes of everything a command wrote: the data, the backups, their copy. */
function expectPrivate(project: string): void {
  for (const dir of ['data', 'data/pglite-backups', 'copy'].map((d) => path.join(project, d)))
    if (existsSync(dir)) {
      expect(`${dir} ${modeOf(dir)}`).toBe(`${dir} 700`);
      expect(openToOthers(dir)).toEqual([]);
    }
  for (const file of readdirSync(path.join(project, 'data/pglite-backups')))
    expect(`${file} ${modeOf(path.join(project, 'data/pglite-backups', file))}`).toBe(`${file} 600`);
}

/** A project folder: its `.env` and the site's content (which the launch check reads), nothing else. */
function project(settings: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-project-'));
  symlinkSync(path.join(root, 'content'), path.join(dir, 'content'));
  // The second place for backups, made by the owner as the README says (a mounted disk's folder).
  mkdirSync(path.join(dir, 'copy'), { mode: 0o700 });
  writeFileSync(path.join(dir, '.env'), `${settings}\nBACKUP_COPY_TO=copy\nRATE_LIMIT_PER_MINUTE=100000\n`);
  return dir;
}

/** The process id in the running server's record. */
const recordedPid = (cwd: string): number =>
  (JSON.parse(readFileSync(path.join(cwd, 'data/pglite.server.json'), 'utf8')) as { pid: number }).pid;

function stopIfRunning(pid: number | undefined): void {
  try {
    if (pid !== undefined) process.kill(pid, 'SIGTERM');
  } catch {
    // already stopped
  }
}

describe('the database commands on the embedded database, with the server running', () => {
  it('back up through the server, refuse a bad file, restore in one command, all owner-only', async () => {
    const cwd = project('DATA_DIR=data/pglite');
    const server = await startIn(cwd);
    /** The server the restore started again. */
    let startedAgain: number | undefined;
    try {
      const before = await submit(server.port, 'Before', 5);
      expect(before).toHaveLength(5);
      const backup = await run(cwd, 'db-backup');
      expect(backup.text).toMatch(
        new RegExp(
          `Backing up the embedded database in ${path.join(cwd, 'data/pglite')} \\(DATA_DIR\\)…\\nBackup written: .*backup-.*\\.ndjson\\.gz \\(\\d+ rows: .*form_submissions 5`,
        ),
      );
      expect(backup.text).toMatch(new RegExp(`Copied to ${path.join(cwd, 'copy')}/backup-`));
      expectPrivate(cwd);
      expect(modeOf(path.join(cwd, 'data/pglite.admin.sock'))).toBe('600');
      const file = path.join(
        cwd,
        'data/pglite-backups',
        readdirSync(path.join(cwd, 'data/pglite-backups')).find((n) => n.startsWith('backup-')) ?? '',
      );
      expect(modeOf(path.join(cwd, 'copy', path.basename(file)))).toBe('600');
      expect(modeOf(path.join(cwd, 'copy/erasures.jsonl'))).toBe('600');

      const after = await submit(server.port, 'After', 3);
      expect(after).toHaveLength(3);
      // A foreign file and a missing erasure ledger are refused; the server is not touched.
      writeFileSync(path.join(cwd, 'foreign.gz'), 'not a backup');
      const foreign = await run(cwd, 'db-restore', ['foreign.gz']);
      expect(foreign.code).toBe(1);
      expect(foreign.text).toMatch(/Refused: .*foreign\.gz cannot be restored .*Nothing was touched/);
      const ledger = path.join(cwd, 'data/pglite-backups/erasures.jsonl');
      renameSync(ledger, `${ledger}.away`);
      const noLedger = await run(cwd, 'db-restore', [file]);
      expect(noLedger.code).toBe(1);
      expect(noLedger.text).toMatch(/Refused: there is no erasure ledger .*--without-erasure-ledger/);
      renameSync(`${ledger}.away`, ledger);
      expect(await submit(server.port, 'Still', 1)).toHaveLength(1);

      // One command: the server is stopped, the data kept in a safety backup, the backup restored,
      // and the server started again as it was started: on its port, on the restored data.
      const restored = await run(cwd, 'db-restore', [file]);
      expect(restored.text).toMatch(/Stopped the server \(process \d+\)/);
      expect(restored.text).toMatch(/Safety backup of the embedded database .*before-restore-.*\(\d+ rows\)/);
      expect(restored.text).toMatch(/Restored .* into the embedded database .*form_submissions 5/);
      expect(restored.text).toMatch(
        /Started the server again \(process \d+, ready in \d+ ms; its output in .*server-output\.log\)/,
      );
      expect(restored.code).toBe(0);
      expect(await server.exited).toBe(0);
      startedAgain = recordedPid(cwd);
      const back = await submit(server.port, 'Back', 2);
      expect(back).toHaveLength(2);
      process.kill(startedAgain, 'SIGTERM');
      await untilFree(path.join(cwd, 'data/pglite'));
      const names = await storedProAudioNames(path.join(cwd, 'data/pglite'));
      expect([...names].sort()).toEqual([...before, ...back].sort());
      expectPrivate(cwd);
      expect(readdirSync(path.join(cwd, 'copy')).some((n) => n.startsWith('before-restore-'))).toBe(true);

      // The owner's log (logs/site.log, LOG_DIR's default) keeps each command's run, refusals too.
      const commands = logLinesSince(path.join(cwd, 'logs'), new Date(0)).filter((l) => / command /.test(l));
      expect(commands.map((line) => line.slice(25))).toEqual([
        expect.stringMatching(/^command db:backup: the embedded database .* backed up to .*backup-.*, copied to /),
        expect.stringMatching(/^command db:restore failed: Refused: .*foreign\.gz cannot be restored/),
        expect.stringMatching(/^command db:restore failed: Refused: there is no erasure ledger/),
        expect.stringMatching(
          /^command db:restore: restored .* into the embedded database .*: \d+ rows \(stopped the server, process \d+, started again as process \d+\); the data replaced is in a safety backup$/,
        ),
      ]);
      expect(modeOf(path.join(cwd, 'logs/site.log'))).toBe('600');
    } finally {
      server.kill('SIGTERM');
      await server.exited;
      stopIfRunning(startedAgain);
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});

if (!pgUrl && process.env.CI === 'true')
  it('runs on PostgreSQL in CI', () => {
    throw new Error('TEST_DATABASE_URL is not set: source scripts/test-postgres.sh');
  });

(pgUrl ? describe : describe.skip)('after a move to PostgreSQL named only in .env', () => {
  it('every command and the server use PostgreSQL, name it, and warn of the embedded folder left', async () => {
    const cwd = project('DATA_DIR=data/pglite');
    const database = await throwawayDatabase(pgUrl ?? '', `commands_${process.pid}`);
    let server: ServerProcess | undefined;
    try {
      const embedded = await openStore({ dataDir: path.join(cwd, 'data/pglite') });
      for (const name of ['Embedded 1', 'Embedded 2', 'Embedded 3'])
        await addSubmission(embedded, 'pro-audio', { fullName: name, email: 'e@example.com', phone: '9876543210' });
      await embedded.close();
      appendFileSync(path.join(cwd, '.env'), `DATABASE_URL=${database.url}\n`);

      const moved = await run(cwd, 'db-move-to-postgres');
      expect(moved.text).toMatch(/Moved to PostgreSQL .*form_submissions 3/);
      expect(moved.code).toBe(0);
      const where = new URL(database.url);
      expect(logLinesSince(path.join(cwd, 'logs'), new Date(0)).at(-1)?.slice(25)).toMatch(
        new RegExp(
          `^command db:move-to-postgres: moved the embedded database in ${cwd}/data/pglite to PostgreSQL ${where.hostname}:${where.port}${where.pathname} \\(DATABASE_URL\\): .*form_submissions 3`,
        ),
      );

      server = await startIn(cwd);
      const leftover = new RegExp(
        `Warning: ${path.join(cwd, 'data/pglite')} \\(DATA_DIR\\) holds an embedded database that nothing uses.*rm -r`,
      );
      expect(server.output()).toMatch(/Opening PostgreSQL/);
      expect(server.output()).toMatch(leftover);
      expect(await submit(server.port, 'OnPg', 4)).toHaveLength(4);

      const backup = await run(cwd, 'db-backup');
      expect(backup.text).toMatch(leftover);
      expect(backup.text).toContain(
        `Backing up PostgreSQL ${where.hostname}:${where.port}${where.pathname} (DATABASE_URL)…\nBackup written:`,
      );
      expect(backup.text).toMatch(/form_submissions 7/);
      expect((await run(cwd, 'check-launch')).text).toMatch(leftover);
      expectPrivate(cwd);

      const db = await openPostgres(database.url, 1);
      try {
        // An erasure made after the backup, its tombstone as the erasure writes it; the ledger lost.
        await db.write((tx) =>
          tx.query(
            "INSERT INTO erasures (subject_hash, erased_at, erased_by, reason) VALUES ('0f1e', now(), 'meera', 'asked')",
          ),
        );
        const file = backup.text.match(/written: (\S+\.ndjson\.gz)/)?.[1] ?? '';
        rmSync(path.join(cwd, 'data/pglite-backups/erasures.jsonl'));
        expect((await run(cwd, 'db-restore', [file])).text).toMatch(/Refused: there is no erasure ledger/);
        expect((await db.query('SELECT 1 FROM erasures')).length).toBe(1);
        const restored = await run(cwd, 'db-restore', [file, '--without-erasure-ledger']);
        expect(restored.text).toMatch(/Safety backup of PostgreSQL .*before-restore-/);
        expect(restored.text).toMatch(/Restored .* into PostgreSQL .*form_submissions 7/);
        expect(restored.text).toMatch(/Without the erasure ledger: 1 erased person came back/);
        expect(restored.code).toBe(0);
        expect((await db.query('SELECT 1 FROM erasures')).length).toBe(0);
        // The server never stopped: it serves the restored data and goes on.
        expect(await submit(server.port, 'AfterRestore', 1)).toHaveLength(1);
        expect((await db.query('SELECT 1 FROM form_submissions')).length).toBe(8);
        expectPrivate(cwd);
      } finally {
        await db.close();
      }
    } finally {
      server?.kill('SIGTERM');
      await server?.exited;
      await database.drop();
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});
