/** @jest-environment node */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loggedPath, logFolderOf, logLinesSince, ownerLog } from '@/server/platform/log';

const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-log-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('one line per event, on standard output and in the rotated file; the last hour read back', () => {
  const printed: string[] = [];
  const log = ownerLog(dir, (line) => printed.push(line));
  // A file past 1 MB is moved to site.log.1 before the next line.
  writeFileSync(path.join(dir, 'site.log'), `${'2000-01-01T00:00:00.000Z job old\n'.repeat(40_000)}`);
  log('start', 'version abc1234 serving on port 3000\n(process 42)');
  expect(printed).toHaveLength(1);
  expect(printed[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z start version abc1234 serving on port 3000 \(process 42\)$/);
  expect(readFileSync(path.join(dir, 'site.log'), 'utf8')).toBe(`${printed[0]}\n`);
  expect(existsSync(path.join(dir, 'site.log.1'))).toBe(true);
  expect(logLinesSince(dir, new Date(Date.now() - 3600_000))).toEqual(printed);
});

test('journal: standard output only', () => {
  expect(logFolderOf('journal')).toBeUndefined();
  expect(logFolderOf('logs', '/srv/site')).toBe('/srv/site/logs');
});

test('paths are logged without tokens or e-mail addresses', () => {
  expect(loggedPath('/api/sessions/links/Abc_def-0123456789xyzXYZ/cancel')).toBe('/api/sessions/links/…/cancel');
  expect(loggedPath('/api/people/asha@example.com')).toBe('/api/people/…');
  expect(loggedPath('/pro-audio-form/save-form.php')).toBe('/pro-audio-form/save-form.php');
});
