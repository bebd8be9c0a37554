/**
 * @jest-environment node
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseEnv } from '@/lib/env';
import { isLoopbackSite, launchProblems } from '@/lib/launch';
import { getStudio } from '@/lib/studio';
import { completeIdentity } from './identity';

const root = path.resolve(__dirname, '../../..');

/**
 * Runs a project script as `npm run` does (with the react-server condition, as package.json runs
 * the checks: the content modules read WordPress's snapshots through server-only code), with only
 * the given variables (no .env in the test's environment).
 */
function run(script: string, vars: Record<string, string>, args: readonly string[] = []) {
  const result = spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['--conditions=react-server', script, ...args], {
    cwd: root,
    env: { NODE_ENV: 'production', PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...vars },
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('the launch check', () => {
  it('lists every placeholder of the defaults, one line each, naming the variable and the record', () => {
    const problems = launchProblems(parseEnv({}));
    const variables = problems.map((line) => line.split(/[ :]/)[0]);
    expect(variables).toEqual([
      'SITE_URL',
      'STUDIO_NAME',
      'STUDIO_INSTITUTE_NAME',
      'STUDIO_FOUNDED_YEAR',
      'STUDIO_UPI_ID',
      'STUDIO_UPI_NAME',
      'STUDIO_WHATSAPP',
      'STUDIO_EMAIL',
      'STUDIO_STREET',
      'STUDIO_MAP_EMBED_URL',
      'STUDIO_GRIEVANCE_NAME',
      'STUDIO_GRIEVANCE_EMAIL',
      'STUDIO_MAP_LINK',
      'STUDIO_FACEBOOK',
      'STUDIO_LINKEDIN',
      'STUDIO_INSTAGRAM',
      'STUDIO_X',
      'SITE_NOTICE',
      'STUDIO_GSTIN',
      'LAUNCH_CONFIRMED_CLAIMS',
      'LAUNCH_CONFIRMED_CLAIMS',
    ]);
    expect(problems[2]).toBe(
      'STUDIO_INSTITUTE_NAME in .env: set the institute\'s name (the shipped "One11 Institute" is the example\'s)',
    );
    expect(problems[4]).toBe(
      'STUDIO_UPI_ID in .env: "one11studios@example" is a placeholder; a visitor would pay an invalid UPI ID',
    );
  });

  it("prints the institute's name, the tagline and the founding year the studio sets", () => {
    const names = { STUDIO_INSTITUTE_NAME: 'Raga Academy', STUDIO_TAGLINE: 'Recording in Pune' };
    const studio = getStudio(parseEnv({ ...names, STUDIO_FOUNDED_YEAR: '2015' }));
    expect(studio).toMatchObject({ instituteName: 'Raga Academy', tagline: 'Recording in Pune', foundedYear: 2015 });
    expect(() => parseEnv({ STUDIO_FOUNDED_YEAR: 'last year' })).toThrow(/STUDIO_FOUNDED_YEAR/);
  });

  it('refuses a public build without a grievance contact for privacy requests and complaints', () => {
    const { STUDIO_GRIEVANCE_NAME: _n, STUDIO_GRIEVANCE_EMAIL: _e, ...rest } = completeIdentity;
    expect(launchProblems(parseEnv(rest))).toEqual([
      'STUDIO_GRIEVANCE_NAME in .env: name the person who answers privacy requests and complaints',
      'STUDIO_GRIEVANCE_EMAIL in .env: "privacy@one11studios.example" is a placeholder address',
    ]);
  });

  it('passes with a complete identity', () => {
    expect(launchProblems(parseEnv(completeIdentity))).toEqual([]);
  });

  it('refuses reserved domains, plain http and profile-less social links', () => {
    const problems = launchProblems(
      parseEnv({
        ...completeIdentity,
        SITE_URL: 'http://one11studios.in',
        STUDIO_EMAIL: 'team@studio.example',
        STUDIO_INSTAGRAM: 'https://www.instagram.com/',
      }),
    );
    expect(problems).toEqual([
      'SITE_URL in .env: "http://one11studios.in" must use https://',
      'STUDIO_EMAIL in .env: "team@studio.example" is a placeholder address',
      'STUDIO_INSTAGRAM in .env: "https://www.instagram.com" is the platform\'s home page, not a profile; set the profile\'s address, or none when the studio has none there',
    ]);
    expect(launchProblems(parseEnv({ ...completeIdentity, SITE_URL: 'https://www.example.com' }))[0]).toMatch(
      /^SITE_URL in .env: .*reserved example domain/,
    );
  });

  it('tells loopback addresses from public ones', () => {
    for (const url of ['http://localhost:3000', 'http://127.0.0.1:3150', 'http://[::1]:3000', 'http://app.localhost'])
      expect(isLoopbackSite(url)).toBe(true);
    for (const url of ['https://one11studios.in', 'http://192.168.1.10']) expect(isLoopbackSite(url)).toBe(false);
  });

  // The real scripts, as `npm run build` (prebuild) and `npm run check:launch` run them.
  it('stops a public build with the defaults and with placeholder content, lets a loopback build through', () => {
    const publicBuild = run('scripts/check-env.ts', { SITE_URL: 'https://one11studios.in' });
    expect(publicBuild.status).toBe(1);
    expect(publicBuild.output).toContain('Not ready to launch: a build for https://one11studios.in');
    expect(publicBuild.output).toContain('  - STUDIO_UPI_ID in .env');
    expect(publicBuild.output).not.toContain('SITE_URL in .env:');

    expect(run('scripts/check-env.ts', {}).status).toBe(0);
    // Before the pull a complete identity passes; after it (--content), the project's placeholder
    // content is left, each line naming the owner's file, never a TypeScript module.
    expect(run('scripts/check-env.ts', completeIdentity).status).toBe(0);
    const afterPull = run('scripts/check-env.ts', completeIdentity, ['--content']);
    expect(afterPull.status).toBe(1);
    const lines = afterPull.output.split('\n').filter((line) => line.startsWith('  - '));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line).toMatch(/^ {2}- studio-(media|content)\//);
      expect(line).not.toMatch(/\.tsx?\b/);
    }
  }, 60_000);

  it('npm run check:launch prints the same list without building; with a complete identity, only the content is left', () => {
    const defaults = run('scripts/check-launch.ts', {});
    expect(defaults.status).toBe(1);
    for (const line of launchProblems(parseEnv({}))) expect(defaults.output).toContain(`  - ${line}`);

    const complete = run('scripts/check-launch.ts', completeIdentity);
    expect(complete.status).toBe(1);
    expect(complete.output).toContain(
      '  - studio-content/artists.json: "Aarohi" (an artist on the home page) is a placeholder name; set the real one',
    );
    expect(complete.output).not.toMatch(/ {2}- (SITE_|STUDIO_|LAUNCH_)/);
  }, 60_000);

  it('refuses a talent show set only in part', () => {
    const partial = run('scripts/check-env.ts', { TALENT_SHOW_START: '2027-02-20 18:00' });
    expect(partial.status).toBe(1);
    expect(partial.output).toContain(
      'TALENT_SHOW_END, TALENT_SHOW_VENUE, TALENT_SHOW_ADDRESS must be set too (the talent show needs all four)',
    );
  }, 60_000);
});
