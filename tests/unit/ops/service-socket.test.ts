/** @jest-environment node */
/**
 * The site under systemd's socket (deploy/studio-site.socket): the port stays open while the server
 * restarts, and connections wait instead of being refused. These machines cannot run systemd as PID
 * 1, so its two parts are played by real stand-ins: `systemd-socket-activate` (systemd's own tool)
 * opens the port and passes it by systemd's protocol (file descriptor 3, LISTEN_PID, LISTEN_FDS), and
 * a shell loop plays the service's `Restart=always` with `RestartSec=1s`: it holds the socket, sets
 * LISTEN_PID to each server it starts as systemd does, and starts the server again a second after it
 * stops. The server is stopped as an update stops it (SIGTERM to the process its record names),
 * under a steady load; first without the socket (the server listens itself: refused connections),
 * then under it, both as the project folder's own code and as a release (releases/current, what
 * systemd serves after an update).
 */
import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runFileOf } from '@/server/site/releases';
import { freePort } from '../../free-port';
import { tsxNode } from '../../tsx-node';
import { storedProAudioNames, untilFree } from '../service/server-process';
import { steadyLoad } from './steady-load';

jest.setTimeout(300_000);

const root = path.resolve(__dirname, '../../..');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'studio-socket-'));
const project = path.join(tmp, 'site');
const dataDir = path.join(project, 'data/pglite');
const stopFile = path.join(tmp, 'stop');

/**
 * systemd's part in starting the service: runs the command given again a second after it stops
 * (Restart=always, RestartSec=1s) until the stop file exists, each run with LISTEN_PID its own
 * process id (the loop's shell holds the socket it was passed, as file descriptor 3).
 */
const restartAlways = [
  'while [ ! -e "$STOP_FILE" ]; do',
  `  sh -c 'export LISTEN_PID=$$; exec "$@"' sh "$@"`,
  '  [ -e "$STOP_FILE" ] || sleep 1',
  'done',
].join('\n');

/** A tool of the machine: in CI (CI=true) its absence fails the test, elsewhere it is skipped. */
function tool(name: string): boolean {
  if (spawnSync('sh', ['-c', `command -v ${name}`]).status === 0) return true;
  if (process.env.CI === 'true') throw new Error(`${name} is not installed (.ci/run installs it)`);
  console.warn(`${name} is not installed: skipped`);
  return false;
}

/** The environment the service and the owner's commands run in (the project folder's code is this checkout's). */
const environment: NodeJS.ProcessEnv = {
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? '',
  NODE_ENV: 'production',
  TSX_TSCONFIG_PATH: path.join(root, 'tsconfig.json'),
  STOP_FILE: stopFile,
};

/** An owner's command (`npm run db:…`) in the project folder, run while the load goes on; its exit code and output. */
function command(script: string, args: readonly string[] = []): Promise<{ status: number; output: string }> {
  return new Promise((resolve) =>
    execFile(process.execPath, tsxNode(script, args), { cwd: project, env: environment }, (error, stdout, stderr) =>
      resolve({ status: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` }),
    ),
  );
}

/** A sign-up; resolves with its status. */
async function signUp(port: number, fullName: string): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/pro-audio-form/save-form.php`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ fullName, email: 'owner.test@example.com', phone: '9876543210' }),
  });
  await res.text();
  return res.status;
}

/** Waits until systemd's tool listens, then sends the first connection (which starts the service) and waits for its answer. */
async function firstAnswer(port: number, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!output().includes('Listening on')) {
    if (Date.now() > deadline) throw new Error('systemd-socket-activate did not listen');
    await new Promise((r) => setTimeout(r, 50));
  }
  // The tool starts the service at the first connection, which waits for the server: no refusal.
  expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
}

