/**
 * `npm run bench:first-start [-- --npm-ci] [--port P]`: a fresh machine's first page. Clones this
 * checkout's last commit into a scratch folder (`.bench-first-start/`, removed afterwards), gives it
 * this node_modules as hard links, or runs `npm ci` there with `--npm-ci` (the install then counts,
 * though no change of the site's moves it), and runs `npm start` on its embedded defaults (no
 * `.env`, a data folder of its own). Prints the time until the first page answered, the build's
 * part of it, and when the compressed copies and Open Graph cards, made once the site serves, were
 * done. Needs a quiet machine to mean much: the load average is printed with the figures.
 */
// Read like every command's settings, though the started site gets none of them (a fresh machine).
import '@/lib/load-env';
import { execFileSync, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { arg, machineLoad, runBench } from './bench-common';

const dir = path.resolve('.bench-first-start');
const port = arg('port', 3191, 65_000);
const withInstall = process.argv.includes('--npm-ci');
const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1);

async function main(): Promise<void> {
  rmSync(dir, { recursive: true, force: true });
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  execFileSync('git', ['clone', '--quiet', '.', dir]);
  console.log(`A fresh clone of ${commit} (committed work only) in ${dir}; ${machineLoad()}`);

  const started = performance.now();
  if (withInstall) {
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'ignore' });
    console.log(`npm ci: ${seconds(started)} s`);
  } else {
    execFileSync('cp', ['-al', 'node_modules', path.join(dir, 'node_modules')]);
  }
  const startedServer = performance.now();
  const server = spawn('npm', ['start'], {
    cwd: dir,
    detached: true,
    // As on a fresh machine: none of this shell's settings, NODE_ENV included (the type wants one).
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      NEXT_TELEMETRY_DISABLED: '1',
    } as Partial<NodeJS.ProcessEnv> as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let built = '';
  // The server says when it serves ("Site ready at …", server/main.ts), and later when the deferred
  // steps are done; stopping before either ends the bench with its output.
  let serving = () => {};
  const ready = new Promise<void>((resolve) => {
    serving = resolve;
  });
  const stopped = new Promise<never>((_, reject) => {
    server.once('exit', (code) => reject(new Error(`npm start stopped (exit code ${code}):\n${output}`)));
  });
  stopped.catch(() => {}); // once the bench stops it itself, nobody waits for this
  const deferred = new Promise<string>((resolve) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      built ||= /built in ([\d.]+) s/.exec(output)?.[1] ?? '';
      if (output.includes('Site ready at')) serving();
      const done = /compressed copies and OG images made|the deferred steps failed[^\n]*/.exec(output);
      if (done) resolve(done[0]);
    };
    server.stdout?.on('data', read);
    server.stderr?.on('data', read);
  });
  try {
    await Promise.race([ready, stopped]);
    const answer = await fetch(`http://127.0.0.1:${port}/`);
    if (!answer.ok) throw new Error(`The first page answered ${answer.status}:\n${output}`);
    const answered = seconds(startedServer);
    console.log(
      `npm start → first page answered: ${answered} s (the build ${built || '?'} s)` +
        (withInstall ? `; from npm ci on: ${seconds(started)} s` : '; node_modules hard-linked, npm ci not timed'),
    );
    const outcome = await Promise.race([deferred, stopped]);
    console.log(`${outcome}: ${seconds(startedServer)} s after npm start, the site serving meanwhile`);
  } finally {
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
    await new Promise((resolve) => (server.exitCode === null ? server.once('exit', resolve) : resolve(null)));
    rmSync(dir, { recursive: true, force: true });
  }
}

runBench(main);
