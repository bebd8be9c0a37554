/**
 * @jest-environment node
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from '@/lib/env';
import { parseSiteBuild, priceMismatches, SITE_BUILD_FILE, settingsFingerprint, siteBuildOf } from '@/lib/site-build';
import { buildReason } from '@/server/site/build';
import { servedSiteBuild } from '@/server/site/served-build';
import { inTempDir } from '../temp-dir';

const root = path.resolve(__dirname, '../../..');

describe('the build settings fingerprint', () => {
  it('changes with a build setting, not with a server setting', () => {
    const base = settingsFingerprint(parseEnv({}));
    expect(settingsFingerprint(parseEnv({ SITE_URL: 'https://one11studios.in' }))).not.toBe(base);
    expect(settingsFingerprint(parseEnv({ NEXT_PUBLIC_MASTERCLASS_SESSIONS: '2030-01-11 14:00' }))).not.toBe(base);
    expect(settingsFingerprint(parseEnv({ NEXT_PUBLIC_SERVICE_URL: 'https://api.one11studios.in' }))).not.toBe(base);
    const site = { SITE_URL: 'https://one11studios.in' };
    expect(settingsFingerprint(parseEnv({ ...site, PORT: '5001', DATA_DIR: '/srv/db', SMTP_URL: 'smtp://h' }))).toBe(
      settingsFingerprint(parseEnv(site)),
    );
    // Without SITE_URL the pages name the listening address, so the port is part of it.
    expect(settingsFingerprint(parseEnv({ PORT: '5001' }))).not.toBe(base);
    // The same value written differently is the same setting.
    expect(settingsFingerprint(parseEnv({ SITE_URL: 'http://localhost:3000/' }))).toBe(base);
  });
});

describe('SITE_URL unset', () => {
  it('is the address the bundled server listens on (HOST and PORT), localhost for every interface', () => {
    expect(parseEnv({}).SITE_URL).toBe('http://localhost:3000');
    expect(parseEnv({ PORT: '6100' }).SITE_URL).toBe('http://localhost:6100');
    expect(parseEnv({ HOST: '::', PORT: '6100' }).SITE_URL).toBe('http://localhost:6100');
    expect(parseEnv({ HOST: '127.0.0.1', PORT: '6100' }).SITE_URL).toBe('http://127.0.0.1:6100');
    expect(parseEnv({ HOST: '::1', PORT: '6100' }).SITE_URL).toBe('http://[::1]:6100');
    expect(parseEnv({ HOST: 'studio.lan' }).SITE_URL).toBe('http://studio.lan:3000');
    expect(parseEnv({ SITE_URL: 'https://one11studios.in', PORT: '6100' }).SITE_URL).toBe('https://one11studios.in');
  });
});

describe('form endpoints and the service address', () => {
  it('take plain http on this machine only', () => {
    expect(parseEnv({ FORM_ENDPOINT_DIPLOMA: 'http://127.0.0.1:3201/api/forms/diploma' }).FORM_ENDPOINT_DIPLOMA).toBe(
      'http://127.0.0.1:3201/api/forms/diploma',
    );
    expect(() => parseEnv({ FORM_ENDPOINT_DIPLOMA: 'http://forms.example.com/x' })).toThrow(/must start with https:/);
    expect(parseEnv({ NEXT_PUBLIC_SERVICE_URL: 'https://api.studio.in/' }).NEXT_PUBLIC_SERVICE_URL).toBe(
      'https://api.studio.in',
    );
  });
});

describe("the build's facts (out/site-build.json)", () => {
  it('round-trip, and a damaged or older record reads as none', () => {
    const facts = siteBuildOf(parseEnv({ NEXT_PUBLIC_MASTERCLASS_SESSIONS: '2030-01-11 14:00', STUDIO_SLUG: 'riff' }));
    expect(facts.masterclassSessions).toEqual(['2030-01-11 14:00']);
    expect(facts.studio.slug).toBe('riff');
    expect(parseSiteBuild(JSON.stringify(facts))).toEqual(facts);
    expect(parseSiteBuild('{"fingerprint": 1}')).toBeUndefined();
    expect(parseSiteBuild('not json')).toBeUndefined();
  });

  it('are read from the folder served, again when a rebuild swaps the folder', () => {
    inTempDir('site-build-', (dir) => {
      const write = (folder: string, sessions: string) => {
        mkdirSync(path.join(dir, folder), { recursive: true });
        const facts = siteBuildOf(parseEnv({ NEXT_PUBLIC_MASTERCLASS_SESSIONS: sessions }));
        writeFileSync(path.join(dir, folder, SITE_BUILD_FILE), JSON.stringify(facts));
      };
      write('a', '2030-01-11 14:00');
      write('b', '2030-02-01 10:00');
      let current = 'a';
      const read = servedSiteBuild(() => path.join(dir, current));
      expect(read()?.masterclassSessions).toEqual(['2030-01-11 14:00']);
      current = 'b';
      expect(read()?.masterclassSessions).toEqual(['2030-02-01 10:00']);
      current = 'missing';
      expect(read()).toBeUndefined();
    });
  });
});

describe('the prices the pages were built with', () => {
  it('agree with those the service charges, or each difference is one sentence naming the fix', () => {
    expect(priceMismatches(siteBuildOf(parseEnv({})).prices)).toEqual([]);
    expect(
      priceMismatches(
        { masterclass: 9_900, courseRegistration: 99_900 },
        { masterclass: 14_900, courseRegistration: 99_900 },
      ),
    ).toEqual(['The pages show the masterclass at ₹99 + GST but the service charges ₹149 + GST: rebuild the site.']);
    expect(priceMismatches({ masterclass: 9_900 }, { masterclass: 9_900, courseRegistration: 120_050 })).toEqual([
      'The pages show no price for the course registration fee but the service charges ₹1,200.50 + GST: rebuild the site.',
    ]);
  });
});

describe('npm start decides to build', () => {
  it('when out/ is missing, was built with other settings, or is older than a source', () => {
    inTempDir('build-reason-', (project) => {
      const out = path.join(project, 'out');
      const env = parseEnv({ SITE_URL: 'http://localhost:5001' });
      expect(buildReason(out, settingsFingerprint(env), '', project)).toBe('out/ is missing');
      mkdirSync(path.join(project, 'lib'), { recursive: true });
      writeFileSync(path.join(project, 'lib', 'a.ts'), '');
      utimesSync(path.join(project, 'lib', 'a.ts'), new Date(1_000_000), new Date(1_000_000));
      utimesSync(path.join(project, 'lib'), new Date(1_000_000), new Date(1_000_000));
      mkdirSync(out);
      writeFileSync(path.join(out, SITE_BUILD_FILE), JSON.stringify(siteBuildOf(env)));
      expect(buildReason(out, settingsFingerprint(env), '', project)).toBeUndefined();
      expect(buildReason(out, settingsFingerprint(parseEnv({})), '', project)).toBe(
        'the settings differ from those out/ was built with',
      );
      // Staff scheduled a session since: the pages' own list of sessions is out of date.
      expect(buildReason(out, settingsFingerprint(env), 'a-digest', project)).toBe(
        'the sessions and intakes changed since out/ was built',
      );
      // Saved after the build (a minute later: two writes within one clock tick share their mtime).
      writeFileSync(path.join(project, 'lib', 'b.ts'), '');
      const later = new Date(Date.now() + 60_000);
      utimesSync(path.join(project, 'lib', 'b.ts'), later, later);
      expect(buildReason(out, settingsFingerprint(env), '', project)).toBe('a source file is newer than out/');
      // The owner's photos and content are sources too.
      utimesSync(path.join(project, 'lib', 'b.ts'), new Date(1_000_000), new Date(1_000_000));
      utimesSync(path.join(project, 'lib'), new Date(1_000_000), new Date(1_000_000));
      expect(buildReason(out, settingsFingerprint(env), '', project)).toBeUndefined();
      mkdirSync(path.join(project, 'studio-media/carousel'), { recursive: true });
      writeFileSync(path.join(project, 'studio-media/carousel/slide-01.jpg'), '');
      utimesSync(path.join(project, 'studio-media/carousel/slide-01.jpg'), later, later);
      expect(buildReason(out, settingsFingerprint(env), '', project)).toBe('a source file is newer than out/');
    });
  });
});

describe('.env files', () => {
  it('reach every entry point the way next build reads them (production files; the environment wins)', () => {
    inTempDir('dotenv-', (dir) => {
      writeFileSync(path.join(dir, '.env'), 'PORT=5001\nSITE_URL=http://localhost:5001\nHOST=127.0.0.2\n');
      writeFileSync(path.join(dir, '.env.production'), 'PORT=5002\n');
      writeFileSync(path.join(dir, '.env.development'), 'PORT=5003\n');
      writeFileSync(
        path.join(dir, 'print.ts'),
        `import '${root}/lib/load-env';\nimport { getEnv } from '${root}/lib/env';\nconst e = getEnv();\nconsole.log(JSON.stringify([e.PORT, e.SITE_URL, e.HOST]));\n`,
      );
      const result = spawnSync(
        path.join(root, 'node_modules/.bin/tsx'),
        ['--tsconfig', path.join(root, 'tsconfig.json'), 'print.ts'],
        {
          cwd: dir,
          env: {
            PATH: process.env.PATH ?? '',
            HOME: process.env.HOME ?? '',
            NODE_ENV: 'production',
            HOST: '127.0.0.9',
          },
          encoding: 'utf8',
        },
      );
      expect(result.stderr).toBe('');
      expect(JSON.parse(result.stdout)).toEqual([5002, 'http://localhost:5001', '127.0.0.9']);
    });
  }, 30_000);
});
