/**
 * @jest-environment node
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { inTempDir } from '../temp-dir';

const root = path.resolve(__dirname, '../../..');

/** Writes `files` (path → source) under `dir`, then runs scripts/check-code-rules.ts on that tree. */
function checkTree(files: Record<string, string>): { status: number | null; out: string; err: string } {
  return inTempDir('code-rules-', (dir) => {
    for (const [file, source] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), source);
    }
    const run = spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['scripts/check-code-rules.ts', dir], {
      cwd: root,
      encoding: 'utf8',
    });
    return { status: run.status, out: run.stdout, err: run.stderr };
  });
}

describe('npm run lint refuses server code in the browser, Playwright tests that assert nothing and links past SiteLink', () => {
  it('names each path from a browser module to a Node builtin, a server package or server/ code, and the silent test', () => {
    const { status, out, err } = checkTree({
      'components/widget.tsx':
        "'use client';\nimport { helper } from '@/lib/helper';\nexport const W = () => helper();\n",
      'lib/helper.ts':
        "import { readFileSync } from 'node:fs';\nexport { mail } from './mail';\nexport const helper = () => readFileSync('x');\n",
      'lib/mail.ts': "import nodemailer from 'nodemailer';\nexport const mail = nodemailer;\n",
      'lib/sessions/door-client.ts': "import { open } from '@/server/store/db';\nexport const door = open;\n",
      'server/store/db.ts': 'export const open = 1;\n',
      'tests/e2e/helpers.ts':
        'export async function seesTitle(page) { await expect(page).toHaveTitle(/x/); }\n' +
        'export const opensAndSees = async (page) => { await page.goto("/"); await seesTitle(page); };\n',
      'tests/e2e/a.spec.ts': [
        "test('asserts', async ({ page }) => { await expect(page).toHaveURL('/'); });",
        "test.describe('group', () => {",
        "  test('through a helper of a helper', async ({ page }) => { await opensAndSees(page); });",
        "  test('only clicks', async ({ page }) => { await page.click('a'); });",
        '});',
      ].join('\n'),
    });
    expect(status).toBe(1);
    expect(out).toMatch(/checked the run-time imports of 2 browser modules \(4 modules reached; 0 modules/);
    expect(err.split('\n').filter((l) => /→|spec\.ts:/.test(l))).toEqual([
      'lib/sessions/door-client.ts → @/server/store/db (the service’s code)',
      'components/widget.tsx → lib/helper.ts → node:fs (a Node builtin)',
      'components/widget.tsx → lib/helper.ts → lib/mail.ts → nodemailer (a server package)',
      "tests/e2e/a.spec.ts:4: 'only clicks'",
    ]);
  });

  it('keeps the settings table out of the browser: its two public values come from lib/public-env.ts', () => {
    const { status, err } = checkTree({
      'components/widget.tsx':
        "'use client';\nimport { helper } from '@/lib/helper';\nimport { publicServiceUrl } from '@/lib/public-env';\nexport const W = () => helper() + publicServiceUrl();\n",
      'lib/helper.ts': "import { getEnv } from './env';\nexport const helper = () => getEnv().SITE_URL;\n",
      'lib/env.ts': 'export const getEnv = () => ({ SITE_URL: "x" });\n',
      'lib/public-env.ts': 'export const publicServiceUrl = () => undefined;\n',
      'components/page.tsx': "import type { Env } from '@/lib/env';\nexport type P = Env;\n",
    });
    expect(status).toBe(1);
    expect(err.split('\n').filter((l) => l.includes('→'))).toEqual([
      'components/widget.tsx → lib/helper.ts → ./env (the settings table, which would ship to every visitor; browser code reads lib/public-env.ts)',
    ]);
  });

  it('lets type-only imports through and leaves build-only modules that no browser module reaches alone', () => {
    const { status, out, err } = checkTree({
      'components/widget.tsx':
        "'use client';\nimport type { Api } from '@/server/contract';\nimport { type Pool } from 'pg';\nexport type W = Api | Pool;\n",
      'lib/build-only.ts': "import 'server-only';\nimport sharp from 'sharp';\nexport const s = sharp;\n",
    });
    expect(err).toBe('');
    expect(status).toBe(0);
    expect(out).toMatch(/1 browser modules \(1 modules reached; 1 modules marked server-only\)/);
  });

  it('holds every link but the site link to SiteLink, which alone imports next/link', () => {
    const { status, err } = checkTree({
      'components/shell/site-link.tsx': "'use client';\nimport Link from 'next/link';\nexport const SiteLink = Link;\n",
      'components/footer.tsx': "import Link from 'next/link';\nexport const F = Link;\n",
      'app/page.tsx': "import { SiteLink } from '@/components/shell/site-link';\nexport default SiteLink;\n",
    });
    expect(status).toBe(1);
    expect(err).toBe(
      'Import SiteLink from @/components/shell/site-link instead of next/link:\ncomponents/footer.tsx\n',
    );
  });
});
