/** @jest-environment node */
import { DailyScheduler, type DailyJob, indiaDayAndTime, latestRuns } from '@/server/platform/jobs';
import { databaseKinds, openedStore } from './test-stores';

jest.setTimeout(120_000);

const quiet = () => undefined;

describe('indiaDayAndTime', () => {
  it('gives the India calendar day, which starts at 18:30 UTC', () => {
    expect(indiaDayAndTime(new Date('2026-11-24T18:29:00Z'))).toEqual(['2026-11-24', '23:59']);
    expect(indiaDayAndTime(new Date('2026-11-24T18:30:00Z'))).toEqual(['2026-11-25', '00:00']);
  });
});

describe.each(databaseKinds)('daily jobs on %s', (_label, makeDatabase) => {
  const testDb = openedStore(makeDatabase);
  let clock: Date;
  const now = () => clock;
  /** A scheduler of one job, due from midnight in India. */
  const midnightJob = (name: string, run: DailyJob['run']) =>
    new DailyScheduler({ db: testDb.store.db, now, log: quiet, jobs: [{ name, at: '00:00', run }] });

  it('runs a job once a day across two instances, only from its time of day', async () => {
    const runs: string[] = [];
    const job = (instance: string): DailyJob => ({
      name: 'backup',
      at: '03:30',
      run: async (at) => {
        runs.push(`${instance} ${at.toISOString()}`);
        return 'ok';
      },
    });
    const a = new DailyScheduler({ db: testDb.store.db, jobs: [job('a')], now, log: quiet });
    const b = new DailyScheduler({ db: testDb.store.db, jobs: [job('b')], now, log: quiet });
    clock = new Date('2026-11-23T21:00:00Z'); // 02:30 in India: not yet due
    await Promise.all([a.tick(), b.tick()]);
    expect(runs).toEqual([]);
    clock = new Date('2026-11-23T22:05:00Z'); // 03:35 in India
    await Promise.all([a.tick(), b.tick()]);
    await Promise.all([a.tick(), b.tick()]);
    expect(runs).toHaveLength(1);
    clock = new Date('2026-11-24T22:05:00Z'); // the next day
    await Promise.all([b.tick(), a.tick()]);
    expect(runs).toHaveLength(2);
    const [latest] = await latestRuns(testDb.store.db);
    expect(latest).toMatchObject({ job: 'backup', day: '2026-11-25', status: 'succeeded', outcome: 'ok' });
  });

  it('tries a failed run again on a later tick, at most three times a day', async () => {
    let attempts = 0;
    const failing = midnightJob('purge', async () => {
      attempts += 1;
      throw new Error('disk full');
    });
    clock = new Date('2026-11-24T06:00:00Z');
    for (let i = 0; i < 5; i += 1) await failing.tick();
    expect(attempts).toBe(3);
    const purge = (await latestRuns(testDb.store.db)).find((r) => r.job === 'purge');
    expect(purge).toMatchObject({ status: 'failed', outcome: 'disk full' });
  });

  it('takes over a run whose instance died (its lease ran out)', async () => {
    await testDb.store.db.write((tx) =>
      tx.query(
        `INSERT INTO job_runs (job, day, status, lease_until) VALUES ('rebuild', '2026-11-24', 'running', now() - interval '1 minute')`,
      ),
    );
    let ran = 0;
    const scheduler = midnightJob('rebuild', async () => {
      ran += 1;
      return undefined;
    });
    clock = new Date('2026-11-24T06:00:00Z');
    await scheduler.tick();
    expect(ran).toBe(1);
  });
});

describe('daily jobs while the database is away', () => {
  it('logs that due jobs could not be checked and carries on, and the next tick runs them', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    let away = true;
    const runs: string[] = [];
    const db = {
      write: async () => {
        if (away) throw refused;
        return [{ job: 'backup' }];
      },
    } as unknown as ConstructorParameters<typeof DailyScheduler>[0]['db'];
    const lines: string[] = [];
    const scheduler = new DailyScheduler({
      db,
      now: () => new Date('2026-11-23T22:05:00Z'),
      log: (line) => lines.push(line),
      jobs: [{ name: 'backup', at: '03:30', run: async () => void runs.push('backup') }],
    });
    await expect(scheduler.tick()).resolves.toBeUndefined();
    expect(lines).toEqual(['due jobs could not be checked: connect ECONNREFUSED 127.0.0.1:5432']);
    expect(runs).toEqual([]);
    away = false;
    await scheduler.tick();
    expect(runs).toEqual(['backup']);
  });
});