/** The service: `npm start`'s program in the project folder, run again whenever it stops; with `socket`, on a port systemd's tool holds. */
function service(port: number, socket: boolean): { child: ChildProcess; output: () => string } {
  const server = [process.execPath, ...tsxNode('server/start.ts', ['--no-build'])];
  const loop = ['bash', '-c', restartAlways, 'restart-always', ...server];
  // systemd-socket-activate passes on only the variables named (-E), as systemd passes a unit's.
  const command = socket
    ? [
        'systemd-socket-activate',
        '--listen',
        `127.0.0.1:${port}`,
        ...Object.entries(environment).map(([name, value]) => `--setenv=${name}=${value}`),
        ...loop,
      ]
    : loop;
  const child = spawn(command[0] ?? '', command.slice(1), {
    cwd: project,
    env: environment,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let text = '';
  child.stdout?.on('data', (d: Buffer) => (text += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (text += d.toString()));
  return { child, output: () => text };
}

/** The running server's process id, from its record, once it has written one that is not `other`. */
async function serverPid(other = 0): Promise<number> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      const { pid } = JSON.parse(readFileSync(runFileOf(dataDir), 'utf8')) as { pid: number };
      if (pid !== other) return pid;
    } catch {
      // not written yet
    }
    if (Date.now() > deadline) throw new Error('the server wrote no record');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The site's settings in its .env, on `port`. */
function settings(port: number): void {
  writeFileSync(
    path.join(project, '.env'),
    [
      `PORT=${port}`,
      'HOST=127.0.0.1',
      `SITE_URL=http://127.0.0.1:${port}`,
      'DATA_DIR=data/pglite',
      'LOG_DIR=logs',
      'RATE_LIMIT_PER_MINUTE=100000',
    ].join('\n'),
  );
}

/**
 * Under the load, stops the server as an update does (SIGTERM to the process its record names) and
 * waits until the service manager's new one serves; resolves with the load's figures.
 */
async function restartUnderLoad(port: number, served: readonly string[]) {
  const before = await serverPid();
  const load = steadyLoad(port, { pageAnswered: pageOf(...served) });
  await new Promise((r) => setTimeout(r, 1000));
  process.kill(before, 'SIGTERM');
  const after = await serverPid(before);
  const deadline = Date.now() + 60_000;
  while ((await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined))?.status !== 200) {
    if (Date.now() > deadline) throw new Error('the new server did not answer');
    await new Promise((r) => setTimeout(r, 100));
  }
  await new Promise((r) => setTimeout(r, 1000));
  return { ...(await load.stop()), before, after };
}

/**
 * A page view's answer as a folder served has it: the home page where that folder is built (out/),
 * else its 404 (the project folder is never built here, and this checkout may not be yet). Across a
 * switch of folders, either folder's answer is the site answering.
 */
const pageOf =
  (...served: string[]) =>
  (status: number) =>
    served.some((folder) => status === (existsSync(path.join(folder, 'out/index.html')) ? 200 : 404));

/** Ends the service: the loop stops, then its server; resolves once the database is free. */
async function stopService(child: ChildProcess): Promise<void> {
  writeFileSync(stopFile, '');
  try {
    const { pid } = JSON.parse(readFileSync(runFileOf(dataDir), 'utf8')) as { pid: number };
    process.kill(pid, 'SIGTERM');
  } catch {
    // none running
  }
  await untilFree(dataDir, 30_000);
  try {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
  } catch {
    // the loop has ended
  }
  rmSync(stopFile, { force: true });
  rmSync(runFileOf(dataDir), { force: true });
}

/** Runs `run` with the service on `port` (under the socket or not); prints its output on a failure; always stops it. */
async function withService(
  port: number,
  socket: boolean,
  run: (service: { child: ChildProcess; output: () => string }) => Promise<void>,
): Promise<void> {
  const started = service(port, socket);
  try {
    await run(started);
  } catch (error) {
    console.log(started.output().slice(-4000));
    throw error;
  } finally {
    await stopService(started.child);
  }
}

const figures = (name: string, r: Awaited<ReturnType<ReturnType<typeof steadyLoad>['stop']>>) =>
  `${name}: ${r.answers.length} requests (a page and a sign-up every 100 ms), ${r.refused} refused over ` +
  `${(r.refusedMs / 1000).toFixed(1)} s ${r.why}, slowest answer ${(r.slowestMs / 1000).toFixed(1)} s`;

beforeAll(() => {
  mkdirSync(project, { recursive: true });
});

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

test('without the socket, a restart refuses connections while no server listens', async () => {
  const port = await freePort();
  settings(port);
  await withService(port, false, async () => {
    const result = await restartUnderLoad(port, [project]);
    console.log(figures('restart without the socket', result));
    expect(result.refused).toBeGreaterThan(0);
    expect(result.why).toMatch(/ECONNREFUSED/);
  });
});

test('under the socket systemd holds, restarts refuse nothing and lose no sign-up, as the project folder and as a release', async () => {
  if (!tool('systemd-socket-activate')) return;
  // A port no server has listened on: the one above may be in TIME_WAIT.
  const port = await freePort();
  settings(port);
  await withService(port, true, async ({ child, output }) => {
    await firstAnswer(port, output);
    const own = await restartUnderLoad(port, [project]);
    console.log(figures('restart under the socket (project folder)', own));
    // From now on the service serves a release, as after an update: this checkout, linked.
    mkdirSync(path.join(project, 'releases'));
    symlinkSync(root, path.join(project, 'releases/current'));
    // The server before the restart still serves the project folder; the one after, the release.
    const release = await restartUnderLoad(port, [project, root]);
    console.log(figures('restart under the socket (release)', release));
    for (const result of [own, release]) {
      expect(result.refused).toBe(0);
      // The slowest answer waited for the whole restart: systemd's 1 s, then a cold start (about 6 s
      // on this machine idle, twice that while other suites load both cores).
      expect(result.slowestMs).toBeLessThanOrEqual(20_000);
      expect(result.acknowledged.length).toBeGreaterThan(5);
    }
    // The release's server took the socket: it runs in the release's folder, and its record says systemd runs it.
    expect(JSON.parse(readFileSync(runFileOf(dataDir), 'utf8'))).toMatchObject({ port, byServiceManager: true });
    const log = readFileSync(path.join(project, 'logs/site.log'), 'utf8');
    // Three starts on this port: the first, and one after each stop.
    expect(log.match(new RegExp(` start version .* serving on port ${port} `, 'g'))).toHaveLength(3);
    await stopService(child);
    const stored = await storedProAudioNames(dataDir);
    expect([...own.acknowledged, ...release.acknowledged].filter((name) => !stored.has(name))).toEqual([]);
  });
});

test('under a service manager, a restore has the running server let go of the database: its pages keep serving, its forms answer 503 meanwhile, and it serves the restored data', async () => {
  if (!tool('systemd-socket-activate')) return;
  // The project folder's own code (the release above is this checkout, outside the project folder).
  rmSync(path.join(project, 'releases'), { recursive: true, force: true });
  const port = await freePort();
  settings(port);
  await withService(port, true, async ({ child, output }) => {
    await firstAnswer(port, output);
    const server = await serverPid();
    expect(await signUp(port, 'Kept by the backup')).toBe(201);
    const backup = await command('scripts/db-backup.ts');
    expect(backup.status).toBe(0);
    const backups = path.join(project, 'data/pglite-backups');
    const file = path.join(
      backups,
      readdirSync(backups)
        .filter((name) => name.startsWith('backup-'))
        .sort()
        .at(-1) ?? '',
    );
    expect(await signUp(port, 'After the backup')).toBe(201);

    const load = steadyLoad(port, { pageAnswered: pageOf(project) });
    await new Promise((r) => setTimeout(r, 1000));
    const restore = await command('scripts/db-restore.ts', [file]);
    await new Promise((r) => setTimeout(r, 1000));
    const result = await load.stop();
    const refusedSignUps = result.answers.filter((a) => /^sign-up 503/.test(a.why ?? '')).length;
    console.log(
      `${figures('restore under a service manager', result)}; ${refusedSignUps} sign-up(s) answered 503 while the database was let go of\n${restore.output}`,
    );
    expect(restore.status).toBe(0);
    expect(restore.output).toMatch(/runs under a service manager: it let go of/);
    expect(restore.output).toMatch(/opened the database again/);
    // The same server throughout: never stopped, so nothing started in its place.
    expect(await serverPid()).toBe(server);
    // No connection refused, every page answered; the only failures are sign-ups answered 503 while the database was let go of.
    const failures = result.answers.filter((a) => !a.ok).map((a) => a.why ?? '');
    expect(failures.filter((why) => !/^sign-up 503/.test(why))).toEqual([]);
    expect(refusedSignUps).toBeGreaterThan(0);
    expect(result.slowestMs).toBeLessThanOrEqual(10_000);
    // Back: a sign-up is taken, and the data is the backup's.
    expect(await signUp(port, 'After the restore')).toBe(201);
    const log = readFileSync(path.join(project, 'logs/site.log'), 'utf8');
    expect(log).toMatch(/storage database let go of for a restore/);
    expect(log).toMatch(/storage database opened again after/);
    expect(log).toMatch(
      /command db:restore: restored .* \(the server, process \d+, let go of the database meanwhile and opened it again\)/,
    );
    await stopService(child);
    const stored = await storedProAudioNames(dataDir);
    expect(stored.has('Kept by the backup')).toBe(true);
    expect(stored.has('After the backup')).toBe(false);
    expect(stored.has('After the restore')).toBe(true);
  });
});
