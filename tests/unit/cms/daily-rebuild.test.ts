/**
 * @jest-environment node
 */
import { dailyRebuild } from '@/server/daily-rebuild';
import type { BuildRecord } from '@/server/store/store';

const build = (id: number, status: BuildRecord['status'], startedAt: string): BuildRecord => ({
  id,
  status,
  reason: 'x',
  folder: null,
  logTail: '',
  startedAt,
  finishedAt: null,
  durationMs: null,
  firstError: '',
});

function job(builds: BuildRecord[]) {
  const reasons: string[] = [];
  const daily = dailyRebuild(
    {
      trigger: (reason) => {
        reasons.push(reason);
        return 'started';
      },
    },
    { listBuilds: async () => builds },
  );
  return { daily, reasons };
}

describe('the daily rebuild', () => {
  // 15:00 in India on 24 November 2026; today's 00:10 there is 23 November 18:40 UTC.
  const now = new Date('2026-11-24T09:30:00Z');

  it('is due from 00:10 India time and asks for a build', async () => {
    const { daily, reasons } = job([
      build(3, 'succeeded', '2026-11-23T18:39:00Z'),
      build(2, 'failed', '2026-11-24T08:00:00Z'),
    ]);
    expect(daily).toMatchObject({ name: 'daily-rebuild', at: '00:10' });
    expect(await daily.run(now)).toBe('build started');
    expect(reasons).toEqual(['daily rebuild']);
  });

  it('is not needed when a build of today already went live', async () => {
    const { daily, reasons } = job([build(4, 'succeeded', '2026-11-23T18:41:00Z')]);
    expect(await daily.run(now)).toBe('not needed: build #4 of today is live');
    expect(reasons).toEqual([]);
  });
});
