/** @jest-environment node */
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseEnv } from '@/lib/env';
import { migrations } from '@/server/store/migrations';
import type { CodeVersion } from '@/server/site/release-state';
import { migrationsOf, readState, rollbackRefusal, stateFileOf, switchRecorded } from '@/server/site/release-state';
import { linkOwnerFiles, sharedSettings } from '@/server/site/releases';

/**
 * What `npm run update` keeps of the owner's and what `--rollback` goes by, without a build: the
 * owner's files linked into a release, the record of the release before a switch (written before
 * it, put back when it fails), and the rule that refuses a rollback onto a schema the older code
 * does not know. tests/unit/ops/update.test.ts does the same as the owner does, with real builds.
 */
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'studio-releases-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("the owner's files in a release", () => {
  it('links .env and the content and media folders, made in the project folder when missing', () => {
    const project = path.join(dir, 'site');
    const release = path.join(project, 'releases', 'abc');
    mkdirSync(release, { recursive: true });
    writeFileSync(path.join(project, '.env'), 'PORT=3100\n');
    mkdirSync(path.join(project, 'studio-content'));
    writeFileSync(path.join(project, 'studio-content/page-22.json'), '{"owner":true}');

    linkOwnerFiles(project, release);

    for (const name of ['.env', 'studio-content', 'studio-media']) {
      expect(lstatSync(path.join(release, name)).isSymbolicLink()).toBe(true);
      expect(realpathSync(path.join(release, name))).toBe(realpathSync(path.join(project, name)));
    }
    expect(existsSync(path.join(release, '.env.local'))).toBe(false);
    expect(readFileSync(path.join(release, 'studio-content/page-22.json'), 'utf8')).toBe('{"owner":true}');
    // What the release's build writes there (the first seeding, say) lands in the owner's folder.
    writeFileSync(path.join(release, 'studio-media/photo.jpg'), 'jpeg');
    expect(readFileSync(path.join(project, 'studio-media/photo.jpg'), 'utf8')).toBe('jpeg');
    // Removing the release removes the links, never what they point at.
    rmSync(release, { recursive: true, force: true });
    expect(readFileSync(path.join(project, 'studio-content/page-22.json'), 'utf8')).toBe('{"owner":true}');
    expect(existsSync(path.join(project, 'studio-media/photo.jpg'))).toBe(true);
  });

  it("gives a release the project folder's paths, BACKUP_COPY_TO too when it is set", () => {
    const project = path.join(dir, 'site');
    const shared = sharedSettings(parseEnv({ BACKUP_COPY_TO: 'copies' }), project);
    expect(shared.BACKUP_COPY_TO).toBe(path.join(project, 'copies'));
    expect(shared.DATA_DIR).toBe(path.join(project, 'data/pglite'));
    expect(sharedSettings(parseEnv({ BACKUP_COPY_TO: '/mnt/disk' }), project).BACKUP_COPY_TO).toBe('/mnt/disk');
    expect('BACKUP_COPY_TO' in sharedSettings(parseEnv({}), project)).toBe(false);
  });
});

describe('the record of the release before a switch', () => {
  const file = () => stateFileOf(dir);
  beforeEach(() => mkdirSync(path.dirname(file()), { recursive: true }));

  it('names the release serving before the switch starts, and keeps it once the switch is done', async () => {
    let seenDuringTheSwitch: unknown;
    const switched = await switchRecorded(file(), { previous: '.' }, async () => {
      seenDuringTheSwitch = readState(file());
      return true;
    });
    expect(switched).toBe(true);
    expect(seenDuringTheSwitch).toEqual({ previous: '.' });
    expect(readState(file())).toEqual({ previous: '.' });
  });

  it('is there from the first moment of the switch: an update stopped during it can be rolled back', async () => {
    writeFileSync(file(), JSON.stringify({ previous: 'older' }));
    let stopped = false;
    // A switch that never ends, as when the update is killed in the middle of it.
    void switchRecorded(file(), { previous: 'serving' }, () => new Promise<boolean>(() => (stopped = true)));
    await Promise.resolve();
    expect(stopped).toBe(true);
    expect(readState(file())).toEqual({ previous: 'serving' });
    expect(existsSync(`${file()}.new`)).toBe(false);
  });

  it('is put back as it was, byte for byte, when the switch fails or throws', async () => {
    const before = '{\n  "previous": "older",\n  "backup": "/srv/backups/backup-1.ndjson.gz"\n}';
    writeFileSync(file(), before);
    expect(await switchRecorded(file(), { previous: 'serving' }, async () => false)).toBe(false);
    expect(readFileSync(file(), 'utf8')).toBe(before);
    await expect(
      switchRecorded(file(), { previous: 'serving' }, async () => {
        throw new Error('the port was taken');
      }),
    ).rejects.toThrow('the port was taken');
    expect(readFileSync(file(), 'utf8')).toBe(before);
  });

  it('stays absent when there was none and the switch fails', async () => {
    expect(await switchRecorded(file(), { previous: '.' }, async () => false)).toBe(false);
    expect(existsSync(file())).toBe(false);
    expect(readState(file())).toBeUndefined();
  });
});

describe('a rollback and the database schema', () => {
  const code = (commit: string, versions: number[] | undefined): CodeVersion => ({
    commit,
    migrations: versions?.map((version) => ({ version, name: `step-${version}` })),
  });

  it('reads the migrations a version carries from their files, as the store applies them', () => {
    const root = path.resolve(__dirname, '../../..');
    expect(migrationsOf(root)?.map((m) => m.version)).toEqual(migrations.map((m) => m.version));
    expect(migrationsOf(root)?.every((m) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(m.name))).toBe(true);
    expect(migrationsOf(dir)).toBeUndefined();
  });

  it('goes back when the previous version knows every migration of the serving one', () => {
    expect(rollbackRefusal(code('bbbbbbb', [1, 2, 25]), code('aaaaaaa', [1, 2, 25]))).toBeUndefined();
    expect(rollbackRefusal(code('bbbbbbb', [1, 2]), code('aaaaaaa', [1, 2, 25]))).toBeUndefined();
  });

  it('refuses, naming the migrations, when the serving version changed the schema beyond the previous one', () => {
    expect(rollbackRefusal(code('bbbbbbb', [1, 25, 26]), code('aaaaaaa', [1, 25]))).toBe(
      "version bbbbbbb changes the database's schema beyond what version aaaaaaa knows (migration 26 step-26), and aaaaaaa's code cannot run on it",
    );
    expect(rollbackRefusal(code('bbbbbbb', [1, 26, 27]), code('aaaaaaa', [1]))).toMatch(
      /\(migrations 26 step-26, 27 step-27\)/,
    );
  });

  it('refuses when either version’s migrations cannot be read', () => {
    expect(rollbackRefusal(code('bbbbbbb', [1]), code('aaaaaaa', undefined))).toMatch(
      /the database migrations of version aaaaaaa cannot be read/,
    );
    expect(rollbackRefusal(code('bbbbbbb', undefined), code('aaaaaaa', [1]))).toMatch(/version bbbbbbb cannot be read/);
  });
});
