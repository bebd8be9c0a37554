import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(__dirname, '..');
const loader = pathToFileURL(path.join(root, 'node_modules/tsx/dist/loader.mjs')).href;

/**
 * node's arguments to run one of this checkout's scripts (`server/main.ts`, `scripts/*.ts`) as
 * `npm run` runs it through tsx, for the tests that start real processes: in one node process (the
 * `tsx` command starts a second one to run the script), from any working folder, and with
 * WebAssembly on V8's baseline compiler (`--liftoff-only`, which NODE_OPTIONS does not allow).
 * Measured here, a staff account and a server's start took 5 s this way and 8 s through npm and
 * npx, most of it V8 optimising PGlite's 9 MB module, which these short-lived processes use for
 * seconds. What the script does is the same either way.
 */
export function tsxNode(script: string, args: readonly string[] = [], nodeFlags: readonly string[] = []): string[] {
  return ['--liftoff-only', ...nodeFlags, '--import', loader, path.resolve(root, script), ...args];
}
