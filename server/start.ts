/**
 * `npm start`: serves releases/current when `npm run update` installed one (server/site/releases.ts),
 * given the project folder's shared paths; before the first update, this folder's own code
 * (server/main.ts). Signals are passed on; the exit code is the server's. Under systemd the
 * listening socket it was passed (lib/service-socket.ts) is passed on to the release's
 * server, which runs in one process so that it has it.
 */
import { environmentBeforeFiles } from '@/lib/load-env';
import { spawn } from 'node:child_process';
import { getEnv } from '@/lib/env';
import { currentRelease, releaseCommand, sharedSettings } from './site/releases';
import { serverInOneProcess } from './startup/hand-over';
import { passedSocket } from '@/lib/service-socket';

const project = process.cwd();
const release = currentRelease(project);
if (!release || release === project) {
  // The server runs in this process: it takes a passed socket itself.
  void import('./main');
} else {
  const socket = passedSocket(process.env, process.pid);
  const args = process.argv.slice(2);
  const [command, commandArgs]: [string, string[]] =
    socket === undefined
      ? releaseCommand(release, args)
      : [process.execPath, serverInOneProcess(release, [...args, '--port-fd', String(socket), '--service-managed'])];
  const child = spawn(command, commandArgs, {
    cwd: release,
    env: { ...environmentBeforeFiles, ...sharedSettings(getEnv(), project) },
    stdio: socket === undefined ? 'inherit' : ['inherit', 'inherit', 'inherit', socket],
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
