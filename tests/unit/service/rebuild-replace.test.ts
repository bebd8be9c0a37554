/** @jest-environment node */
import { replaceableBuild } from '@/server/site/daily-rebuild';
import type { BuildOutcome } from '@/server/site/build';
import { sqlBuildLedger } from '@/server/site/build-ledger';
import { RebuildCoordinator } from '@/server/site/rebuild';
import type { Store } from '@/server/store/store';
import { serviceApp, signIn, testHash } from './service-app';
import { databaseKinds, type TestDatabase } from './test-stores';
import { until } from './until';

jest.setTimeout(60_000);

const secret = 'a rebuild secret for the replace tests';
const password = 'a long enough staff password';

/** When a build ran, on which instance, and whether it was stopped. */
interface Span {
  instance: string;
  folder: string;
  start: number;
  end?: number;
  stopped?: boolean;
}

/**
 * A stand-in for `npm run build`, which takes minutes (the real build and its stop are covered by
 * the real-WordPress test and instances.test.ts): it runs `msFor(folder)` ms unless its stop signal
 * is aborted, as contentBuild stops the real one, and records when it ran.
 */
function standInBuild(instance: string, spans: Span[], msFor: () => number) {
  return (folder: string, stop?: AbortSignal) =>
    new Promise<BuildOutcome>((resolve) => {
      const span: Span = { instance, folder, start: Date.now() };
      spans.push(span);
      const finish = (outcome: BuildOutcome) => {
        span.end = Date.now();
        resolve(outcome);
      };
      const timer = setTimeout(() => finish({ ok: true, folder, log: `built by ${instance}` }), msFor());
      stop?.addEventListener('abort', () => {
        clearTimeout(timer);
        span.stopped = true;
        finish({ ok: false, log: 'the build exited with a signal' });
      });
    });
}

/** No two spans overlap: one build at a time across the instances. */
function oneAtATime(spans: readonly Span[]): boolean {
  const sorted = [...spans].sort((x, y) => x.start - y.start);
  return sorted.every((s, i) => i === 0 || s.start >= (sorted[i - 1]?.end ?? Infinity));
}

/**
 * Two instances (each its own coordinator and service, with its own connection pool on
 * PostgreSQL; one PGlite database admits one process, so there they share its store) on one
 * database: an editor's save or "Rebuild now" reaching either stops the daily or start-up build
 * running on the other, and the webhook says so.
 */
