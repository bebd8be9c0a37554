/** @jest-environment node */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  earlierRunFileOf,
  isSiteServer,
  runFileOf,
  runInfoOf,
  runningServer,
  siteServer,
} from '@/server/site/releases';
import { announce, takePort } from '@/server/startup/listener';
import { launchOf } from '../../../scripts/restart-server';

/**
 * The running server's record: one per data folder, and read only when it names this site's own
 * server. A fake /proc (cmdline, cwd) stands for the processes, so no process is signalled.
 */
describe("the running server's record", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'studio-record-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A fake /proc: `self`, and each process's command line, folder and environment. */
  function fakeProc(processes: Record<number, { command: string[]; cwd: string; environ?: string[] }>): string {
    const proc = path.join(dir, 'proc');
    mkdirSync(path.join(proc, 'self'), { recursive: true });
    for (const [pid, { command, cwd, environ = [] }] of Object.entries(processes)) {
      mkdirSync(path.join(proc, pid));
      writeFileSync(path.join(proc, pid, 'cmdline'), `${command.join('\0')}\0`);
      writeFileSync(path.join(proc, pid, 'environ'), environ.map((entry) => `${entry}\0`).join(''));
      symlinkSync(cwd, path.join(proc, pid, 'cwd'));
    }
    return proc;
  }

  const server = (script: string) => ['/usr/bin/node', '--import', 'tsx', script];

  it('is one file per data folder, even when two sites share the folder their data folders are in', () => {
    expect(runFileOf('/srv/data/site')).toBe('/srv/data/site.server.json');
    expect(runFileOf('/srv/data/staging')).toBe('/srv/data/staging.server.json');
    expect(earlierRunFileOf('/srv/data/site')).toBe('/srv/data/server.json');
  });

  it('accepts only a record with a process id and a port', () => {
    expect(runInfoOf({ pid: 42, port: 3000, dataDir: '/srv/data/site' })).toEqual({
      pid: 42,
      port: 3000,
      dataDir: '/srv/data/site',
    });
    // Whether it hands its socket over is read only from a server that says so.
    expect(runInfoOf({ pid: 42, port: 4301, handsOver: true })).toEqual({ pid: 42, port: 4301, handsOver: true });
    expect(runInfoOf({ pid: 42, port: 4301, handsOver: 'yes' })).toEqual({ pid: 42, port: 4301 });
    expect(runInfoOf({ port: 3000 })).toBeUndefined();
    expect(runInfoOf({ pid: 0, port: 3000 })).toBeUndefined();
    expect(runInfoOf({ pid: '42', port: 3000 })).toBeUndefined();
    expect(runInfoOf(null)).toBeUndefined();
  });

  it("names this site's server, run from its folder or one of its releases, and no other process", () => {
    const site = path.join(dir, 'site');
    const other = path.join(dir, 'staging');
    mkdirSync(path.join(site, 'releases', 'abc1234'), { recursive: true });
    mkdirSync(other);
    const proc = fakeProc({
      10: { command: server('server/start.ts'), cwd: site },
      11: {
        command: server(path.join(site, 'releases/abc1234/server/main.ts')),
        cwd: path.join(site, 'releases/abc1234'),
      },
      12: { command: server('server/main.ts'), cwd: other },
      13: { command: ['/usr/bin/vim', 'notes.txt'], cwd: site },
    });
    expect(isSiteServer(10, site, proc)).toBe(true);
    expect(isSiteServer(11, site, proc)).toBe(true);
    expect(isSiteServer(12, site, proc)).toBe(false);
    expect(isSiteServer(13, site, proc)).toBe(false);
    // A process that no longer exists.
    expect(isSiteServer(14, site, proc)).toBe(false);
  });

  it("reads a record only when it is this site's, the earlier shared record included", () => {
    const site = path.join(dir, 'site');
    const other = path.join(dir, 'staging');
    mkdirSync(site);
    mkdirSync(other);
    const data = path.join(dir, 'data');
    mkdirSync(data);
    const proc = fakeProc({
      20: { command: server('server/main.ts'), cwd: site },
      21: { command: server('server/main.ts'), cwd: other },
    });
    const here = { project: site, dataDir: path.join(data, 'site') };
    expect(siteServer(here, proc)).toBeUndefined();

    // The other site's record, written where both used to write theirs: not this site's server.
    writeFileSync(earlierRunFileOf(here.dataDir), JSON.stringify({ pid: 21, port: 3001 }));
    expect(siteServer(here, proc)).toBeUndefined();
    // This site's, written there by an earlier version: read.
    writeFileSync(earlierRunFileOf(here.dataDir), JSON.stringify({ pid: 20, port: 3000 }));
    expect(siteServer(here, proc)).toEqual({ pid: 20, port: 3000 });

    // A record naming another data folder, or a process that is not this site's, is not read.
    const file = runFileOf(here.dataDir);
    writeFileSync(file, JSON.stringify({ pid: 20, port: 3000, dataDir: path.join(data, 'staging') }));
    expect(runningServer(file, here, proc)).toBeUndefined();
    writeFileSync(file, JSON.stringify({ pid: 21, port: 3000, dataDir: here.dataDir }));
    expect(runningServer(file, here, proc)).toBeUndefined();
    writeFileSync(file, 'not json');
    expect(runningServer(file, here, proc)).toBeUndefined();
    writeFileSync(file, JSON.stringify({ pid: 20, port: 3000, dataDir: here.dataDir }));
    expect(runningServer(file, here, proc)).toEqual({ pid: 20, port: 3000, dataDir: here.dataDir });
  });

  it('is written by a starting server, its folder made when missing (a site on PostgreSQL)', async () => {
    const dataDir = path.join(dir, 'fresh', 'data', 'pglite');
    const port = takePort({ PORT: 0, HOST: '127.0.0.1' }, { after: 0 });
    const logged: string[] = [];
    const printed = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      const file = await announce(port, {
        env: { PORT: 0, HOST: '127.0.0.1', DATA_DIR: dataDir },
        trial: false,
        commit: 'abc1234',
        log: (_kind, line) => logged.push(line),
        handsOver: true,
      });
      expect(file).toBe(runFileOf(dataDir));
      const record = JSON.parse(readFileSync(file, 'utf8')) as { pid: number; dataDir: string };
      // The port it serves on (the one the updater switches on), not the setting it was given (0: any).
      const address = port.server.address();
      const serving = typeof address === 'object' && address ? address.port : 0;
      expect(serving).toBeGreaterThan(0);
      expect(record).toEqual({ pid: process.pid, port: serving, dataDir, handsOver: true });
      expect(logged).toEqual([expect.stringMatching(/^version abc1234 serving on port \d+/)]);
    } finally {
      printed.mockRestore();
      await new Promise((resolve) => port.server.close(resolve));
    }
  });

  it('tells how a site server was started, to start it again the same way (PORT=4301 npm start)', () => {
    const site = path.join(dir, 'site');
    mkdirSync(site);
    const proc = fakeProc({
      30: {
        command: server('server/start.ts'),
        cwd: site,
        environ: ['PORT=4301', 'PATH=/usr/bin', 'EMPTY=', 'NODE_CHANNEL_FD=3'],
      },
      31: { command: ['/usr/bin/node', 'scripts/db-backup.ts'], cwd: site },
    });
    expect(launchOf(30, site, proc)).toEqual({
      pid: 30,
      argv: server('server/start.ts'),
      env: { PORT: '4301', PATH: '/usr/bin', EMPTY: '' },
      cwd: site,
      bySystemd: false,
    });
    // Not a server of the site: never started again.
    expect(launchOf(31, site, proc)).toBeUndefined();
    expect(launchOf(32, site, proc)).toBeUndefined();
  });

  it("names this test's own process as a site server only from a script the site runs", () => {
    // The real /proc: jest is not a site's server.
    expect(isSiteServer(process.pid, process.cwd())).toBe(false);
    const child = spawn('sleep', ['5']);
    try {
      expect(isSiteServer(child.pid ?? 0, process.cwd())).toBe(false);
    } finally {
      child.kill();
    }
  });
});
