/** @jest-environment node */
/**
 * The builds the service runs under its systemd unit (deploy/studio-site.service): a first start's
 * build and the rebuilds (an editor's save, the daily one) write into the project folder. These
 * machines cannot run systemd as PID 1, so the unit's file-system sandbox is made as systemd makes
 * it, with the kernel's own read-only bind mounts in a user and mount namespace (`unshare`):
 * `ProtectSystem=strict` makes the project folder and the service user's home read-only, and each
 * `ReadWritePaths=` entry, read from the unit, is made writable again. Then the site's real build
 * runs inside it, the full one and a content rebuild as the server starts it, then one started
 * ahead as the server keeps one waiting (its Next.js process too).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { copyBuildCache } from '@/server/site/releases';

jest.setTimeout(600_000);

const root = path.resolve(__dirname, '../../..');
const unit = readFileSync(path.join(root, 'deploy/studio-site.service'), 'utf8');
const PROJECT = '/srv/studio-site';

/** Whether this machine can make the namespace: in CI (CI=true) it must, elsewhere the test is skipped. */
function namespaces(): boolean {
  if (spawnSync('unshare', ['-rm', 'true']).status === 0) return true;
  if (process.env.CI === 'true') throw new Error('unshare cannot make a user and mount namespace here');
  console.warn('unshare cannot make a user and mount namespace: skipped');
  return false;
}

test("the service's builds write only where its unit lets them", () => {
  if (!namespaces()) return;
  const writable = (unit.match(/^ReadWritePaths=(.*)$/m)?.[1] ?? '').split(/\s+/).filter(Boolean);
  expect(writable.length).toBeGreaterThan(0);
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'studio-sandbox-'));
  try {
    // The project as deploy/install.sh leaves it: its files, a data folder, the packages installed.
    const project = path.join(tmp, 'studio-site');
    mkdirSync(path.join(project, 'data'), { recursive: true });
    execFileSync(
      'sh',
      [
        '-c',
        'git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - | tar -xf - -C "$1"',
        'sh',
        project,
      ],
      { cwd: root },
    );
    mkdirSync(path.join(project, 'node_modules'));
    // A project that has built before (its build cache, as a start or an update leaves it), so the
    // builds take a third of the time; they write into the cache all the same. A build from nothing
    // is the test run's own `npm run build` on a fresh clone.
    copyBuildCache(root, project);
    const home = path.join(tmp, 'home');
    mkdirSync(home);
    const rw = writable.map((p) => p.replace(/^-/, '').replace(PROJECT, project));
    const script = [
      'set -eu',
      // The installed packages, read-only like the rest of the system.
      'mount --bind "$MODULES" "$PROJECT/node_modules"',
      'mount --rbind "$PROJECT" "$PROJECT"',
      'mount -o remount,bind,ro "$PROJECT"',
      'mount -o remount,bind,ro "$PROJECT/node_modules"',
      'mount --bind "$HOME" "$HOME"',
      'mount -o remount,bind,ro "$HOME"',
      // ReadWritePaths=: writable again.
      'for path in $WRITABLE; do mount --rbind "$path" "$path"; mount -o remount,bind,rw "$path"; done',
      'cd "$PROJECT"',
      'touch data/.writable',
      'for path in node_modules/.probe "$HOME/.probe"; do',
      '  if touch "$path" 2>/dev/null; then echo "$path is writable: the sandbox is not made"; exit 1; fi',
      'done',
      // A first start's build (npm start builds through npm run build), then a rebuild as the server starts it.
      'npm run build',
      'BUILD_KIND=content node --require tsx/cjs --conditions=react-server scripts/build-site.ts',
      // And one started ahead (server/site/build-standby.ts), told to go with its environment.
      "BUILD_KIND=content node -p 'JSON.stringify(process.env)' | node --require tsx/cjs --conditions=react-server scripts/build-standby.ts",
    ].join('\n');
    const run = spawnSync('unshare', ['-rm', 'bash', '-c', script], {
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH,
        HOME: home,
        NODE_ENV: 'production',
        NEXT_TELEMETRY_DISABLED: '1',
        PROJECT: project,
        MODULES: path.join(root, 'node_modules'),
        WRITABLE: rw.join(' '),
      },
      maxBuffer: 64 * 1024 * 1024,
    });
    const output = `${run.stdout}${run.stderr}`;
    if (run.status !== 0) console.log(output.split('\n').slice(-60).join('\n'));
    expect(output).not.toMatch(/EROFS|read-only file system/i);
    expect(run.status).toBe(0);
    expect(output).toMatch(/build: full build in/);
    expect(output).toMatch(/build: content rebuild \(pages only: no compile, no type check\) in .*its process started/);
    expect(output).toMatch(
      /build: content rebuild \(pages only: no compile, no type check\) in .*started ahead with Next.js loaded, told to go/,
    );
    expect(existsSync(path.join(project, 'out', 'index.html'))).toBe(true);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
});
