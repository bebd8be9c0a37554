/**
 * Next.js's page generation (`next build --experimental-build-mode generate`), started ahead and
 * waiting: a content rebuild started ahead (scripts/build-standby.ts) starts this beside itself.
 * It loads Next.js's build command, about 0.7 s of a core that would otherwise come between an
 * editor's save and the pages, then waits for one line on its standard input: the environment to
 * build in, as JSON. It then runs the command as Next.js's own `next build` does (bin/next: the
 * production NODE_ENV, set before the command's modules load, and the start time), and exits with
 * its outcome. If its input closes first (the build that started it has ended or died), it exits.
 * Hand-written: Next.js has no way to start a build ahead of its go. Plain JavaScript, started by
 * Node alone: Next.js starts its page workers with its own process's Node options, and tsx's loader
 * in each made the pages about 0.7 s slower.
 */
const { createInterface } = require('node:readline');

// As bin/next sets them before it loads the build command.
Object.assign(process.env, { NODE_ENV: process.env.NODE_ENV || 'production', NEXT_RUNTIME: 'nodejs' });
/** @type {{ nextBuild: (options: Record<string, unknown>, directory?: string) => Promise<void> }} */
const { nextBuild } = require('next/dist/cli/next-build.js');

const input = createInterface({ input: process.stdin });
let going = false;
input.once('line', (line) => {
  going = true;
  input.close();
  process.stdin.destroy();
  /** @type {Record<string, string>} */
  const env = JSON.parse(line);
  for (const name of Object.keys(process.env)) if (!(name in env)) delete process.env[name];
  Object.assign(process.env, env, {
    NODE_ENV: env.NODE_ENV || 'production',
    NEXT_RUNTIME: 'nodejs',
    NEXT_PRIVATE_START_TIME: String(Date.now()),
  });
  // The options `next build --experimental-build-mode generate` parses to; Next.js exits on a failure.
  nextBuild({ experimentalBuildMode: 'generate', mangling: true }).then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
});
input.once('close', () => {
  if (!going) process.exit(0);
});
