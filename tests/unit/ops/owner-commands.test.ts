/**
 * @jest-environment node
 *
 * The owner's commands as the owner runs them, from a project folder whose only settings are its
 * `.env`: a bad argument is answered in one line (no stack), and every run, done or refused, is a
 * line in the owner's log (logs/site.log, owner-only even when it was there open before), as is a
 * start that fails on a port another process holds.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { logLinesSince } from '@/server/platform/log';
import { tsxNode } from '../../tsx-node';
import { spawnServer } from '../service/server-process';

jest.setTimeout(300_000);

const root = path.resolve(__dirname, '../../..');
const tsconfig = { TSX_TSCONFIG_PATH: path.join(root, 'tsconfig.json') };
let cwd = '';
const started = new Date();

/** This process's environment without the settings the project's `.env` decides. */
function bareEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { DATABASE_URL: _, DATA_DIR: __, BACKUP_DIR: ___, BACKUP_COPY_TO: ____, LOG_DIR: _____, ...rest } = process.env;
  return { ...rest, ...tsconfig, ...extra };
}

/** `npm run <script> -- <args>` in the project folder: its exit code and everything it printed. */
function run(script: string, args: string[] = [], extra: Record<string, string> = {}) {
  const child = spawn(process.execPath, tsxNode(`scripts/${script}.ts`, args), { cwd, env: bareEnv(extra) });
  let text = '';
  child.stdout.on('data', (d: Buffer) => (text += d.toString()));
  child.stderr.on('data', (d: Buffer) => (text += d.toString()));
  return new Promise<{ code: number | null; text: string }>((resolve) =>
    child.once('close', (code) => resolve({ code, text })),
  );
}

/** `text` as a regular expression that matches it literally. */
const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const modeOf = (file: string): string => (statSync(file).mode & 0o777).toString(8);
const logged = () => logLinesSince(path.join(cwd, 'logs'), started).map((line) => line.slice(25));

beforeAll(() => {
  cwd = mkdtempSync(path.join(os.tmpdir(), 'studio-owner-commands-'));
  writeFileSync(path.join(cwd, '.env'), 'DATA_DIR=data/pglite\n');
  mkdirSync(path.join(cwd, 'a-folder'));
  // A log folder and file left open to others (an older version, a copy): closed on the next line.
  mkdirSync(path.join(cwd, 'logs'), { mode: 0o755 });
  chmodSync(path.join(cwd, 'logs'), 0o755);
  writeFileSync(path.join(cwd, 'logs/site.log'), '', { mode: 0o644 });
  chmodSync(path.join(cwd, 'logs/site.log'), 0o644);
});
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

