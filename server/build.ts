import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const sources = ['app', 'components', 'content', 'lib', 'public', 'next.config.mjs', 'package.json', 'scripts'];

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const info = statSync(entry);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/** True when out/ is missing or older than any source file. */
export function needsBuild(outDir: string, cwd = process.cwd()): boolean {
  const marker = path.join(outDir, 'index.html');
  const fallbackMarker = path.join(outDir, '404.html');
  const built = existsSync(marker)
    ? statSync(marker).mtimeMs
    : existsSync(fallbackMarker)
      ? statSync(fallbackMarker).mtimeMs
      : 0;
  if (built === 0) return true;
  return sources.some((s) => newestMtime(path.join(cwd, s)) > built);
}

/** Runs `npm run build`, streaming its output; resolves with the exit code. */
export function runBuild(env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', 'build'], { stdio: 'inherit', env: { ...env, NEXT_TELEMETRY_DISABLED: '1' } });
    child.on('exit', (code) => resolve(code ?? 1));
    child.on('error', () => resolve(1));
  });
}
