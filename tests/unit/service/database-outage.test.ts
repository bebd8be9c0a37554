/** @jest-environment node */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { dailyBackupJob } from '@/server/platform/backup';
import { indiaDayAndTime } from '@/server/platform/jobs';
import { logLinesSince } from '@/server/platform/log';
import type { Db } from '@/server/store/db';
import { freePort } from '../../free-port';
import { ready, type ServerProcess, spawnServer } from './server-process';
import { postgresBin, throwawayCluster } from './throwaway-cluster';

jest.setTimeout(240_000);

/**
 * How long PostgreSQL stays away. Longer than every interval that could end the process while it
 * is away: the daily jobs' check (every 60 s, not a setting; the outage below starts a few seconds
 * after the server's first check, so its second one falls inside), the pool's 10 s connect timeout
 * and idle timeout, the mail outbox's 2 s poll and the store's 5 s probe. The waitlist check (every
 * 5 minutes) is left to its own unit of failure handling: five minutes of outage is beyond this
 * suite's budget.
 */
const outageMs = 65_000;
/** The steady load: a page and a sign-up every 100 ms, to each server. */
const loadEveryMs = 100;

interface Answer {
  at: number;
  kind: 'page' | 'form';
  status: number;
  retryAfter: string | null;
  /** The sign-up's name, for the forms. */
  name?: string;
}

/** A page and a sign-up every `loadEveryMs` to `port` until `stop` is called; resolves with every answer. */
function steadyLoad(port: number, prefix: string): { stop: () => Promise<Answer[]> } {
  const answers: Answer[] = [];
  const inFlight: Promise<void>[] = [];
  let n = 0;
  // An answer later than 15 s counts as none (status 0); its timer goes with the answer.
  const ask = async (kind: Answer['kind'], request: (signal: AbortSignal) => Promise<Response>, name?: string) => {
    const at = Date.now();
    const late = new AbortController();
    const timer = setTimeout(() => late.abort(), 15_000);
    try {
      const res = await request(late.signal);
      await res.arrayBuffer();
      answers.push({ at, kind, status: res.status, retryAfter: res.headers.get('retry-after'), name });
    } catch {
      answers.push({ at, kind, status: 0, retryAfter: null, name });
    } finally {
      clearTimeout(timer);
    }
  };
  const timer = setInterval(() => {
    const name = `${prefix} ${n++}`;
    const base = `http://127.0.0.1:${port}`;
    inFlight.push(
      ask('page', (signal) => fetch(`${base}/`, { signal })),
      ask(
        'form',
        (signal) =>
          fetch(`${base}/pro-audio-form/save-form.php`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ fullName: name, email: 'load@example.com', phone: '9876543210' }),
            signal,
          }),
        name,
      ),
    );
  }, loadEveryMs);
  return {
    stop: async () => {
      clearInterval(timer);
      await Promise.all(inFlight);
      return answers.sort((a, b) => a.at - b.at);
    },
  };
}

/** A project folder of a one-page site for a server of its own (its own log folder). */
function siteFolder(): string {
  const cwd = mkdtempSync(path.join(os.tmpdir(), 'studio-outage-'));
  mkdirSync(path.join(cwd, 'out'));
  writeFileSync(path.join(cwd, 'out', '404.html'), '<h1>Not found</h1>');
  writeFileSync(path.join(cwd, 'out', 'index.html'), '<h1>The studio</h1>');
  return cwd;
}

const root = path.resolve(__dirname, '../../..');

async function startSite(cwd: string, databaseUrl: string): Promise<ServerProcess> {
  const server = spawnServer({
    cwd,
    port: await freePort(),
    env: {
      TSX_TSCONFIG_PATH: path.join(root, 'tsconfig.json'),
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(cwd, 'data', 'pglite'),
      LOG_DIR: path.join(cwd, 'logs'),
    },
  });
  await ready(server, 120_000);
  return server;
}

/** The first and last answer of each status, for the suite's figures. */
const spans = (answers: readonly Answer[], since: number) =>
  [...new Set(answers.map((a) => a.status))].map((status) => {
    const of = answers.filter((a) => a.status === status);
    return `${status}×${of.length} (${((of[0]?.at ?? 0) - since) / 1000}–${((of.at(-1)?.at ?? 0) - since) / 1000} s)`;
  });

const bin = postgresBin();
const describeWithPostgres = bin ? describe : describe.skip;

/**
 * A real server on a PostgreSQL of its own, under a steady load, while the database is stopped and
 * started again; and a second server started while it is stopped.
 */
