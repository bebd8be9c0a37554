import { spawn } from 'node:child_process';
import path from 'node:path';
import { BUILD_KIND_VAR, processEnvironment } from '@/lib/env';
import { type BuildFunction, buildScript } from './build';
import type { BuildStandby } from './build-standby';
import { linkOrCopy } from './site-folders';

/**
 * The real build: the site's build (scripts/build-site.ts, what `npm run build` runs, started
 * without npm's own start-up) as a content rebuild, which writes ./out and runs the post-build
 * steps; then ./out is put in the new folder. Output is kept for the build record.
 */
export function contentBuild(
  opts: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number; standby?: BuildStandby } = {},
): BuildFunction {
  return (folder, stop) =>
    new Promise((resolve) => {
      // Stopped while it waited to start (for the sessions, for photos being prepared): the abort
      // has been sent already, so a build started now could not be stopped.
      if (stop?.aborted) {
        resolve({ ok: false, log: 'The build was stopped before it started.' });
        return;
      }
      const cwd = opts.cwd ?? process.cwd();
      let log = '';
      // A content rebuild: only the pages are generated again while the compiled code fits (scripts/build-site.ts).
      const env = { ...(opts.env ?? processEnvironment()), NEXT_TELEMETRY_DISABLED: '1', [BUILD_KIND_VAR]: 'content' };
      // The one started ahead when it waits, else a new one; either way one is started to wait for the next.
      const child =
        opts.standby?.take(env) ?? spawn(...buildScript(cwd), { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
      const append = (chunk: Buffer) => {
        log = (log + chunk.toString('utf8')).slice(-64_000);
      };
      child.stdout.on('data', append);
      child.stderr.on('data', append);
      // The build stops its own steps (scripts/build-site.ts).
      const onStop = () => child.kill('SIGTERM');
      stop?.addEventListener('abort', onStop, { once: true });
      const timer = setTimeout(() => {
        log += `\nThe build took longer than ${Math.round((opts.timeoutMs ?? 900_000) / 1000)} s and was stopped.`;
        child.kill('SIGTERM');
      }, opts.timeoutMs ?? 900_000);
      child.on('error', (error) => {
        clearTimeout(timer);
        resolve({ ok: false, log: `${log}\n${error.message}` });
      });
      child.on('exit', (code) => {
        clearTimeout(timer);
        stop?.removeEventListener('abort', onStop);
        opts.standby?.prepare();
        if (code !== 0 || stop?.aborted) {
          resolve({ ok: false, log: `${log}\nthe build exited with ${code ?? 'a signal'}` });
          return;
        }
        linkOrCopy(path.join(cwd, 'out'), folder).then(
          () => resolve({ ok: true, folder, log }),
          (error: Error) => resolve({ ok: false, log: `${log}\nputting out/ in place failed: ${error.message}` }),
        );
      });
    });
}