describe.each(databaseKinds)('a save stops a daily or start-up build on any instance (%s)', (label, make) => {
  let database: TestDatabase;
  const stores: Store[] = [];
  beforeAll(async () => {
    database = await make();
    const first = await database.open();
    stores.push(first, label === 'PGlite' ? first : await database.open());
  });
  afterAll(async () => {
    for (const store of new Set(stores)) await store.close();
    await database?.dispose();
  });

  /** Instance `name` on store `i`; its builds take `msFor()` ms unless stopped. */
  function instance(name: string, i: number, spans: Span[], msFor: () => number) {
    const store = stores[i] as Store;
    let n = 0;
    const coordinator = new RebuildCoordinator({
      store,
      ledger: sqlBuildLedger(store.db),
      build: standInBuild(name, spans, msFor),
      nextFolder: () => `builds/${name}-${++n}`,
      activate: async () => undefined,
      log: () => undefined,
      // The rule server/main.ts gives every instance.
      replaceable: replaceableBuild,
    });
    const app = serviceApp(store, { rateLimitPerMinute: 1000, rebuild: { secret, coordinator } });
    const hook = async (reason: string) => {
      const res = await app.request('/api/rebuild', {
        method: 'POST',
        headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ reason }),
      });
      return { code: res.status, body: (await res.json()) as { status: string; message: string } };
    };
    return { coordinator, app, hook, store };
  }

  /** The builds recorded since `after` (an id), oldest first, as [reason, status]. */
  const buildsSince = async (after: number) =>
    (await (stores[0] as Store).listBuilds(50))
      .filter((b) => b.id > after)
      .reverse()
      .map((b) => [b.reason, b.status]);
  const lastId = async () => (await (stores[0] as Store).listBuilds(1))[0]?.id ?? 0;
  const waiting = () => sqlBuildLedger((stores[0] as Store).db).waiting();

  it("stops A's daily rebuild within about a second for a save reaching B, and builds at once with both reasons", async () => {
    const before = await lastId();
    const spans: Span[] = [];
    // A's first build (the daily one) would run 8 s; the one with the save, 0.3 s.
    const a = instance('a', 0, spans, () => (spans.length === 1 ? 8000 : 300));
    const b = instance('b', 1, spans, () => 300);
    expect(await a.coordinator.trigger('daily rebuild')).toEqual({ status: 'started' });
    await until(
      () => spans.length,
      (n) => n === 1,
    );
    const saved = Date.now();
    const answer = await b.hook('News item 57 “Open day” saved');
    expect(answer).toEqual({
      code: 202,
      body: { status: 'replaced', message: 'The daily rebuild was stopped; a build with this change starts now.' },
    });
    await until(
      () => spans[0]?.end,
      (end) => end !== undefined,
      4000,
    );
    const stoppedAfter = (spans[0]?.end ?? Infinity) - saved;
    console.log(`rebuild-replace.test (${label}): the daily build stopped ${stoppedAfter} ms after the save reached B`);
    expect(spans[0]?.stopped).toBe(true);
    expect(stoppedAfter).toBeLessThan(2000);
    await a.coordinator.idle();
    expect(await buildsSince(before)).toEqual([
      ['daily rebuild', 'replaced'],
      ['News item 57 “Open day” saved; daily rebuild', 'succeeded'],
    ]);
    const [replaced] = (await a.store.listBuilds(2)).slice(1);
    expect(replaced?.firstError).toBe(
      'Stopped for a newer request (News item 57 “Open day” saved); the build after it has this one’s reasons too.',
    );
    // The build with the save started as soon as the daily one stopped, and never beside it.
    expect((spans[1]?.start ?? Infinity) - (spans[0]?.end ?? 0)).toBeLessThan(1000);
    expect(oneAtATime(spans)).toBe(true);
    expect(await waiting()).toBeUndefined();
  });

  it("lets a save's build finish when another save or the daily rebuild reaches the other instance", async () => {
    const before = await lastId();
    const spans: Span[] = [];
    const a = instance('a', 0, spans, () => 800);
    const b = instance('b', 1, spans, () => 800);
    expect(await a.hook('page 22 “Home” saved')).toEqual({
      code: 202,
      body: { status: 'started', message: 'Build started.' },
    });
    const queued = { status: 'queued', message: 'A build is running; one more build will follow it with this change.' };
    expect((await b.hook('News item 58 saved')).body).toEqual(queued);
    expect((await b.hook('News item 59 saved')).body).toEqual({ ...queued, status: 'already-queued' });
    // The daily rebuild asked meanwhile (on B) waits too, and stops nothing.
    expect(await b.coordinator.trigger('daily rebuild')).toEqual({ status: 'already-queued' });
    await a.coordinator.idle();
    expect(await buildsSince(before)).toEqual([
      ['page 22 “Home” saved', 'succeeded'],
      ['News item 58 saved; News item 59 saved; daily rebuild', 'succeeded'],
    ]);
    expect(spans.map((s) => s.stopped ?? false)).toEqual([false, false]);
    expect(oneAtATime(spans)).toBe(true);
  });

  it('"Rebuild now" on B stops the start-up build running on A, and says which', async () => {
    const before = await lastId();
    const spans: Span[] = [];
    const a = instance('a', 0, spans, () => (spans.length === 1 ? 8000 : 300));
    const b = instance('b', 1, spans, () => 300);
    await b.store.addStaff('meera', await testHash(password));
    const reason = 'start-up build (the settings differ from those out/ was built with)';
    expect(await a.coordinator.trigger(reason)).toEqual({ status: 'started' });
    const now = await b.app.request('/api/builds', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: await signIn(b.app, 'meera', password) },
      body: '{}',
    });
    expect(now.status).toBe(202);
    expect(await now.json()).toEqual({
      status: 'replaced',
      message: 'The start-up build was stopped; a build starts now.',
    });
    await until(
      () => spans[0]?.end,
      (end) => end !== undefined,
      4000,
    );
    await a.coordinator.idle();
    expect(await buildsSince(before)).toEqual([
      [reason, 'replaced'],
      [`Rebuild now by meera; ${reason}`, 'succeeded'],
    ]);
    expect(oneAtATime(spans)).toBe(true);
  });

  it('on one instance, a save stops its daily rebuild at once and the webhook says so', async () => {
    const before = await lastId();
    const spans: Span[] = [];
    const a = instance('a', 0, spans, () => (spans.length === 1 ? 8000 : 300));
    expect(await a.coordinator.trigger('daily rebuild')).toEqual({ status: 'started' });
    await until(
      () => spans.length,
      (n) => n === 1,
    );
    expect((await a.hook('Testimonial 12 saved')).body).toEqual({
      status: 'replaced',
      message: 'The daily rebuild was stopped; a build with this change starts now.',
    });
    await a.coordinator.idle();
    expect(await buildsSince(before)).toEqual([
      ['daily rebuild', 'replaced'],
      ['Testimonial 12 saved; daily rebuild', 'succeeded'],
    ]);
    expect((spans[0]?.end ?? Infinity) - (spans[0]?.start ?? 0)).toBeLessThan(1000);
    expect(oneAtATime(spans)).toBe(true);
  });
});
