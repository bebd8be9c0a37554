/**
 * @jest-environment node
 *
 * `npm run launch`, as the owner of a site in preview runs it in the project folder: refused with the
 * launch check's list (and `.env` untouched) while anything is left; once the identity, the content
 * and the logo are the studio's, it records SITE_LAUNCHED=yes in `.env`, keeping every other line and
 * comment, owner-only. The project folder holds what the check reads: the content records, the
 * owner's content and media folders and `.env` (no built pages, so no photo of the pages is in it).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from '@/lib/env';
import { launchProblems } from '@/lib/launch';
import { inTempDir } from '../temp-dir';
import { completeIdentity } from './identity';

const root = path.resolve(__dirname, '../../..');

/** `npm run launch` in `cwd` (with only PATH and HOME from the environment): its exit code and output. */
function launch(cwd: string) {
  const run = spawnSync(
    path.join(root, 'node_modules/.bin/tsx'),
    ['--conditions=react-server', path.join(root, 'scripts/launch.ts')],
    {
      cwd,
      env: {
        NODE_ENV: 'production',
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        // tsx finds the project's path aliases through this, whatever the working folder.
        TSX_TSCONFIG_PATH: path.join(root, 'tsconfig.json'),
      },
      encoding: 'utf8',
    },
  );
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** A project folder with the content records and `.env` holding `lines`. */
function project(dir: string, lines: readonly string[]): string {
  symlinkSync(path.join(root, 'content'), path.join(dir, 'content'));
  writeFileSync(path.join(dir, '.env'), `${lines.join('\n')}\n`, { mode: 0o600 });
  return path.join(dir, '.env');
}

/** The owner's own names in their content folder, and their logo in their media folder. */
function ownContent(dir: string): void {
  const names: Record<string, Record<string, string>> = {
    'artists.json': { Aarohi: 'Meher Rao', 'The Monsoon Lines': 'Raag Trio', 'Kabir Saxena': 'Dev Malhotra' },
    'testimonials.json': {
      'Singer-songwriter, recording client': 'Nisha Iyer',
      'Student, music production certification': 'Arjun Menon',
      'Band, mixing and mastering client': 'The Tide',
    },
  };
  mkdirSync(path.join(dir, 'studio-content'));
  for (const [file, renames] of Object.entries(names)) {
    let text = readFileSync(path.join(root, 'content/cms', file), 'utf8');
    for (const [from, to] of Object.entries(renames)) text = text.replaceAll(`"${from}"`, `"${to}"`);
    writeFileSync(path.join(dir, 'studio-content', file), text);
  }
  mkdirSync(path.join(dir, 'studio-media/brand'), { recursive: true });
  writeFileSync(
    path.join(dir, 'studio-media/brand/logo.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></svg>\n',
  );
}

jest.setTimeout(60_000);

describe('npm run launch', () => {
  it('refuses while the launch check lists anything, printing the list and leaving .env as it was', () => {
    inTempDir('studio-launch-', (dir) => {
      const lines = ['# Written by deploy/install.sh', 'SITE_LAUNCHED=no', 'SITE_URL=https://one11studios.in'];
      const envFile = project(dir, lines);
      const refused = launch(dir);
      expect(refused.status).toBe(1);
      for (const line of launchProblems(parseEnv({ SITE_URL: 'https://one11studios.in' })))
        expect(refused.output).toContain(`  - ${line}`);
      expect(refused.output).toContain(
        '  - studio-content/artists.json: "Aarohi" (an artist on the home page) is a placeholder name; set the real one',
      );
      expect(refused.output).toContain('Nothing was changed');
      expect(readFileSync(envFile, 'utf8')).toBe(`${lines.join('\n')}\n`);
    });
  });

  it('on a complete identity and content, writes SITE_LAUNCHED=yes keeping every other line, owner-only', () => {
    inTempDir('studio-launch-', (dir) => {
      const settings = Object.entries(completeIdentity).map(([name, value]) => `${name}=${value}`);
      const lines = [
        '# Written by deploy/install.sh; every other setting is described in .env.example.',
        '# The site is served in preview.',
        'SITE_LAUNCHED=no',
        '',
        ...settings,
        '# PORT=4000 is for later',
      ];
      const envFile = project(dir, lines);
      ownContent(dir);
      const done = launch(dir);
      expect(done.output).toContain('Ready to launch: no placeholder would ship.');
      expect(done.output).toContain(`Launched: SITE_LAUNCHED=yes in ${envFile}.`);
      expect(done.output).toContain('Next: restart the site');
      expect(done.status).toBe(0);
      const after = lines.map((line) => (line === 'SITE_LAUNCHED=no' ? 'SITE_LAUNCHED=yes' : line));
      expect(readFileSync(envFile, 'utf8')).toBe(`${after.join('\n')}\n`);
      expect(statSync(envFile).mode & 0o777).toBe(0o600);

      // A .env that never named it (a site set up by hand) gets the line added at its end.
      writeFileSync(envFile, settings.join('\n'));
      chmodSync(envFile, 0o644);
      expect(launch(dir).status).toBe(0);
      expect(readFileSync(envFile, 'utf8')).toBe(`${settings.join('\n')}\nSITE_LAUNCHED=yes\n`);
      expect(statSync(envFile).mode & 0o777).toBe(0o600);
    });
  });
});
