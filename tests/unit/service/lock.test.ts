/** @jest-environment node */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { acquireDataDirLock, DataDirInUseError } from '@/server/store/lock';
import { openStore } from '@/server/store/store';
import { canUnshare, killOutright, ready, startServer, storedProAudioNames, submit, untilFree } from './server-process';
import { describeNeeding } from '../needs';
import { freshPgliteDir } from '../../pglite-template';
import { tsxNode } from '../../tsx-node';

jest.setTimeout(240_000);

/**
 * A second server on the same embedded database, from another PID
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

/** A new embedded database folder and the path of its lock file. */
async function folderAndLockFile(): Promise<{ dataDir: string; file: string }> {
  const dataDir = await freshPgliteDir();
  return { dataDir, file: path.join(dataDir, 'studio-server.lock') };
}

const unshareOk = canUnshare();
const maybe = describeNeeding(!unshareOk && 'root with unshare');

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
      expect(second.output()).toMatch(/is in use by process \d+ on .*Stop that server first.*npm run db:unlock/s);

      acknowledged.push(...(await submit(first.port, 'After', 60)));
      expect(acknowledged.length).toBe(120);
      // The worst stop: no clean shutdown at all.
      await killOutright(first, dataDir);
      const stored = await storedProAudioNames(dataDir);
      expect(acknowledged.filter((name) => !stored.has(name))).toEqual([]);
    } finally {
      rmSync(path.dirname(dataDir), { recursive: true, force: true });
      rmSync(`${path.dirname(dataDir)}-bind`, { recursive: true, force: true });
      // The daily backup of the server started through the mount writes beside that path.
      rmSync(`${path.dirname(dataDir)}-bind-backups`, { recursive: true, force: true });
    }
  });
});

/** Runs `npm run db:unlock` on `dataDir`; its exit code and what it printed. */
function unlock(dataDir: string, ...args: string[]): { code: number | null; text: string } {
  const { DATABASE_URL: _, ...env } = process.env;
  const result = spawnSync(process.execPath, tsxNode('scripts/db-unlock.ts', args), {
    encoding: 'utf8',
    // Its log line beside the folder, never in the checkout's logs/.
    env: { ...env, DATA_DIR: dataDir, LOG_DIR: path.join(path.dirname(dataDir), 'logs') },
  });
  return { code: result.status, text: result.stdout + result.stderr };
}

