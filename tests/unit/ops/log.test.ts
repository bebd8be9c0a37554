/** @jest-environment node */
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
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

test('an address is masked however the path encodes it', () => {
  for (const written of [
    'esha.nair@example.in',
    'esha.nair%40example.in',
    'esha.nair%2540example.in',
    'esha.nair%252540example.in',
    'esha.nair+studio@example.in',
    'esha.nair%2Bstudio%40example.in',
    'esha+nair%40example.in',
    'esha%20nair%40example.in',
    'ESHA.NAIR%40EXAMPLE.IN',
    'esha.nair%EF%BC%A0example.in',
    'esha.nair%40example.in%E0%A4%A',
  ])
    expect(`${written} ${loggedPath(`/api/people/${written}/erase`)}`).toBe(`${written} /api/people/…/erase`);
});

test('a token is masked however the path encodes it; ordinary paths are kept', () => {
  expect(loggedPath('/api/sessions/links/Abc%5Fdef-0123456789xyzXYZ/cancel')).toBe('/api/sessions/links/…/cancel');
  expect(loggedPath('/api/sessions/links/Abc%255Fdef-0123456789xyzXYZ')).toBe('/api/sessions/links/…');
  expect(loggedPath('/courses/music%20production/')).toBe('/courses/music%20production/');
  expect(loggedPath('/api/forms/pro-audio')).toBe('/api/forms/pro-audio');
});

test("the log file is the owner's alone, also when it was there before with a wider mode", () => {
  const folder = path.join(dir, 'open-logs');
  const log = ownerLog(folder, () => undefined);
  log('job', 'first');
  expect((statSync(folder).mode & 0o777).toString(8)).toBe('700');
  expect((statSync(path.join(folder, 'site.log')).mode & 0o777).toString(8)).toBe('600');
  chmodSync(folder, 0o755);
  chmodSync(path.join(folder, 'site.log'), 0o644);
  log('job', 'second');
  expect((statSync(folder).mode & 0o777).toString(8)).toBe('700');
  expect((statSync(path.join(folder, 'site.log')).mode & 0o777).toString(8)).toBe('600');
  expect(readFileSync(path.join(folder, 'site.log'), 'utf8')).toMatch(/ job first\n.* job second\n$/);
});
