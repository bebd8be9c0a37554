/**
 * @jest-environment node
 *
 * The files the updater writes for the owner (a release's log, the server's output, the update's
 * lock, the record of the release served before) are the owner's alone, mode 600 in folders of
 * mode 700, also when they were there before open to others.
 */
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { privateFolder, writePrivate } from '@/server/platform/private-files';
import { switchRecorded } from '@/server/site/release-state';
import { run, startDetachedIn, stopGroup } from '@/scripts/update-processes';

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'studio-owner-files-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const modeOf = (file: string): string => (statSync(file).mode & 0o777).toString(8);

/** `file` made as an older version or a copy would have left it: readable by everyone. */
function leftOpen(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o755 });
  chmodSync(path.dirname(file), 0o755);
  writeFileSync(file, text, { mode: 0o644 });
  chmodSync(file, 0o644);
}

test("a release's log is the owner's alone, appended to", async () => {
  const logFile = path.join(dir, 'releases/abc1234.log');
  leftOpen(logFile, 'earlier\n');
  expect(await run('sh', ['-c', 'echo building'], { cwd: dir, env: process.env, logFile })).toBe(0);
  expect(readFileSync(logFile, 'utf8')).toBe('earlier\nbuilding\n');
  expect(modeOf(logFile)).toBe('600');
});

test("the server's output, in a log folder closed to others", async () => {
  // A stand-in for a release: its tsx prints what the server prints once it has loaded.
  const release = path.join(dir, 'release');
  mkdirSync(path.join(release, 'node_modules/.bin'), { recursive: true });
  writeFileSync(path.join(release, 'node_modules/.bin/tsx'), '#!/bin/sh\necho "Opening the database"\nsleep 5\n', {
    mode: 0o755,
  });
  const logs = path.join(dir, 'logs');
  leftOpen(path.join(logs, 'server-output.log'), 'the last start\n');
  const pid = await startDetachedIn({ folder: release, logs, env: process.env });
  try {
    expect(pid).toBeGreaterThan(0);
    expect(readFileSync(path.join(logs, 'server-output.log'), 'utf8')).toBe('Opening the database\n');
    expect(modeOf(logs)).toBe('700');
    expect(modeOf(path.join(logs, 'server-output.log'))).toBe('600');
  } finally {
    stopGroup(pid);
  }
});

test("the update's lock and the record of the release before are the owner's alone", async () => {
  const releases = path.join(dir, 'releases');
  leftOpen(path.join(releases, 'update.lock'), '1');
  leftOpen(path.join(releases, 'state.json.new'), '{}');
  writePrivate(path.join(privateFolder(releases), 'update.lock'), String(process.pid), 'w');
  expect(modeOf(releases)).toBe('700');
  expect(modeOf(path.join(releases, 'update.lock'))).toBe('600');
  expect(await switchRecorded(path.join(releases, 'state.json'), { previous: 'abc1234' }, async () => true)).toBe(true);
  expect(modeOf(path.join(releases, 'state.json'))).toBe('600');
  expect(() => writePrivate(path.join(releases, 'update.lock'), '2', 'wx')).toThrow(/EEXIST/);
});