describe('the OS lock of the embedded database', () => {
  const foreign = { pid: 4242, host: 'another-machine', bootId: 'another-boot', since: '2026-11-20T10:00:00.000Z' };

  it('refuses while a live process holds it, and is free the moment that process dies', async () => {
    const { dataDir, file } = await folderAndLockFile();
    // Another process that holds the lock and sleeps (as a paused server would).
    const holder = spawn(
      path.resolve('node_modules/.bin/tsx'),
      [
        '-e',
        `const l = require('./server/store/lock'); l.acquireDataDirLock(${JSON.stringify(dataDir)}); console.log('held'); setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'], detached: true },
    );
    try {
      await new Promise((resolve) => holder.stdout.once('data', resolve));
      expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirInUseError);
      expect(() => acquireDataDirLock(dataDir)).toThrow(
        /in use by process \d+ on .*Stop that server first.*npm run db:unlock/s,
      );
      const told = unlock(dataDir);
      expect(told.code).toBe(1);
      expect(told.text).toMatch(/is held by process \d+ .*which is alive/);
      expect(existsSync(file)).toBe(true);
    } finally {
      // The whole group: tsx and the node process it runs.
      process.kill(-(holder.pid ?? 0), 'SIGKILL');
      await untilFree(dataDir);
    }
    // Killed without a chance to clean up: its record stays, but the kernel released its lock.
    expect(readFileSync(file, 'utf8')).toContain('"pid"');
    expect(unlock(dataDir).text).toMatch(/is gone .*takes the folder over by itself/);
    const lock = acquireDataDirLock(dataDir);
    lock.release();
    expect(existsSync(file)).toBe(false);
    rmSync(path.dirname(dataDir), { recursive: true, force: true });
  });

  it('never takes over from a holder on a machine it cannot check; the operator releases it', async () => {
    const { dataDir, file } = await folderAndLockFile();
    writeFileSync(file, JSON.stringify({ ...foreign, token: 'theirs' }));
    expect(() => acquireDataDirLock(dataDir)).toThrow(
      /last opened by process 4242 on another-machine .*npm run db:unlock -- --release/,
    );
    const told = unlock(dataDir);
    expect(told.code).toBe(1);
    expect(told.text).toMatch(/Make sure that server is stopped, then run: npm run db:unlock -- --release/);
    expect(unlock(dataDir, '--release').code).toBe(0);
    acquireDataDirLock(dataDir).release();
    rmSync(path.dirname(dataDir), { recursive: true, force: true });
  });

  it('is taken at once from a holder of this machine that is gone, and after this machine rebooted', async () => {
    const { dataDir, file } = await folderAndLockFile();
    const thisBoot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    for (const record of [
      { ...foreign, bootId: thisBoot, host: 'a-container-of-this-machine' },
      { ...foreign, host: os.hostname() },
    ]) {
      writeFileSync(file, JSON.stringify({ ...record, token: 'dead' }));
      expect(() => acquireDataDirLock(dataDir).release()).not.toThrow();
    }
    rmSync(path.dirname(dataDir), { recursive: true, force: true });
  });
});

describe('a holder whose lock file is removed or replaced under it', () => {
  it('stops before its next statement, and writes nothing more', async () => {
    const { dataDir, file } = await folderAndLockFile();
    // A process with the database open that inserts a row each time it reads a line.
    const holder = spawn(
      path.resolve('node_modules/.bin/tsx'),
      [
        '-e',
        `const { openPglite } = require('./server/store/pglite');
         const { ownerLog } = require('./server/platform/log');
         const log = ownerLog(${JSON.stringify(path.join(dataDir, '..', 'logs'))});
         openPglite(${JSON.stringify(dataDir)}, { log: (line) => log('storage', line) }).then((db) => {
           console.log('open');
           process.stdin.on('data', async () => {
             await db.write((tx) => tx.query("INSERT INTO form_submissions (form, payload) VALUES ('contact', '{}')"));
             console.log('wrote');
           });
         });`,
      ],
      { stdio: ['pipe', 'pipe', 'pipe'], detached: true },
    );
    let out = '';
    holder.stdout.on('data', (d: Buffer) => (out += d.toString()));
    holder.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((resolve) => holder.once('exit', (code) => resolve(code)));
    const until = async (text: string) => {
      while (!out.includes(text)) await new Promise((r) => setTimeout(r, 50));
    };
    try {
      await until('open');
      holder.stdin.write('1\n');
      await until('wrote');
      // An operator's mistake: the lock file replaced by another (as a forced release would).
      rmSync(file);
      writeFileSync(file, JSON.stringify({ pid: 1, host: 'elsewhere', bootId: 'x', since: '', token: 'other' }));
      holder.stdin.write('2\n');
      expect(await exited).toBe(70);
      expect(out).toMatch(/was removed or replaced .*stopping now, before writing anything more/);
      // The owner's log says why the server stopped.
      expect(readFileSync(path.join(dataDir, '..', 'logs/site.log'), 'utf8')).toMatch(
        /storage The lock of the embedded database in .* was removed or replaced .*stopping now/,
      );
      expect(out.match(/wrote/g)).toHaveLength(1);
    } finally {
      try {
        process.kill(-(holder.pid ?? 0), 'SIGKILL');
      } catch {
        // already gone
      }
      await untilFree(dataDir);
    }
    rmSync(file);
    const store = await openStore({ dataDir });
    try {
      expect(await store.listInbox('contact')).toHaveLength(1);
    } finally {
      await store.close();
      rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
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
