/** @jest-environment node */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { killOutright, ready, startServer, storedProAudioNames, submit } from './server-process';
import { freshPgliteDir } from '../../pglite-template';

jest.setTimeout(300_000);

const runs = 3;

/**
 * A paused server (a frozen VM or container, a long stall: here SIGSTOP) under load must keep its
 * folder: a second server on the same folder refuses at once, however long the first stays paused,
 * and names the operator's command. Resumed, the first carries on; killed, it leaves a database that
 * opens, with every acknowledged submission in it. Real servers (server/main.ts), repeated.
 */
describe('a paused server under load', () => {
  it.each(Array.from({ length: runs }, (_, i) => i + 1))('keeps its folder (run %i)', async (run) => {
    const dataDir = await freshPgliteDir();
    try {
      const a = await startServer(dataDir);
      await ready(a);
      const acknowledged = await submit(a.port, `Before ${run}`, 100);
      // Load in flight when the server is paused: these are answered after it resumes.
      const inFlight = submit(a.port, `During ${run}`, 100);
      await new Promise((r) => setTimeout(r, 30));
      a.kill('SIGSTOP');

      const started = Date.now();
      const b = await startServer(dataDir);
      expect(await b.exited).toBe(1);
      // Refused without waiting for anything to go stale.
      expect(Date.now() - started).toBeLessThan(60_000);
      expect(b.output()).toMatch(/is in use by process \d+ on .*Stop that server first.*npm run db:unlock/s);
      // Still refused after longer than the old lock's 15 s stale time.
      if (run === 1) await new Promise((r) => setTimeout(r, 16_000));
      const c = await startServer(dataDir);
      expect(await c.exited).toBe(1);

      a.kill('SIGCONT');
      acknowledged.push(...(await inFlight));
      acknowledged.push(...(await submit(a.port, `After ${run}`, 100)));
      expect(acknowledged.length).toBeGreaterThanOrEqual(200);
      await killOutright(a, dataDir);
      const stored = await storedProAudioNames(dataDir);
      expect(acknowledged.filter((name) => !stored.has(name))).toEqual([]);
      console.log(`paused server, run ${run}: ${acknowledged.length} acknowledged, all stored; B refused`);
    } finally {
      rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  });
});
