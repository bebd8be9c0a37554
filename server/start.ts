/**
 * `npm start`: serves releases/current when `npm run update` installed one (server/site/releases.ts),
 * given the project folder's shared paths; before the first update, this folder's own code
 * (server/main.ts). Signals are passed on; the exit code is the server's.
 */
import { environmentBeforeFiles } from '@/lib/load-env';
import { spawn } from 'node:child_process';
import { getEnv } from '@/lib/env';
import { currentRelease, releaseCommand, sharedSettings } from './site/releases';

const project = process.cwd();
const release = currentRelease(project);
if (!release || release === project) {
  void import('./main');
} else {
  const [command, args] = releaseCommand(release, process.argv.slice(2));
  const child = spawn(command, args, {
    cwd: release,
    env: { ...environmentBeforeFiles, ...sharedSettings(getEnv(), project) },
    stdio: 'inherit',
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
