/** @jest-environment node */
import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { copyBuildCache } from '@/server/site/releases';
import { phonePhoto } from '../../fixtures/phone-photo';
import { freePort } from '../../free-port';
import { storedProAudioNames, untilFree } from '../service/server-process';
import { steadyLoad } from './steady-load';

jest.setTimeout(40 * 60_000);

/**
 * `npm run update` as the studio's owner runs it, without systemd (these machines cannot run
 * systemd as PID 1: the switch here is the one for a site started with `npm start`). A clone of
 * this project from a local git remote, with a `.env`, started by `npm start`; the owner edits the
 * home page's content in studio-content/ and puts a photo of their own in studio-media/; a new
 * commit published to the remote; the update under a steady load of page views and sign-ups
 * (refused requests counted, every acknowledged sign-up looked for afterwards) and a kill -9 of the
 * server, after which `npm start` serves the same version and data again; then a commit that does
 * not build (a syntax error), refused while the site keeps serving; then `--rollback` under the
 * same load, which keeps every sign-up. Every version serves the owner's content and photo. Slow:
 * three builds (the first start, the update, the first version's pages again for the owner's
 * content before the rollback) and a failed one.
 */

const root = path.resolve(__dirname, '../../..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-update-'));
const remote = path.join(dir, 'remote.git');
const site = path.join(dir, 'site');
const dev = path.join(dir, 'dev');
const ownerEnv: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production' };
let port = 0;
let owner: ChildProcess | undefined;
/** The sign-ups acknowledged under load, during the update and during the rollback. */
const acknowledged: string[] = [];
/** The heading the owner gives the home page's section in studio-content/page-22.json. */
const ownerHeading = 'Record where Mumbai records';
/** The address of the shipped photo of that section, as the first version's home page shows it. */
let shippedPhoto = '';

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
    // The port given where the owner typed `PORT=… npm start`, not in .env: the update finds it in the server's record.
    env: { ...ownerEnv, PORT: String(port) },
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

/** The last lines of the site's log: the switch's stops, starts and builds, printed with the figures. */
const siteLogTail = (): string =>
  readFileSync(path.join(site, 'logs/site.log'), 'utf8').trimEnd().split('\n').slice(-8).join('\n');

const running = (): { pid: number; port: number } =>
  JSON.parse(readFileSync(path.join(site, 'data/pglite.server.json'), 'utf8'));

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

/** The home page as served: its HTML and the address of the photo of page 22's section (its <img>). */
async function homePage(): Promise<{ html: string; photo: string }> {
  const res = await fetch(`http://127.0.0.1:${port}/`);
  expect(res.status).toBe(200);
  const html = await res.text();
  const img = /<img[^>]*alt="[^"]*mixing console and monitors[^"]*"[^>]*>/.exec(html)?.[0] ?? '';
  return { html, photo: /\ssrc="([^"]+)"/.exec(img)?.[1] ?? '' };
}

/** The home page shows the owner's heading and photo, not the shipped ones. */
async function expectOwnersHome(): Promise<void> {
  const { html, photo } = await homePage();
  expect(html).toContain(ownerHeading);
  expect(html).not.toContain('Go pro with your sound');
  expect(photo).not.toBe('');
  expect(photo).not.toBe(shippedPhoto);
}

/** What an owner does once the site is theirs: the home page's section and its photo, in their own folders. */
async function makeTheSiteTheirs(): Promise<void> {
  const page = path.join(site, 'studio-content/page-22.json');
  const content = JSON.parse(readFileSync(page, 'utf8')) as { content: { pro: { heading: string } } };
  content.content.pro.heading = ownerHeading;
  writeFileSync(page, JSON.stringify(content, null, 2));
  mkdirSync(path.join(site, 'studio-media/cms'), { recursive: true });
  writeFileSync(path.join(site, 'studio-media/cms/41-pro-studio.jpg'), await phonePhoto(800, 600));
}