describeWithPostgres('a PostgreSQL outage', () => {
  it('never takes the site down: pages serve throughout, forms answer 503 then 201, nothing acknowledged is lost', async () => {
    const cluster = await throwawayCluster(bin ?? '');
    const folders = [siteFolder(), siteFolder()];
    const servers: ServerProcess[] = [];
    const testStarted = Date.now();
    try {
      const [folderA = '', folderB = ''] = folders;
      const a = await startSite(folderA, cluster.url);
      servers.push(a);
      let aEnded = false;
      void a.exited.then(() => (aEnded = true));
      const loadA = steadyLoad(a.port, 'Before and during');
      await new Promise((r) => setTimeout(r, 2000));

      const stoppedAt = Date.now();
      cluster.stop();
      // A second site started while the database is away: it serves its pages meanwhile.
      const b = await startSite(folderB, cluster.url);
      servers.push(b);
      const bReadyAt = Date.now();
      let bEnded = false;
      void b.exited.then(() => (bEnded = true));
      const loadB = steadyLoad(b.port, 'Started away');
      await new Promise((r) => setTimeout(r, Math.max(0, stoppedAt + outageMs - Date.now())));
      cluster.start();
      const startedAt = Date.now();

      // Until both take sign-ups again, then a little more.
      const takes = async (port: number) => {
        for (;;) {
          const res = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
          if (res?.status === 200) return Date.now();
          if (Date.now() - startedAt > 60_000) throw new Error(`the server on ${port} did not take the database back`);
          await new Promise((r) => setTimeout(r, 100));
        }
      };
      const [aBack, bBack] = await Promise.all([takes(a.port), takes(b.port)]);
      await new Promise((r) => setTimeout(r, 2000));
      const [answersA, answersB] = await Promise.all([loadA.stop(), loadB.stop()]);

      expect(aEnded).toBe(false);
      expect(bEnded).toBe(false);
      for (const answers of [answersA, answersB]) {
        // Pages: 200 throughout.
        expect(answers.filter((x) => x.kind === 'page' && x.status !== 200)).toEqual([]);
        // Forms: 201, or 503 with Retry-After while the database is away; nothing else.
        const forms = answers.filter((x) => x.kind === 'form');
        expect(forms.filter((x) => x.status !== 201 && !(x.status === 503 && x.retryAfter === '30'))).toEqual([]);
        expect(forms.some((x) => x.status === 503)).toBe(true);
        expect(forms.filter((x) => x.at > startedAt + 15_000).every((x) => x.status === 201)).toBe(true);
        expect(forms.filter((x) => x.status === 201).length).toBeGreaterThan(0);
      }
      const formsA = answersA.filter((x) => x.kind === 'form');
      expect(formsA.filter((x) => x.at < stoppedAt).every((x) => x.status === 201)).toBe(true);

      // Nothing acknowledged is lost.
      const acknowledged = [...answersA, ...answersB].filter((x) => x.kind === 'form' && x.status === 201);
      const db = new pg.Pool({ connectionString: cluster.url, max: 1 });
      const stored = new Set(
        (await db.query<{ name: string }>("SELECT payload->>'fullName' AS name FROM form_submissions")).rows.map(
          (r) => r.name,
        ),
      );
      await db.end();
      expect(acknowledged.filter((x) => !stored.has(x.name ?? ''))).toEqual([]);

      // The owner's log: one line when the outage began, one when it ended (each server); the daily
      // jobs' check fell inside the outage on the server that was running, when a job was due by
      // then (India time past the earliest job's hour: before it, a check needs no database).
      const logA = logLinesSince(path.join(folderA, 'logs'), new Date(testStarted));
      const logB = logLinesSince(path.join(folderB, 'logs'), new Date(testStarted));
      expect(logA.filter((l) => / storage storage unavailable: /.test(l))).toHaveLength(1);
      expect(logA.filter((l) => / storage storage available again after \d+ s; \d+ request/.test(l))).toHaveLength(1);
      const earliestJob = dailyBackupJob({} as Db, folderA).at;
      const dueAt = (at: number) => indiaDayAndTime(new Date(at))[1] >= earliestJob;
      const checkedInOutage = logA.some((l) => / job due jobs could not be checked: /.test(l));
      // (An outage across the earliest job's hour may go either way.)
      if (dueAt(stoppedAt) === dueAt(startedAt)) expect(checkedInOutage).toBe(dueAt(stoppedAt));
      expect(logB.filter((l) => / storage storage unavailable at start: /.test(l))).toHaveLength(1);
      expect(logB.filter((l) => / storage storage available again after \d+ s; starting/.test(l))).toHaveLength(1);
      expect(logB.filter((l) => / storage storage unavailable: /.test(l))).toHaveLength(0);

      console.log(
        [
          `PostgreSQL away ${((startedAt - stoppedAt) / 1000).toFixed(1)} s under a page and a sign-up every ${loadEveryMs} ms`,
          `running server: back ${((aBack - startedAt) / 1000).toFixed(1)} s after the database; ${spans(formsA, stoppedAt).join(', ')} forms; pages ${spans(
            answersA.filter((x) => x.kind === 'page'),
            stoppedAt,
          ).join(', ')}`,
          `server started while away: serving ${((bReadyAt - stoppedAt) / 1000).toFixed(1)} s after the stop, back ${((bBack - startedAt) / 1000).toFixed(1)} s after the database; forms ${spans(
            answersB.filter((x) => x.kind === 'form'),
            stoppedAt,
          ).join(', ')}`,
          `${acknowledged.length} sign-ups acknowledged, all stored`,
          ...logA.filter((l) => / storage | job due/.test(l)).map((l) => `A: ${l}`),
          ...logB.filter((l) => / storage /.test(l)).map((l) => `B: ${l}`),
        ].join('\n'),
      );
    } finally {
      for (const server of servers) server.kill('SIGTERM');
      await Promise.all(servers.map((s) => Promise.race([s.exited, new Promise((r) => setTimeout(r, 8000))])));
      for (const server of servers) server.kill('SIGKILL');
      cluster.remove();
      for (const folder of folders) rmSync(folder, { recursive: true, force: true });
    }
  });
});
