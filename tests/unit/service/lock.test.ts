/** @jest-environment node */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readlinkSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { acquireDataDirLock, DataDirInUseError } from '@/server/store/lock';
import { openStore } from '@/server/store/store';
import { proAudioRowOf } from '@/lib/forms/pro-audio/schema';
import { canUnshare, ready, startServer, submit } from './server-process';
import { freshPgliteDir } from './test-stores';

jest.setTimeout(240_000);

/**
 * The attack of issue 10: a second server on the same embedded database, from another PID
 * namespace (a second container on the same volume) or through a bind mount of the folder. Real
 * servers (server/main.ts), real namespaces and mounts: these need root and unshare, and are
 * skipped (with a note) where the machine does not allow them.
 */
const launchers: Array<[string, (dataDir: string) => { wrapper: string[]; dataDir: string }]> = [
  ['another PID namespace', (dataDir) => ({ wrapper: ['unshare', '--pid', '--fork', '--mount-proc'], dataDir })],
  [
    'a bind mount of the folder',
    (dataDir) => {
      const mountPoint = `${path.dirname(dataDir)}-bind`;
      mkdirSync(mountPoint, { recursive: true });
      return {
        // The child mounts the folder at another path in a mount namespace of its own, then runs the server.
        wrapper: ['unshare', '-m', 'sh', '-c', `mount --bind "${dataDir}" "${mountPoint}" && exec "$@"`, 'sh'],
        dataDir: mountPoint,
      };
    },
  ],
];

const unshareOk = canUnshare();
if (!unshareOk) console.warn('lock.test: skipping the namespace and bind-mount cases (needs root and unshare)');
const maybe = unshareOk ? describe : describe.skip;

maybe('a second server on the same embedded database', () => {
  it.each(launchers)('from %s refuses to start, and no acknowledged submission is lost', async (_label, launch) => {
    const dataDir = await freshPgliteDir();
    try {
      const first = await startServer(dataDir);
      await ready(first);
      const acknowledged = await submit(first.port, 'Before', 60);

      const { wrapper, dataDir: seenAs } = launch(dataDir);
      const second = await startServer(seenAs, wrapper);
      const code = await second.exited;
      expect(code).toBe(1);
      expect(second.output()).toMatch(/is in use by process \d+ on .*Stop that server first/s);

      acknowledged.push(...(await submit(first.port, 'After', 60)));
      expect(acknowledged.length).toBe(120);
      // The worst stop: no clean shutdown at all.
      first.kill('SIGKILL');
      await first.exited;

      const store = await openStore({ dataDir });
      try {
        const stored = new Set((await store.listInbox('pro-audio')).map(proAudioRowOf).map((row) => row.full_name));
        expect(acknowledged.filter((name) => !stored.has(name))).toEqual([]);
      } finally {
        await store.close();
      }
    } finally {
      rmSync(path.dirname(dataDir), { recursive: true, force: true });
      rmSync(`${path.dirname(dataDir)}-bind`, { recursive: true, force: true });
    }
  });
});

describe('the heartbeat lock', () => {
  const timing = { heartbeatMs: 100, staleMs: 800 };

  it('refuses while the holder beats, though its pid means nothing here (another PID namespace)', async () => {
    const dataDir = await freshPgliteDir();
    const file = path.join(dataDir, 'studio-server.lock');
    writeFileSync(file, JSON.stringify({ token: 'theirs', pid: 999_999, host: 'container-b', pidNs: 'pid:[1]' }));
    // The other server's heartbeat, as its process would keep it.
    const beat = setInterval(() => utimesSync(file, new Date(), new Date()), timing.heartbeatMs);
    try {
      await expect(acquireDataDirLock(dataDir, timing)).rejects.toThrow(
        /in use by process 999999 on container-b .*Stop that server first/,
      );
      await expect(acquireDataDirLock(dataDir, timing)).rejects.toBeInstanceOf(DataDirInUseError);
    } finally {
      clearInterval(beat);
      rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  });

  it('takes over a lock whose holder stopped beating once it is stale', async () => {
    const dataDir = await freshPgliteDir();
    const file = path.join(dataDir, 'studio-server.lock');
    writeFileSync(file, JSON.stringify({ token: 'gone', pid: 999_999, host: 'elsewhere', pidNs: 'pid:[1]' }));
    const lock = await acquireDataDirLock(dataDir, timing);
    lock.release();
    rmSync(path.dirname(dataDir), { recursive: true, force: true });
  });

  it('is taken at once from a provably dead process of this host and namespace', async () => {
    const dataDir = await freshPgliteDir();
    const held = await acquireDataDirLock(dataDir, timing);
    held.release();
    const file = path.join(dataDir, 'studio-server.lock');
    const pidNs = readlinkSync('/proc/self/ns/pid');
    writeFileSync(file, JSON.stringify({ token: 'dead', pid: 2 ** 22 + 1, host: os.hostname(), pidNs }));
    const started = Date.now();
    const lock = await acquireDataDirLock(dataDir, { heartbeatMs: 100, staleMs: 60_000 });
    expect(Date.now() - started).toBeLessThan(5_000);
    lock.release();
    rmSync(path.dirname(dataDir), { recursive: true, force: true });
  });
});

describe('DATA_DIR problems', () => {
  it('follows a symbolic link to a folder, and names a broken one', async () => {
    const dataDir = await freshPgliteDir();
    const link = `${path.dirname(dataDir)}/link`;
    symlinkSync(dataDir, link);
    const store = await openStore({ dataDir: link });
    await store.close();
    const broken = `${path.dirname(dataDir)}/broken`;
    symlinkSync(`${path.dirname(dataDir)}/nowhere`, broken);
    await expect(openStore({ dataDir: broken })).rejects.toThrow(/is a symbolic link to a folder that does not exist/);
    rmSync(path.dirname(dataDir), { recursive: true, force: true });
  });

  it('names a file in the way, a folder holding something else, and a folder this user cannot write', async () => {
    const parent = path.dirname(await freshPgliteDir());
    const file = path.join(parent, 'a-file');
    writeFileSync(file, 'x');
    await expect(openStore({ dataDir: file })).rejects.toThrow(/is a file, not a folder/);
    const other = path.join(parent, 'other');
    mkdirSync(other);
    writeFileSync(path.join(other, 'notes.txt'), 'x');
    await expect(openStore({ dataDir: other })).rejects.toThrow(/holds other files and no database/);
    if (process.getuid?.() === 0) {
      // root writes anywhere: the check runs as an unprivileged user in a child process.
      const locked = path.join(parent, 'locked');
      mkdirSync(locked, { mode: 0o755 });
      chmodSync(parent, 0o755);
      const result = spawnSync(
        path.resolve('node_modules/.bin/tsx'),
        [
          '-e',
          `require('./server/store/store').openStore({ dataDir: ${JSON.stringify(locked)} }).catch((e) => console.log(e.message))`,
        ],
        { uid: 65534, gid: 65534, encoding: 'utf8', env: { ...process.env, HOME: os.tmpdir() } },
      );
      expect(result.stdout + result.stderr).toMatch(/is not writable by this user/);
    }
    rmSync(parent, { recursive: true, force: true });
  });

  it('stops the real server at start with the message, not "undefined"', async () => {
    const parent = path.dirname(await freshPgliteDir());
    const file = path.join(parent, 'a-file');
    writeFileSync(file, 'x');
    const server = await startServer(file);
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/Could not open the embedded database in .*: DATA_DIR .* is a file, not a folder/);
    expect(server.output()).not.toContain('undefined');
    rmSync(parent, { recursive: true, force: true });
  });
});
