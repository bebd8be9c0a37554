/** @jest-environment node */
import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../free-port';
import { storedProAudioNames, submit, untilFree } from '../service/server-process';

jest.setTimeout(40 * 60_000);

/**
 * `npm run update` as the studio's owner runs it, without systemd (these machines cannot run
 * systemd as PID 1: the switch here is the one for a site started with `npm start`). A clone of
 * this project from a local git remote, with a `.env`, started by `npm start`; a new commit
 * published to the remote; the update under a steady load of page views and sign-ups (refused
 * requests counted, every acknowledged sign-up looked for afterwards); then a commit that does not
 * build (a syntax error), refused while the site keeps serving; then `--rollback`; and a kill -9 of
 * the server, after which `npm start` serves the same version and data again. Slow: two builds.
 */

const root = path.resolve(__dirname, '../../..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-update-'));
const remote = path.join(dir, 'remote.git');
const site = path.join(dir, 'site');
const dev = path.join(dir, 'dev');
const ownerEnv: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production' };
let port = 0;
let owner: ChildProcess | undefined;

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=Dev', '-c', 'user.email=dev@example.com', ...args], {
    cwd,
    encoding: 'utf8',
    stdio: 'pipe',
  }).trim();

/** A command in the site's folder as the owner types it; resolves with its exit code and output. */
function owns(command: string, ...args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd: site, env: ownerEnv, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` }),
    );
  });
}

/** `npm start` in the site's folder, until it says it is ready. */
async function npmStart(): Promise<void> {
  const child = spawn('npm', ['start'], {
    cwd: site,
    env: ownerEnv,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  owner = child;
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 20 * 60_000;
  while (!output.includes('Site ready')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`npm start failed:\n${output.slice(-4000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const running = (): { pid: number } => JSON.parse(readFileSync(path.join(site, 'data/pglite.server.json'), 'utf8'));

async function health(): Promise<{ version: string }> {
  const res = await fetch(`http://127.0.0.1:${port}/api/health`);
  expect(res.status).toBe(200);
  return (await res.json()) as { version: string };
}

/** Publishes a commit to the remote that changes `file` with `change`; returns its short hash. */
function publish(file: string, change: (text: string) => string, message: string): string {
  const target = path.join(dev, file);
  writeFileSync(target, change(readFileSync(target, 'utf8')));
  git(dev, 'commit', '-qam', message);
  git(dev, 'push', '-q', 'origin', 'HEAD:main');
  return git(dev, 'rev-parse', '--short', 'HEAD');
}

interface Answer {
  readonly at: number;
  readonly ms: number;
  readonly ok: boolean;
}

/** Page views and sign-ups, one of each every 100 ms, until stopped. */
function steadyLoad() {
  const answers: Answer[] = [];
  const acknowledged: string[] = [];
  let going = true;
  const timed = async (request: () => Promise<boolean>) => {
    const at = Date.now();
    const ok = await request().catch(() => false);
    answers.push({ at, ms: Date.now() - at, ok });
  };
  const loop = (async () => {
    for (let i = 0; going; i++) {
      await Promise.all([
        timed(async () => (await fetch(`http://127.0.0.1:${port}/`)).ok),
        timed(async () => {
          const names = await submit(port, `Load ${i}`, 1);
          acknowledged.push(...names);
          return names.length === 1;
        }),
        new Promise((r) => setTimeout(r, 100)),
      ]);
    }
  })();
  return {
    async stop() {
      going = false;
      await loop;
      const refused = answers.filter((a) => !a.ok);
      const first = Math.min(...refused.map((a) => a.at));
      const last = Math.max(...refused.map((a) => a.at + a.ms));
      const slowestMs = Math.max(...answers.map((a) => a.ms));
      return {
        answers,
        acknowledged,
        refused: refused.length,
        refusedMs: refused.length ? last - first : 0,
        slowestMs,
      };
    },
  };
}

beforeAll(async () => {
  port = await freePort();
  execFileSync('git', ['init', '-q', '--bare', remote]);
  git(root, 'push', '-q', remote, 'HEAD:refs/heads/main');
  git(dir, 'clone', '-q', '-b', 'main', remote, site);
  git(dir, 'clone', '-q', '-b', 'main', remote, dev);
  // Dependencies as hard links (npm ci on a server; the update links them again when the lock file is the same).
  execFileSync('cp', ['-al', path.join(root, 'node_modules'), path.join(site, 'node_modules')]);
  const settings = {
    PORT: port,
    HOST: '127.0.0.1',
    SITE_URL: `http://127.0.0.1:${port}`,
    RATE_LIMIT_PER_MINUTE: 100000,
  };
  writeFileSync(
    path.join(site, '.env'),
    Object.entries(settings)
      .map(([name, value]) => `${name}=${value}`)
      .join('\n'),
  );
  await npmStart();
});

afterAll(async () => {
  try {
    process.kill(running().pid, 'SIGTERM');
  } catch {
    // not running
  }
  if (owner?.pid && owner.exitCode === null) process.kill(-owner.pid, 'SIGTERM');
  await untilFree(path.join(site, 'data/pglite'), 20_000).catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
});

test('an update under load switches with at most 5 s of refused requests and keeps every acknowledged sign-up', async () => {
  const first = (await health()).version;
  const next = publish('README.md', (text) => `${text}\nA new version.\n`, 'A new version');
  const load = steadyLoad();
  const update = await owns('npm', 'run', '--silent', 'update');
  await new Promise((r) => setTimeout(r, 2000));
  const result = await load.stop();
  console.log(
    `update ${first} → ${next}: ${result.answers.length} requests (a page view and a sign-up every 100 ms), ` +
      `${result.refused} refused over ${(result.refusedMs / 1000).toFixed(1)} s, slowest answer ` +
      `${(result.slowestMs / 1000).toFixed(1)} s\n${update.output}`,
  );
  expect(update.code).toBe(0);
  expect(update.output).toMatch(new RegExp(`Updated from ${first} to ${next}`));
  expect((await health()).version).toBe(next);
  expect(result.refusedMs).toBeLessThanOrEqual(5000);
  expect(result.acknowledged.length).toBeGreaterThan(20);
  // The owner's files stay where they were: .env and data in the project folder, none in the release.
  const release = path.join(
    site,
    'releases',
    readdirSync(path.join(site, 'releases')).find((n) => n.length === 40) ?? '',
  );
  expect(existsSync(path.join(release, 'data'))).toBe(false);
  expect(readFileSync(path.join(release, '.env'), 'utf8')).toBe(readFileSync(path.join(site, '.env'), 'utf8'));

  // kill -9, then npm start: the same version again, with every acknowledged sign-up.
  const { pid } = running();
  process.kill(pid, 'SIGKILL');
  await untilFree(path.join(site, 'data/pglite'));
  const stored = await storedProAudioNames(path.join(site, 'data/pglite'));
  expect(result.acknowledged.filter((name) => !stored.has(name))).toEqual([]);
  const started = Date.now();
  await npmStart();
  console.log(`npm start after kill -9: ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  expect((await health()).version).toBe(next);
  expect(readFileSync(path.join(site, 'logs/site.log'), 'utf8')).toMatch(
    new RegExp(`update Updated from ${first} to ${next}`),
  );
});

test('a version that does not build is refused in one line and the running one keeps serving', async () => {
  const serving = (await health()).version;
  const broken = publish('lib/env.ts', (text) => `${text}\nexport const broken = ;\n`, 'A syntax error');
  const update = await owns('npm', 'run', '--silent', 'update');
  console.log(`failed update:\n${update.output}`);
  expect(update.code).toBe(1);
  expect(update.output).toMatch(
    new RegExp(`Update to ${broken} refused: the build failed \\(see .+\\); version ${serving} keeps serving\\.`),
  );
  expect((await health()).version).toBe(serving);
  expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
});

test('--rollback goes back to the previous version and the backup taken before the update', async () => {
  const rollback = await owns('npm', 'run', '--silent', 'update', '--', '--rollback');
  console.log(`rollback:\n${rollback.output}`);
  expect(rollback.code).toBe(0);
  const first = git(site, 'rev-parse', '--short', 'HEAD');
  expect(rollback.output).toMatch(new RegExp(`Rolled back to ${first}`));
  expect((await health()).version).toBe(first);
  // The data as it was before the rollback is kept beside the restored one.
  expect(readdirSync(path.join(site, 'data')).some((name) => name.startsWith('pglite.before-rollback-'))).toBe(true);
});
