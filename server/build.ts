import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseSiteBuild, SITE_BUILD_FILE } from '@/lib/site-build';

const sources = ['app', 'components', 'content', 'lib', 'public', 'next.config.mjs', 'package.json', 'scripts'];

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const info = statSync(entry);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/**
 * Why out/ must be built again, or undefined when it is current: it is missing, it was built with
 * other settings than `fingerprint` (lib/env.ts settingsFingerprint of the configuration now,
 * `.env` files included), or a source file is newer than it.
 */
export function buildReason(outDir: string, fingerprint: string, cwd = process.cwd()): string | undefined {
  const record = path.join(outDir, SITE_BUILD_FILE);
  if (!existsSync(record))
    return existsSync(path.join(outDir, 'index.html')) ? 'out/ has no settings record' : 'out/ is missing';
  const built = parseSiteBuild(readFileSync(record, 'utf8'));
  if (built?.fingerprint !== fingerprint) return 'the settings differ from those out/ was built with';
  const builtAt = statSync(record).mtimeMs;
  return sources.some((s) => newestMtime(path.join(cwd, s)) > builtAt) ? 'a source file is newer than out/' : undefined;
}

/** Runs `npm run build`, streaming its output; resolves with the exit code. */
export function runBuild(env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', 'build'], { stdio: 'inherit', env: { ...env, NEXT_TELEMETRY_DISABLED: '1' } });
    child.on('exit', (code) => resolve(code ?? 1));
    child.on('error', () => resolve(1));
  });
}