test('each command answers a bad argument in one line, and the log keeps it', async () => {
  const folder = path.join(cwd, 'a-folder');
  const missing = path.join(cwd, 'missing.ndjson.gz');
  const cases: [string, string[], string][] = [
    [
      'db-restore',
      [folder],
      `db:restore failed: ${folder} is a folder, not a backup file. Usage: npm run db:restore -- FILE`,
    ],
    ['db-restore', [missing], `db:restore failed: ${missing} does not exist. Usage: npm run db:restore -- FILE`],
    ['db-restore', ['--fast', missing], 'db:restore failed: Unknown option --fast. Usage: npm run db:restore -- FILE'],
    ['db-restore', [], 'db:restore failed: Usage: npm run db:restore -- FILE'],
    ['db-backup', [folder], `db:backup failed: ${folder} is a folder: name the file to write`],
    ['db-backup', ['--all'], 'db:backup failed: Unknown option --all. Usage: npm run db:backup [-- FILE]'],
    ['db-backup', ['a.gz', 'b.gz'], 'db:backup failed: Too many arguments (a.gz b.gz). Usage: npm run db:backup'],
    ['db-unlock', ['--force'], 'db:unlock failed: Unknown option --force. Usage: npm run db:unlock [-- --release]'],
    [
      'db-move-to-postgres',
      ['--yes'],
      'db:move-to-postgres failed: Unknown option --yes. Usage: npm run db:move-to-postgres',
    ],
    ['staff', ['promote', 'meher'], 'staff failed: Usage: npm run staff -- add <name> | passwd <name>'],
    ['staff', ['add'], 'staff failed: Usage: npm run staff -- add <name>'],
    ['staff', ['list', '--all'], 'staff failed: Unknown option --all. Usage: npm run staff --'],
  ];
  for (const [script, args, line] of cases) {
    const answer = await run(script, args);
    const said = line.slice(line.indexOf('failed: ') + 'failed: '.length);
    // One line, the reason first: no stack, no second line.
    expect(`${script} ${answer.code} ${answer.text}`).toMatch(new RegExp(`^${script} 1 ${escaped(said)}[^\\n]*\\n$`));
    expect(logged().at(-1)).toMatch(new RegExp(`^command ${escaped(line)}`));
  }
  for (const [script, args] of [
    ['update', ['--now']],
    ['logs', ['today']],
  ] as const) {
    const answer = await run(script, [...args]);
    expect(answer.code).toBe(1);
    expect(answer.text).toMatch(
      script === 'update' ? /^Unknown argument --now\. Usage: npm run update/ : /^npm run logs takes no arguments/,
    );
    expect(answer.text.trim().split('\n')).toHaveLength(1);
  }
  // A broken setting: one line naming it, before anything is touched, and in the log.
  const broken = await run('update', [], { PORT: 'eighty' });
  expect(broken.code).toBe(1);
  expect(broken.text).toMatch(/^Update refused: PORT\b.*Nothing was touched\.\n$/);
  expect(logged().at(-1)).toMatch(/^update Update refused: PORT\b/);
  expect(modeOf(path.join(cwd, 'logs'))).toBe('700');
  expect(modeOf(path.join(cwd, 'logs/site.log'))).toBe('600');
});

test('what a command did is a line in the log, never a password', async () => {
  const password = 'a long enough secret 42';
  const added = await run('staff', ['add', 'meher'], { STAFF_PASSWORD: password });
  expect(added).toEqual({ code: 0, text: 'Added meher.\n' });
  expect(logged().at(-1)).toBe('command staff: added meher');
  expect((await run('staff', ['list'])).code).toBe(0);
  expect(logged().at(-1)).toBe('command staff: added meher');
  const unlock = await run('db-unlock');
  expect(unlock.code).toBe(0);
  expect(logged().at(-1)).toBe(
    `command db:unlock: ${path.join(cwd, 'data/pglite')} is not locked: the server can start.`,
  );
  const backup = await run('db-backup');
  expect(backup.code).toBe(0);
  expect(logged().at(-1)).toMatch(
    new RegExp(
      `^command db:backup: the embedded database in ${cwd}/data/pglite \\(DATA_DIR\\) backed up to ${cwd}/data/pglite-backups/backup-.*\\.ndjson\\.gz \\(\\d+ rows, `,
    ),
  );
  expect(logged().join('\n')).not.toContain(password);
});

test('a start on a port another process holds, or with a bad setting, ends in one line in the log saying why', async () => {
  const holder = createServer();
  const port = await new Promise<number>((resolve) =>
    holder.listen(0, '0.0.0.0', () => {
      const address = holder.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    }),
  );
  try {
    const server = spawnServer({
      cwd,
      port,
      env: { ...tsconfig, DATA_DIR: path.join(cwd, 'data/pglite'), LOG_DIR: 'logs' },
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).not.toMatch(/^\s+at /m);
    expect(server.output()).not.toContain('EADDRINUSE');
    expect(logged().at(-1)).toMatch(
      new RegExp(
        `^start version \\S+ failed: port ${port} is already in use by process ${process.pid} \\(.*\\): stop it, or set PORT to a free port$`,
      ),
    );
  } finally {
    holder.close();
  }
  // A setting that does not pass its check: the same, before anything is opened.
  const badPort = spawnServer({ cwd, port: 0, env: { ...tsconfig, PORT: 'abc', LOG_DIR: 'logs' } });
  expect(await badPort.exited).toBe(1);
  expect(logged().at(-1)).toBe(
    'start failed: Invalid configuration: - PORT must be a whole number from 1 to 65535 (got "abc")',
  );
});