beforeAll(async () => {
  port = await freePort();
  execFileSync('git', ['init', '-q', '--bare', remote]);
  git(root, 'push', '-q', remote, 'HEAD:refs/heads/main');
  git(dir, 'clone', '-q', '-b', 'main', remote, site);
  git(dir, 'clone', '-q', '-b', 'main', remote, dev);
  // Dependencies as hard links (npm ci on a server; the update links them again when the lock file is the same).
  execFileSync('cp', ['-al', path.join(root, 'node_modules'), path.join(site, 'node_modules')]);
  // A site that has built before: this checkout's build cache when it has one (the test run builds
  // the site before this tier), as an earlier start would have left it. The first start's own build
  // from nothing, under the service's unit, is tested in unit-sandbox.test.ts.
  copyBuildCache(root, site);
  const settings = {
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

test('an update under load switches on the port the site serves on, with no request refused, no answer slower than 10 s, and every acknowledged sign-up kept', async () => {
  const first = (await health()).version;
  // The first start seeded the owner's content folder; the home page shows the shipped section.
  const shipped = await homePage();
  expect(shipped.html).toContain('Go pro with your sound');
  expect(shipped.photo).toMatch(/^\//);
  shippedPhoto = shipped.photo;
  await makeTheSiteTheirs();
  const next = publish('README.md', (text) => `${text}\nA new version.\n`, 'A new version');
  const load = steadyLoad(port);
  const update = await owns('npm', 'run', '--silent', 'update');
  await new Promise((r) => setTimeout(r, 2000));
  const result = await load.stop();
  acknowledged.push(...result.acknowledged);
  console.log(
    `update ${first} → ${next}: ${result.answers.length} requests (a page view and a sign-up every 100 ms), ` +
      `${result.refused} refused over ${(result.refusedMs / 1000).toFixed(1)} s ${result.why}, slowest answer ` +
      `${(result.slowestMs / 1000).toFixed(1)} s\n${update.output}\n${siteLogTail()}`,
  );
  expect(update.code).toBe(0);
  expect(update.output).toMatch(new RegExp(`Updated from ${first} to ${next}`));
  // No migration came with it: nothing says a rollback would be refused.
  expect(update.output).not.toMatch(/rollback to \w+ is not possible/);
  expect((await health()).version).toBe(next);
  expect(running()).toMatchObject({ port });
  expect(result.refused).toBe(0);
  expect(result.slowestMs).toBeLessThanOrEqual(10_000);
  expect(result.acknowledged.length).toBeGreaterThan(20);
  // The owner's files stay where they were: .env, content, photos and data in the project folder, linked
  // into the release, never copied.
  const release = path.join(
    site,
    'releases',
    readdirSync(path.join(site, 'releases')).find((n) => n.length === 40) ?? '',
  );
  expect(existsSync(path.join(release, 'data'))).toBe(false);
  expect(readFileSync(path.join(release, '.env'), 'utf8')).toBe(readFileSync(path.join(site, '.env'), 'utf8'));
  // The release served before (the project folder's own code) is recorded for --rollback.
  expect(JSON.parse(readFileSync(path.join(site, 'releases/state.json'), 'utf8'))).toEqual({ previous: '.' });
  for (const folder of ['studio-content', 'studio-media'])
    expect(realpathSync(path.join(release, folder))).toBe(realpathSync(path.join(site, folder)));
  await expectOwnersHome();

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
  await expectOwnersHome();
});

test("--rollback goes back to the previous version on the data as it is, under load with no request refused, with the owner's content", async () => {
  const serving = (await health()).version;
  const load = steadyLoad(port);
  const rollback = await owns('npm', 'run', '--silent', 'update', '--', '--rollback');
  await new Promise((r) => setTimeout(r, 2000));
  const result = await load.stop();
  acknowledged.push(...result.acknowledged);
  console.log(
    `rollback ${serving} → first: ${result.answers.length} requests, ${result.refused} refused ${result.why} over ` +
      `${(result.refusedMs / 1000).toFixed(1)} s, slowest answer ${(result.slowestMs / 1000).toFixed(1)} s\n${rollback.output}\n${siteLogTail()}`,
  );
  expect(rollback.code).toBe(0);
  const first = git(site, 'rev-parse', '--short', 'HEAD');
  expect(rollback.output).toMatch(new RegExp(`Rolled back from ${serving} to ${first}`));
  expect((await health()).version).toBe(first);
  expect(result.refused).toBe(0);
  expect(result.slowestMs).toBeLessThanOrEqual(10_000);
  expect(result.acknowledged.length).toBeGreaterThan(20);
  // The first version's pages were built before the owner's edits: built again with them before it served.
  await expectOwnersHome();
  // Nothing restored, nothing set aside: every sign-up acknowledged during the update and the rollback is there.
  expect(readdirSync(path.join(site, 'data')).filter((name) => name.includes('before-rollback'))).toEqual([]);
  expect(existsSync(path.join(site, 'releases/state.json'))).toBe(false);
  process.kill(running().pid, 'SIGTERM');
  await untilFree(path.join(site, 'data/pglite'), 30_000);
  const stored = await storedProAudioNames(path.join(site, 'data/pglite'));
  expect(acknowledged.filter((name) => !stored.has(name))).toEqual([]);
});
