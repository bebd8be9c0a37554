/**
 * @jest-environment node
 *
 * Pages built with other prices than the service charges (content/prices.ts): the real server says
 * so at start and in /api/health, and stops saying it once the served record agrees; the launch
 * check lists it too. A project folder with only the build's record in out/ (no pages needed).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { prices } from '@/content/prices';
import { parseEnv } from '@/lib/env';
import { SITE_BUILD_FILE, siteBuildOf } from '@/lib/site-build';
import { freePort } from '../../free-port';
import { ready, spawnServer } from './server-process';

jest.setTimeout(120_000);

const root = path.resolve(__dirname, '../../..');
/** tsx finds the project's path aliases through this, whatever the working folder. */
const tsconfig = { TSX_TSCONFIG_PATH: path.join(root, 'tsconfig.json') };
const warning = 'The pages show the masterclass at ₹149 + GST but the service charges ₹99 + GST: rebuild the site.';

/** Writes out/site-build.json as a build with `shown` prices would, dated `at`. */
function writeRecord(dir: string, shown: Record<string, number>, at: Date): void {
  const file = path.join(dir, 'out', SITE_BUILD_FILE);
  writeFileSync(file, JSON.stringify({ ...siteBuildOf(parseEnv({})), prices: shown }));
  utimesSync(file, at, at);
}

/** `npm run check:launch` in `cwd`: its exit code and output. */
function checkLaunch(cwd: string): { code: number | null; text: string } {
  const tsx = path.join(root, 'node_modules/.bin/tsx');
  const run = spawnSync(tsx, ['--conditions=react-server', path.join(root, 'scripts/check-launch.ts')], {
    cwd,
    env: { NODE_ENV: 'production', PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...tsconfig },
    encoding: 'utf8',
  });
  return { code: run.status, text: `${run.stdout}${run.stderr}` };
}

describe('the prices the pages show against those the service charges', () => {
  it('are compared at start, in /api/health after the record changes, and by the launch check', async () => {
    expect(prices.masterclass).toBe(9_900);
    const cwd = mkdtempSync(path.join(os.tmpdir(), 'studio-prices-'));
    symlinkSync(path.join(root, 'content'), path.join(cwd, 'content'));
    mkdirSync(path.join(cwd, 'out'));
    writeFileSync(path.join(cwd, '.env'), 'DATA_DIR=data/pglite\n');
    writeRecord(cwd, { ...prices, masterclass: 14_900 }, new Date(Date.now() - 60_000));
    const server = spawnServer({ cwd, port: await freePort(), env: tsconfig });
    try {
      await ready(server);
      expect(server.output()).toContain(warning);
      const health = async () => (await fetch(`http://127.0.0.1:${server.port}/api/health`)).json();
      expect(await health()).toEqual(expect.objectContaining({ ok: true, warnings: [warning] }));

      const launch = checkLaunch(cwd);
      expect(launch.code).toBe(1);
      expect(launch.text).toContain(`  - ${warning}`);

      // The site built again with the service's prices: nothing more to say.
      writeRecord(cwd, prices, new Date());
      expect(await health()).toEqual(expect.objectContaining({ ok: true, warnings: [] }));
      expect(checkLaunch(cwd).text).not.toContain('rebuild the site');
    } finally {
      server.kill('SIGTERM');
      await server.exited;
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});
