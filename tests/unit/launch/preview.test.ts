/**
 * @jest-environment node
 *
 * A site in preview (SITE_LAUNCHED=no, what deploy/install.sh writes in a fresh .env) against a
 * launched one (the setting unset, as on every site set up before it existed, or yes): the notice
 * on every page, the pages' robots rules and robots.txt, and the public build's launch check, which
 * warns in preview and refuses once launched.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { developmentNotice, previewNotice } from '@/content/navigation';
import { parseEnv } from '@/lib/env';
import { pageMetadata, robotsTxtPolicy } from '@/lib/seo';
import { siteNotice } from '@/lib/site-notice';
import { settingsFingerprint } from '@/lib/site-build';
import { inTempDir } from '../temp-dir';
import { completeIdentity } from './identity';

const root = path.resolve(__dirname, '../../..');

/** scripts/check-env.ts as the build runs it, with only the given variables. */
function buildCheck(vars: Record<string, string>, afterPull: boolean) {
  const result = spawnSync(
    path.join(root, 'node_modules/.bin/tsx'),
    ['--conditions=react-server', 'scripts/check-env.ts', ...(afterPull ? ['--content'] : [])],
    {
      cwd: root,
      env: { NODE_ENV: 'production', PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...vars },
      encoding: 'utf8',
    },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const preview = parseEnv({ SITE_LAUNCHED: 'no', SITE_NOTICE: 'Opening offers all week' });
const launched = parseEnv({ SITE_NOTICE: 'Opening offers all week' });

describe('the setting', () => {
  it('is launched when unset (every site set up before it), in preview at no, and says what it takes', () => {
    expect(parseEnv({}).SITE_LAUNCHED).toBe(true);
    expect(parseEnv({ SITE_LAUNCHED: 'yes' }).SITE_LAUNCHED).toBe(true);
    expect(preview.SITE_LAUNCHED).toBe(false);
    expect(() => parseEnv({ SITE_LAUNCHED: 'soon' })).toThrow('SITE_LAUNCHED must be true or false (got "soon")');
  });

  it('is a build setting: the start after a launch builds the pages again', () => {
    expect(settingsFingerprint(parseEnv({ SITE_LAUNCHED: 'yes' }))).not.toBe(
      settingsFingerprint(parseEnv({ SITE_LAUNCHED: 'no' })),
    );
  });
});

describe('the pages in preview', () => {
  it('say on every page that the site is not open yet, in place of the notice of SITE_NOTICE', () => {
    expect(siteNotice(preview)).toBe(previewNotice);
    expect(previewNotice).toMatch(/not open yet/);
    expect(siteNotice(launched)).toBe('Opening offers all week');
    expect(siteNotice(parseEnv({}))).toBe(developmentNotice);
  });

  it('are kept out of search results, and robots.txt disallows everything', () => {
    for (const page of ['/', '/about', '/masterclass', '/one11Register'] as const)
      expect(pageMetadata(page, preview).robots).toEqual({ index: false, follow: false });
    expect(pageMetadata('/', launched).robots).toEqual({ index: true, follow: true });
    expect(robotsTxtPolicy(true)).toEqual({ userAgent: '*', allow: '/' });
  });

  it("robots.txt as next-sitemap writes it from the build's route manifest", () => {
    inTempDir('studio-robots-', (dir) => {
      mkdirSync(path.join(dir, '.next'));
      mkdirSync(path.join(dir, 'out'));
      writeFileSync(path.join(dir, 'out/index.html'), '<!doctype html><title>Home</title>');
      // As scripts/postbuild.ts writes it for a site in preview.
      const manifest = { siteUrl: 'https://one11studios.in', sitemap: ['/'], robots: [robotsTxtPolicy(false)] };
      writeFileSync(path.join(dir, '.next/site-routes.json'), JSON.stringify(manifest));
      const run = spawnSync(
        path.join(root, 'node_modules/.bin/next-sitemap'),
        ['--config', path.join(root, 'next-sitemap.config.mjs')],
        { cwd: dir, encoding: 'utf8' },
      );
      expect(run.status).toBe(0);
      const robots = readFileSync(path.join(dir, 'out/robots.txt'), 'utf8');
      expect(robots).toContain('User-agent: *\nDisallow: /\n');
      expect(robots).not.toContain('Allow:');
    });
  }, 30_000);
});

describe("a public build's launch check", () => {
  const site = { SITE_URL: 'https://one11studios.in' };

  it('in preview, builds with a warning: how many items are left and how to see them, once, after the pull', () => {
    const before = buildCheck({ ...site, SITE_LAUNCHED: 'no' }, false);
    expect(before).toEqual({ status: 0, output: '' });
    const after = buildCheck({ ...site, SITE_LAUNCHED: 'no' }, true);
    expect(after.status).toBe(0);
    expect(after.output).toMatch(
      /^Preview \(SITE_LAUNCHED=no\): https:\/\/one11studios\.in is built not yet open \(not indexed, forms and payment claims closed\), with \d+ launch items left: npm run check:launch lists them; npm run launch opens the site once none is left\.\n$/,
    );
    expect(after.output).not.toContain('  - ');
  }, 60_000);

  it('once launched (or with no SITE_LAUNCHED at all), refuses as before', () => {
    for (const vars of [site, { ...site, SITE_LAUNCHED: 'yes' }]) {
      const refused = buildCheck(vars, false);
      expect(refused.status).toBe(1);
      expect(refused.output).toContain('Not ready to launch: a build for https://one11studios.in');
    }
    // A complete identity is still refused on the content after the pull.
    expect(buildCheck({ ...completeIdentity, SITE_LAUNCHED: 'yes' }, true).status).toBe(1);
  }, 60_000);
});
