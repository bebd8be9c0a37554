/**
 * A content rebuild started ahead: the server keeps one waiting (server/site/build-standby.ts), so an
 * editor's save does not wait for a build's start. It starts Node with tsx's loader and, beside
 * itself, Next.js's page generation started ahead (scripts/next-standby.cjs), then waits for one line
 * on its standard input: the environment to build in, as JSON. It takes that environment as its
 * own, then loads and runs the site's build (scripts/build-site.ts) as `npm run build` would. Nothing
 * that reads the settings is loaded before the go: the `.env` files are read then, as by a build
 * started at that moment. If its input closes first (the server stopped or died), it exits, and the
 * Next.js process with it (its input closes too).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

const next = spawn(process.execPath, [path.join(__dirname, 'next-standby.cjs')], {
  stdio: ['pipe', 'inherit', 'inherit'],
});
// A Next.js process that could not start is told by its exit; the build then starts its own.
next.stdin.on('error', () => undefined);

const input = createInterface({ input: process.stdin });
let going = false;
input.once('line', (line) => {
  going = true;
  const goAt = performance.now();
  input.close();
  process.stdin.destroy();
  const env = JSON.parse(line) as Record<string, string>;
  for (const name of Object.keys(process.env)) if (!(name in env)) delete process.env[name];
  Object.assign(process.env, env);
  const build = require('./build-site') as typeof import('./build-site');
  void build.main({ goAt, next }).finally(() => {
    // A build that did not generate pages (a full build) leaves it waiting: it is not needed.
    if (next.exitCode === null && next.signalCode === null) next.kill();
  });
});
input.once('close', () => {
  if (going) return;
  next.kill();
  process.exit(0);
});
