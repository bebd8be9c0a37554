/** @jest-environment node */
/**
 * The content rebuild kept started ahead (server/site/build-standby.ts): a stand-in for the site's
 * standby script shows what the server hands it and when one is started; the real script shows
 * that it and its Next.js process end when the server goes. The real build through it runs in
 * tests/unit/ops/unit-sandbox.test.ts and in the real-WordPress test (a saved item goes live).
 */
import { writeScripts } from './stand-in-scripts';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BuildStandby, buildStandby } from '@/server/site/build-standby';
import { contentBuild } from '@/server/site/content-build';

// Generous: these start real processes, on a machine that may be running a build beside them.
jest.setTimeout(180_000);

const root = path.resolve(__dirname, '../../..');
const until = async (what: string, check: () => boolean, ms = 60_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};
/** A process's state letter from /proc (`Z` for one that has exited but not been reaped), or undefined when gone. */
const state = (pid: number): string | undefined => {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '')[0];
  } catch {
    return undefined;
  }
};
const alive = (pid: number) => ![undefined, 'Z', 'X'].includes(state(pid));
/** The processes whose parent is `pid`, from /proc. */
const childrenOf = (pid: number): number[] =>
  readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        return (
          readFileSync(`/proc/${name}/stat`, 'utf8')
            .replace(/^.*\) /s, '')
            .split(' ')[1] === String(pid)
        );
      } catch {
        return false;
      }
    })
    .map(Number);

/** A project folder whose standby script marks that it started, then builds with the environment it is told. */
function standIn(): string {
  const cwd = mkdtempSync(path.join(os.tmpdir(), 'studio-standby-'));
  writeScripts(cwd, {
    'build-standby.ts': [
      "import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';",
      "import { createInterface } from 'node:readline';",
      "appendFileSync('started', `${process.pid}\\n`);",
      'const input = createInterface({ input: process.stdin });',
      "input.once('line', (line) => {",
      '  input.close();',
      '  process.stdin.destroy();',
      '  const env = JSON.parse(line);',
      "  mkdirSync('out', { recursive: true });",
      "  writeFileSync('out/index.html', `${env.STANDBY_MARK}`);",
      "  console.log('build: done ahead');",
      '});',
    ],
    // The usual build, when none waits.
    'build-site.ts': [
      "import { mkdirSync, writeFileSync } from 'node:fs';",
      "mkdirSync('out', { recursive: true });",
      "writeFileSync('out/index.html', 'started at the go');",
      "console.log('build: done');",
    ],
  });
  return cwd;
}

/** Runs `test` with a stand-in project and its standby, both gone afterwards. */
async function withStandIn(test: (cwd: string, standby: BuildStandby) => Promise<void>): Promise<void> {
  const cwd = standIn();
  const standby = buildStandby(cwd, () => ({ ...process.env }));
  try {
    await test(cwd, standby);
  } finally {
    standby.close();
    rmSync(cwd, { recursive: true, force: true });
  }
}

/** Starts one to wait and returns its process id once it runs. */
async function waiting(cwd: string, standby: BuildStandby): Promise<number> {
  standby.prepare();
  await until('one waits', () => existsSync(path.join(cwd, 'started')));
  return Number(readFileSync(path.join(cwd, 'started'), 'utf8').trim());
}

describe('the content rebuild started ahead', () => {
  it('the first build starts as usual and leaves one waiting; the next takes it, with its own environment', () =>
    withStandIn(async (cwd, standby) => {
      const build = (mark: string, folder: string) =>
        contentBuild({ cwd, standby, env: { ...process.env, STANDBY_MARK: mark } })(
          path.join(cwd, folder),
          new AbortController().signal,
        );
      const first = await build('first', 'b1');
      expect(first.ok).toBe(true);
      expect(readFileSync(path.join(cwd, 'b1', 'index.html'), 'utf8')).toBe('started at the go');
      // One is started to wait as the first ends.
      await until('one waits', () => existsSync(path.join(cwd, 'started')));
      const second = await build('second', 'b2');
      expect(second).toMatchObject({ ok: true });
      expect(second.ok && second.log).toContain('build: done ahead');
      expect(readFileSync(path.join(cwd, 'b2', 'index.html'), 'utf8')).toBe('second');
      // And another for the one after.
      await until(
        'another waits',
        () => readFileSync(path.join(cwd, 'started'), 'utf8').trim().split('\n').length === 2,
      );
      const third = await build('third', 'b3');
      expect(readFileSync(path.join(cwd, 'b3', 'index.html'), 'utf8')).toBe('third');
      expect(third.ok).toBe(true);
    }));

  it('one that died while it waited is not used: the build starts as usual', () =>
    withStandIn(async (cwd, standby) => {
      const pid = await waiting(cwd, standby);
      process.kill(pid, 'SIGKILL');
      await until('it is gone', () => !alive(pid));
      await new Promise((resolve) => setTimeout(resolve, 100));
      const outcome = await contentBuild({ cwd, standby, env: { ...process.env, STANDBY_MARK: 'x' } })(
        path.join(cwd, 'b1'),
        new AbortController().signal,
      );
      expect(outcome.ok).toBe(true);
      expect(readFileSync(path.join(cwd, 'b1', 'index.html'), 'utf8')).toBe('started at the go');
    }));

  it('the one waiting is stopped with the server', () =>
    withStandIn(async (cwd, standby) => {
      const pid = await waiting(cwd, standby);
      standby.close();
      await until('it is gone', () => !alive(pid));
      expect(standby.take({ ...process.env })).toBeUndefined();
    }));

  it("the site's standby and its Next.js process end when the server goes before the go (its input closes)", async () => {
    const child = spawn(
      process.execPath,
      ['--require', require.resolve('tsx/cjs'), '--conditions=react-server', 'scripts/build-standby.ts'],
      // As the server starts it: the environment it started with, here a bare one.
      {
        cwd: root,
        stdio: ['pipe', 'pipe', 'pipe'],
        env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production' },
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const pid = child.pid ?? 0;
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    // Its Next.js process, started beside it, loads its build command and waits too.
    // Found by its script: tsx may have started esbuild beside it too (a cold cache).
    const nextOf = (p: number) =>
      childrenOf(p).filter((c) => {
        try {
          return readFileSync(`/proc/${c}/cmdline`, 'utf8').includes('next-standby.cjs');
        } catch {
          return false;
        }
      });
    await until('its Next.js process runs', () => nextOf(pid).length === 1).catch((error: Error) => {
      const about = (p: number) => {
        try {
          return `${p} ${state(p)} ${readFileSync(`/proc/${p}/cmdline`, 'utf8').replace(/\0/g, ' ')}`;
        } catch {
          return `${p} gone`;
        }
      };
      throw new Error(
        `${error.message}; its output: ${output || '(none)'}; it: ${about(pid)}; its children: ${childrenOf(pid).map(about).join(' | ') || '(none)'}`,
      );
    });
    const [next = 0] = nextOf(pid);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(output).toBe('');
    expect(alive(pid) && alive(next)).toBe(true);
    child.stdin.end();
    expect(await exited).toBe(0);
    await until('its Next.js process is gone', () => !alive(next));
    // No build ran: nothing was built, nothing said.
    expect(output).toBe('');
  });
});
