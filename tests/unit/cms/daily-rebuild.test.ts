/**
 * @jest-environment node
 */
import { dailyRebuild, replaceableBuild, replaceableBuildName } from '@/server/site/daily-rebuild';
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

function job(builds: BuildRecord[], servedBuiltAt?: number) {
  const reasons: string[] = [];
  const daily = dailyRebuild(
    {
      trigger: async (reason) => {
        reasons.push(reason);
        return { status: 'started' };
      },
    },
    { listBuilds: async () => builds },
    () => servedBuiltAt,
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

  it('is not needed when the site served was built today (a server started with a fresh build)', async () => {
    const { daily, reasons } = job([], Date.parse('2026-11-23T18:45:00Z'));
    expect(await daily.run(now)).toBe('not needed: the site served was built today');
    expect(reasons).toEqual([]);
    const yesterday = job([], Date.parse('2026-11-23T18:30:00Z'));
    expect(await yesterday.daily.run(now)).toBe('build started');
  });

  it('is not needed while a build started today runs (the start-up build): never two builds back to back', async () => {
    const { daily, reasons } = job([build(5, 'running', '2026-11-24T09:29:00Z')]);
    expect(await daily.run(now)).toBe('not needed: build #5 of today is running');
    expect(reasons).toEqual([]);
  });
});

describe('which builds give way to a save', () => {
  it('stops only the daily rebuild and the start-up build, for anything else', () => {
    const startUp = 'start-up build (a source file is newer than out/)';
    for (const reason of ['daily rebuild', startUp, `${startUp}; daily rebuild`]) {
      expect(replaceableBuild(reason)).toBe(true);
    }
    for (const reason of ['News item 57 saved', 'Rebuild now by meera', 'daily rebuild; page 22 saved']) {
      expect(replaceableBuild(reason)).toBe(false);
    }
  });

  it('names the build it stopped as the webhook says it', () => {
    expect(replaceableBuildName('daily rebuild')).toBe('The daily rebuild');
    expect(replaceableBuildName('start-up build (out/ is missing)')).toBe('The start-up build');
    expect(replaceableBuildName('start-up build (out/ is missing); daily rebuild')).toBe(
      'The start-up build (with the daily rebuild)',
    );
  });
});
