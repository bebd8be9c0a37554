/** @jest-environment node */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ready, startServer, submit } from './server-process';
import { freshPgliteDir } from '../../pglite-template';
import { describeNeeding } from '../needs';

jest.setTimeout(240_000);

const hasStrace = spawnSync('strace', ['-V']).status === 0;

interface Event {
  call: string;
  /** The file (or socket) the call was on, from strace -y. */
  target: string;
  text: string;
}

/**
 * The real server under strace (-f: every thread; -y: each descriptor's path), and the order of its
 * system calls: writes to the data folder, fsync/fdatasync, renames and unlinks, and the answers
 * written to the sockets. A call split by another thread ("unfinished … resumed") counts where it
 * ends.
 */
function parseTrace(file: string, dataDir: string): Event[] {
  const pending = new Map<string, string>();
  const events: Event[] = [];
  for (const raw of readFileSync(file, 'utf8').split('\n')) {
    const m = /^(\d+)\s+(.*)$/.exec(raw);
    if (!m) continue;
    const [, tid = '', rest = ''] = m;
    let line = rest;
    if (line.endsWith('<unfinished ...>')) {
      pending.set(tid, line);
      continue;
    }
    const resumed = /^<\.\.\. (\w+) resumed>(.*)$/.exec(line);
    if (resumed) {
      line = (pending.get(tid) ?? '').replace(/<unfinished \.\.\.>$/, '') + (resumed[2] ?? '');
      pending.delete(tid);
    }
    const call = /^(\w+)\((.*)$/.exec(line);
    if (!call) continue;
    const [, name = '', args = ''] = call;
    const target = /^\d+<([^>]*)>/.exec(args)?.[1] ?? /^"([^"]*)"/.exec(args)?.[1] ?? '';
    if (/= -1 /.test(line)) continue;
    if (target.startsWith(dataDir) || args.includes('HTTP/1.1 ')) events.push({ call: name, target, text: args });
  }
  return events;
}

const isWal = (target: string) => /\/pg_wal\/[0-9A-F]{24}$/.test(target);
const isWrite = (e: Event) => /^(pwrite64|write|writev|pwritev)$/.test(e.call);
const isSync = (e: Event) => e.call === 'fsync' || e.call === 'fdatasync';

/** Each data file and pg_control written before a WAL segment is renamed or removed is synced before it. */
function expectSyncedBeforeWalGoes(events: Event[]): Array<readonly [Event, number]> {
  const walGone = events
    .map((e, i) => [e, i] as const)
    .filter(([e]) => /^(rename|renameat|renameat2|unlink|unlinkat)$/.test(e.call) && e.target.includes('/pg_wal/'));
  for (const [, at] of walGone) {
    const before = events.slice(0, at);
    const written = new Set(before.filter((e) => isWrite(e) && !isWal(e.target)).map((e) => e.target));
    for (const file of written) {
      const lastWrite = before.findLastIndex((e) => isWrite(e) && e.target === file);
      const lastSync = before.findLastIndex((e) => isSync(e) && e.target === file);
      expect({ file, synced: lastSync > lastWrite }).toEqual({ file, synced: true });
    }
  }
  return walGone;
}

/** The order as a list: syncs, answers, WAL segments renamed or removed. */
function orderOf(events: Event[], dataDir: string, walGone: ReadonlyArray<readonly [Event, number]>): string[] {
  return events
    .filter((e) => isSync(e) || /HTTP\/1\.1 201/.test(e.text) || walGone.some(([g]) => g === e))
    .map((e) => (/HTTP/.test(e.text) ? '201' : `${e.call} ${e.target.slice(dataDir.length + 1) || '(data folder)'}`));
}

const maybe = describeNeeding(!hasStrace && 'strace');

maybe('the traced order of syncs and answers (embedded database)', () => {
  it('answers 201 only after the WAL holding it is synced; syncs data files and pg_control before WAL is recycled', async () => {
    const dataDir = await freshPgliteDir();
    const trace = path.join(path.dirname(dataDir), 'trace.txt');
    try {
      const server = await startServer(dataDir, [
        'strace',
        '-f',
        '-y',
        '-s',
        '24',
        '-o',
        trace,
        '-e',
        'trace=pwrite64,write,writev,pwritev,fsync,fdatasync,rename,renameat,renameat2,unlink,unlinkat',
        '--',
      ]);
      await ready(server, 180_000);
      // Let the start-up work (the daily backup's run) finish, so the submissions below are alone.
      const deadline = Date.now() + 15_000;
      while (!/backup: (done|failed)/.test(server.output()) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 200));
      // One at a time, so that each answer follows its own commit.
      const acknowledged: string[] = [];
      for (let i = 0; i < 15; i++) acknowledged.push(...(await submit(server.port, `Traced ${i}`, 1)));
      expect(acknowledged.length).toBe(15);
      // A clean stop: its shutdown checkpoint recycles or removes WAL segments.
      server.kill('SIGTERM');
      await server.exited;

      const events = parseTrace(trace, dataDir);
      const answers = events.map((e, i) => [e, i] as const).filter(([e]) => /HTTP\/1\.1 201/.test(e.text));
      expect(answers.length).toBe(15);
      for (const [, at] of answers) {
        const before = events.slice(0, at);
        const lastWalWrite = before.findLastIndex((e) => isWrite(e) && isWal(e.target));
        const lastWalSync = before.findLastIndex((e) => isSync(e) && isWal(e.target));
        expect(lastWalWrite).toBeGreaterThan(-1);
        // The 201 went out after a sync of the WAL that followed its last write.
        expect(lastWalSync).toBeGreaterThan(lastWalWrite);
      }

      const walGone = expectSyncedBeforeWalGoes(events);
      const summary = orderOf(events, dataDir, walGone);
      console.log(
        `traced order of a server (${summary.length} events), the last 40:\n${summary.slice(-40).join('\n')}`,
      );
    } finally {
      rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  });

  it('syncs data files and pg_control before a checkpoint recycles WAL (enough WAL for several segments)', async () => {
    const dataDir = await freshPgliteDir();
    const trace = path.join(path.dirname(dataDir), 'trace.txt');
    try {
      const script = `
        const { openPglite } = require('./server/store/pglite');
        (async () => {
          const db = await openPglite(${JSON.stringify(dataDir)});
          await db.write((tx) => tx.exec('CREATE TABLE filler (v text)'));
          for (let i = 0; i < 40; i++) {
            await db.write((tx) => tx.query("INSERT INTO filler SELECT repeat(md5(g::text), 32) FROM generate_series(1, 500) g"));
          }
          await db.exec('CHECKPOINT');
          await db.close();
        })();`;
      const run = spawnSync(
        'strace',
        [
          '-f',
          '-y',
          '-o',
          trace,
          '-e',
          'trace=pwrite64,write,writev,pwritev,fsync,fdatasync,rename,renameat,renameat2,unlink,unlinkat',
          '--',
          path.resolve('node_modules/.bin/tsx'),
          '-e',
          script,
        ],
        { encoding: 'utf8' },
      );
      expect(run.status).toBe(0);
      const events = parseTrace(trace, dataDir);
      const walGone = expectSyncedBeforeWalGoes(events);
      expect(walGone.length).toBeGreaterThan(0);
      const summary = orderOf(events, dataDir, walGone);
      const first = summary.findIndex((line) => /^rename.*pg_wal|^unlink.*pg_wal/.test(line));
      console.log(`traced order at a checkpoint:\n${summary.slice(Math.max(0, first - 15), first + 3).join('\n')}`);
    } finally {
      rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  });
});
