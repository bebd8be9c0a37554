/** @jest-environment node */
import { writeScripts } from './stand-in-scripts';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSteps, editorNotes, firstErrorLine, logTail } from '@/server/site/build-log';
import { sqlBuildLedger } from '@/server/site/build-ledger';
import { buildMessageText, mailBuildMessages } from '@/server/site/build-mail';
import { contentBuild } from '@/server/site/content-build';
import { RebuildCoordinator } from '@/server/site/rebuild';
import { linkOrCopy, SiteFolders } from '@/server/site/site-folders';
import type { BuildOutcome } from '@/server/site/build';
import { startSmtp } from './smtp';
import { databaseKinds, openedStore } from './test-stores';
import { suitePort } from '../../free-port';

const smtpPort = suitePort();

jest.setTimeout(120_000);

interface Recorded {
  id: number;
  reason: string;
  status?: string;
  folder?: string | null;
  log?: string;
  durationMs?: number;
  firstError?: string;
}

function fakeStore() {
  const builds: Recorded[] = [];
  return {
    builds,
    startBuild: async (reason: string) => {
      builds.push({ id: builds.length + 1, reason });
      return builds.length;
    },
    finishBuild: async (
      id: number,
      status: 'succeeded' | 'failed' | 'replaced',
      folder: string | null,
      log: string,
      details: { durationMs?: number; firstError?: string } = {},
    ) => {
      Object.assign(builds[id - 1] ?? {}, { status, folder, log, ...details });
    },
  };
}

/** A build that waits until the test lets it finish. */
function gatedBuild(outcome: (folder: string) => BuildOutcome) {
  const gates: Array<() => void> = [];
  const started: string[] = [];
  return {
    started,
    release: () => gates.shift()?.(),
    waitForStart: async (n: number) => {
      while (started.length < n) await new Promise((r) => setTimeout(r, 5));
    },
    build: (folder: string) =>
      new Promise<BuildOutcome>((resolve) => {
        started.push(folder);
        gates.push(() => resolve(outcome(folder)));
      }),
  };
}

describe('the rebuild coordinator', () => {
  it('runs one build at a time and folds triggers during a build into exactly one more', async () => {
    const store = fakeStore();
    const gate = gatedBuild((folder) => ({ ok: true, folder, log: 'ok' }));
    const activated: string[] = [];
    let n = 0;
    const c = new RebuildCoordinator({
      store,
      build: gate.build,
      nextFolder: () => `builds/${++n}`,
      activate: async (f) => {
        activated.push(f);
      },
      log: () => undefined,
    });
    expect(await c.trigger('edit 1')).toEqual({ status: 'started' });
    await gate.waitForStart(1);
    expect(await c.trigger('edit 2')).toEqual({ status: 'queued' });
    expect(await c.trigger('edit 3')).toEqual({ status: 'already-queued' });
    expect(await c.trigger('edit 2')).toEqual({ status: 'already-queued' });
    expect(gate.started).toHaveLength(1);
    gate.release();
    await gate.waitForStart(2);
    expect(c.busy).toBe(true);
    gate.release();
    await c.idle();
    expect(gate.started).toEqual(['builds/1', 'builds/2']);
    expect(activated).toEqual(['builds/1', 'builds/2']);
    expect(store.builds.map((b) => [b.reason, b.status])).toEqual([
      ['edit 1', 'succeeded'],
      ['edit 2; edit 3', 'succeeded'],
    ]);
    expect(c.busy).toBe(false);
    expect(await c.trigger('edit 4')).toEqual({ status: 'started' });
    await gate.waitForStart(3);
    gate.release();
    await c.idle();
    expect(store.builds).toHaveLength(3);
  });

  it("stops a running daily rebuild for an editor's save, and builds at once with both reasons", async () => {
    const store = fakeStore();
    const stopped: string[] = [];
    const activated: string[] = [];
    let n = 0;
    const c = new RebuildCoordinator({
      store,
      // A build that runs until the test's save stops it; the one after it goes live.
      build: (folder, stop) =>
        new Promise<BuildOutcome>((resolve) => {
          if (folder !== 'builds/1') return resolve({ ok: true, folder, log: 'ok' });
          stop?.addEventListener('abort', () => {
            stopped.push(folder);
            resolve({ ok: false, log: 'the build exited with a signal' });
          });
        }),
      nextFolder: () => `builds/${++n}`,
      activate: async (f) => {
        activated.push(f);
      },
      log: () => undefined,
      replaceable: (reason) => reason === 'daily rebuild',
    });
    expect(await c.trigger('daily rebuild')).toEqual({ status: 'started' });
    expect(await c.trigger('News item “Open day” saved')).toEqual({ status: 'replaced', stopped: 'daily rebuild' });
    await c.idle();
    expect(stopped).toEqual(['builds/1']);
    expect(activated).toEqual(['builds/2']);
    expect(store.builds.map((b) => [b.reason, b.status])).toEqual([
      ['daily rebuild', 'replaced'],
      ['News item “Open day” saved; daily rebuild', 'succeeded'],
    ]);
    expect(store.builds[0]?.firstError).toBe(
      'Stopped for a newer request (News item “Open day” saved); the build after it has this one’s reasons too.',
    );
  });

  it('lets a running save finish when another save or the daily rebuild arrives', async () => {
    const store = fakeStore();
    const gate = gatedBuild((folder) => ({ ok: true, folder, log: 'ok' }));
    let n = 0;
    const c = new RebuildCoordinator({
      store,
      build: gate.build,
      nextFolder: () => `builds/${++n}`,
      activate: async () => undefined,
      log: () => undefined,
      replaceable: (reason) => reason === 'daily rebuild',
    });
    await c.trigger('edit 1');
    await gate.waitForStart(1);
    await c.trigger('edit 2');
    await c.trigger('daily rebuild');
    gate.release();
    await gate.waitForStart(2);
    gate.release();
    await c.idle();
    expect(store.builds.map((b) => [b.reason, b.status])).toEqual([
      ['edit 1', 'succeeded'],
      ['edit 2; daily rebuild', 'succeeded'],
    ]);
  });

  it('keeps the current site when a build fails, and records the end of the log', async () => {
    const store = fakeStore();
    const activated: string[] = [];
    const log = Array.from({ length: 100 }, (_, i) => `line ${i}`).join('\n');
    const c = new RebuildCoordinator({
      store,
      build: async () => ({ ok: false, log }),
      nextFolder: () => 'builds/x',
      activate: async (f) => {
        activated.push(f);
      },
      log: () => undefined,
    });
    await c.trigger('bad edit');
    await c.idle();
    expect(activated).toEqual([]);
    expect(store.builds[0]).toMatchObject({ status: 'failed', folder: null });
    expect(store.builds[0]?.log?.split('\n')).toHaveLength(40);
    expect(store.builds[0]?.log?.endsWith('line 99')).toBe(true);
  });

  it('records a build whose activation throws as failed, and carries on', async () => {
    const store = fakeStore();
    const c = new RebuildCoordinator({
      store,
      build: async (folder) => ({ ok: true, folder, log: '' }),
      nextFolder: () => 'builds/y',
      activate: async () => {
        throw new Error('disk full');
      },
      log: () => undefined,
    });
    await c.trigger('x');
    await c.idle();
    expect(store.builds[0]).toMatchObject({ status: 'failed', log: 'disk full' });
  });

  it("records a failed build's duration and first error line (the CMS guard's line)", async () => {
    const store = fakeStore();
    const log = [
      '> studio-site@0.1.0 prebuild',
      'cms: WordPress failed, build stopped: http://cms/wp-json/wp/v2/pages/22: page 22 is missing required fields: pro_Heading',
      'npm error Lifecycle script `build` failed with error:',
      'the build exited with 1',
    ].join('\n');
    const c = new RebuildCoordinator({
      store,
      build: async () => {
        await new Promise((r) => setTimeout(r, 30));
        return { ok: false, log };
      },
      nextFolder: () => 'builds/z',
      activate: async () => undefined,
      log: () => undefined,
    });
    await c.trigger('page 22 “Home” saved');
    await c.idle();
    expect(store.builds[0]?.firstError).toBe(
      'cms: WordPress failed, build stopped: http://cms/wp-json/wp/v2/pages/22: page 22 is missing required fields: pro_Heading',
    );
    expect(store.builds[0]?.durationMs).toBeGreaterThanOrEqual(25);
  });

  it('keeps the last lines of a log and finds its first error line', () => {
    expect(logTail('a\nb\nc', 2)).toBe('b\nc');
    expect(firstErrorLine('\u001b[31mType error: x is not assignable\u001b[0m\nFailed to compile.')).toBe(
      'Type error: x is not assignable',
    );
    expect(firstErrorLine('compiling\nexited with a signal\n')).toBe('exited with a signal');
    const log =
      'cms: page 22 from http://cms with 4 image(s) in 0.7 s\n▲ Next.js\n✓ Compiled successfully in 95s\n  Finished TypeScript in 15.8s ...\n✓ Generating static pages using 1 worker (56/56) in 19.0s\nDone';
    expect(buildSteps(log)).toEqual([
      'cms: page 22 from http://cms with 4 image(s) in 0.7 s',
      'Compiled successfully in 95s',
      'Finished TypeScript in 15.8s ...',
      'Generating static pages using 1 worker (56/56) in 19.0s',
    ]);
  });
});

describe('what editors are told about a build', () => {
  const leftOut = 'news item 57 “Open day”: news_date is not a date (YYYY-MM-DD): "1 July"';
  const liveLog = `> studio-site@0.1.0 prebuild\ncms: Left out: ${leftOut}\ncms: page 22 (4 image(s)) and 3 news from http://cms in 0.8 s\n✓ Compiled successfully in 20s`;
  const refusedLog =
    'cms: page 22 from http://cms in 0.7 s\nNot ready to launch: a build for https://studio.in would ship placeholders. Replace these:\n  - WordPress › Artists › “Aarohi” (#141): "Aarohi" (an artist on the home page) is a placeholder name; set the real one\nthe build exited with 1';

  it('finds the items left out and the launch check refusal, in the words of the build', () => {
    expect(editorNotes(liveLog)).toEqual([`Left out: ${leftOut}`]);
    expect(firstErrorLine(refusedLog)).toBe(
      'Not ready to launch: a build for https://studio.in would ship placeholders. Replace these:',
    );
    expect(editorNotes(refusedLog)).toEqual([
      'WordPress › Artists › “Aarohi” (#141): "Aarohi" (an artist on the home page) is a placeholder name; set the real one',
    ]);
    // An item left out is never taken for why a build failed.
    expect(firstErrorLine(`cms: Error fetching images: media 9 is a draft\n${refusedLog}`)).toMatch(/^Not ready/);
  });

  it('records the notes of a live build, tells the studio by e-mail through a real SMTP server, and says nothing of a clean build', async () => {
    const smtp = await startSmtp(smtpPort());
    try {
      const store = fakeStore();
      let clean = false;
      const c = new RebuildCoordinator({
        store,
        build: async (folder) => (clean ? { ok: true, folder, log: 'ok' } : { ok: true, folder, log: liveLog }),
        nextFolder: () => 'builds/x',
        activate: async () => undefined,
        log: () => undefined,
        tell: mailBuildMessages({ smtpUrl: `smtp://127.0.0.1:${smtpPort()}`, to: 'studio@studio.test' }),
      });
      await c.trigger('News item 57 “Open day” saved');
      await c.idle();
      expect(store.builds[0]?.status).toBe('succeeded');
      expect(store.builds[0]?.firstError).toBe(`Left out: ${leftOut}`);
      expect(smtp.mails).toHaveLength(1);
      expect(smtp.mails[0]?.to).toBe('studio@studio.test');
      expect(smtp.mails[0]?.text).toContain('Site build #1 is live, with 1 item left out');
      expect(smtp.mails[0]?.text).toContain('news_date is not a date');
      clean = true;
      await c.trigger('News item 57 “Open day” saved');
      await c.idle();
      expect(store.builds[1]?.firstError).toBe('');
      expect(smtp.mails).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it('says in plain words that a failed build left the site as it was, and what to do', () => {
    const { subject, text } = buildMessageText({
      id: 4,
      reason: 'News item 57 saved',
      live: false,
      firstError: firstErrorLine(refusedLog),
      notes: editorNotes(refusedLog),
    });
    expect(subject).toBe('Site build #4 failed: the site was not updated');
    expect(text).toContain('visitors still see the previous version');
    expect(text).toContain('- WordPress › Artists › “Aarohi” (#141)');
    expect(text).toContain('the next build goes live by itself');
  });
});

describe('the site folders', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'studio-builds-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function fakeExport(folder: string, marker: string) {
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, '404.html'), marker);
  }

  it('starts from a copy of out/, swaps in new folders, keeps three, and remembers the live one', async () => {
    const out = path.join(dir, 'out');
    fakeExport(out, 'first');
    const buildsDir = path.join(dir, 'builds');
    const folders = new SiteFolders(buildsDir);
    const first = await folders.init(out);
    expect(readFileSync(path.join(folders.current(), '404.html'), 'utf8')).toBe('first');
    const made: string[] = [first];
    for (let i = 2; i <= 5; i++) {
      const next = path.join(buildsDir, `2099010${i}T000000Z`);
      fakeExport(next, `build ${i}`);
      await folders.activate(next);
      made.push(next);
      expect(readFileSync(path.join(folders.current(), '404.html'), 'utf8')).toBe(`build ${i}`);
    }
    expect(
      readdirSync(buildsDir)
        .filter((n) => n !== 'current')
        .sort(),
    ).toEqual(
      made
        .slice(-3)
        .map((m) => path.basename(m))
        .sort(),
    );
    const again = new SiteFolders(buildsDir);
    expect(await again.init(out)).toBe(made[4]);
    expect(existsSync(path.join(buildsDir, 'current'))).toBe(true);
  });

  /** An export as `next build` writes one: out/ emptied first, then written afresh. */
  function exportAfresh(out: string, marker: string) {
    rmSync(out, { recursive: true, force: true });
    mkdirSync(path.join(out, '_next', 'static'), { recursive: true });
    writeFileSync(path.join(out, 'index.html'), `home ${marker}`);
    writeFileSync(path.join(out, '_next', 'static', 'app.js'), `script ${marker}`);
  }
  const names = ['index.html', '_next/static/app.js'];
  const files = (folder: string) => names.map((f) => path.join(folder, f));

  it('puts a finished out/ in a new folder as links to the same files, which the next build leaves alone', async () => {
    const out = path.join(dir, 'out');
    exportAfresh(out, 'one');
    const folder = path.join(dir, 'builds', '20990101T000000Z');
    await linkOrCopy(out, folder);
    for (const name of names) {
      expect(statSync(path.join(folder, name)).ino).toBe(statSync(path.join(out, name)).ino);
    }
    exportAfresh(out, 'two');
    expect(files(folder).map((f) => readFileSync(f, 'utf8'))).toEqual(['home one', 'script one']);
    expect(files(out).map((f) => readFileSync(f, 'utf8'))).toEqual(['home two', 'script two']);
  });

  it('copies out/ where links cannot be made: the builds folder on another file system', async () => {
    const out = path.join(dir, 'out');
    exportAfresh(out, 'one');
    // /dev/shm is a memory file system on Linux, another device than the temporary folder's disk.
    const elsewhere = mkdtempSync('/dev/shm/studio-builds-');
    try {
      expect(statSync(elsewhere).dev).not.toBe(statSync(dir).dev);
      const folder = path.join(elsewhere, '20990101T000000Z');
      await linkOrCopy(out, folder);
      expect(files(folder).map((f) => readFileSync(f, 'utf8'))).toEqual(['home one', 'script one']);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});

describe('the real build, started by the server', () => {
  it('is not started at all when it was stopped while it waited to start', async () => {
    const cwd = mkdtempSync(path.join(os.tmpdir(), 'studio-content-build-'));
    try {
      // A stand-in for the site's build: it would leave a mark.
      writeScripts(cwd, {
        'build-site.ts': [
          "import { mkdirSync, writeFileSync } from 'node:fs';",
          "writeFileSync('ran', 'yes');",
          "mkdirSync('out');",
          "writeFileSync('out/index.html', 'built');",
        ],
      });
      const stop = new AbortController();
      stop.abort();
      const outcome = await contentBuild({ cwd })(path.join(cwd, 'builds', 'next'), stop.signal);
      expect(outcome).toEqual({ ok: false, log: 'The build was stopped before it started.' });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(existsSync(path.join(cwd, 'ran'))).toBe(false);
      // Not stopped, the same stand-in runs.
      const ran = await contentBuild({ cwd })(path.join(cwd, 'builds', 'next'), new AbortController().signal);
      expect(ran.ok).toBe(true);
      expect(readFileSync(path.join(cwd, 'ran'), 'utf8')).toBe('yes');
      expect(readFileSync(path.join(cwd, 'builds', 'next', 'index.html'), 'utf8')).toBe('built');
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});

describe.each(databaseKinds)('one build at a time across instances (%s)', (_label, make) => {
  const testDb = openedStore(make);

  /** One instance's coordinator on the shared database, with a build the test lets finish. */
  function instance(name: string) {
    const gate = gatedBuild((folder) => ({ ok: true, folder, log: `built by ${name}` }));
    let n = 0;
    const coordinator = new RebuildCoordinator({
      store: testDb.store,
      ledger: sqlBuildLedger(testDb.store.db),
      build: gate.build,
      nextFolder: () => `builds/${name}-${++n}`,
      activate: async () => undefined,
      log: () => undefined,
    });
    return { gate, coordinator };
  }

  it('queues a trigger reaching instance B while A builds, and runs it once after, on A', async () => {
    const a = instance('a');
    const b = instance('b');
    expect(await a.coordinator.trigger('edit 1')).toEqual({ status: 'started' });
    await a.gate.waitForStart(1);
    expect(await b.coordinator.trigger('edit 2')).toEqual({ status: 'queued' });
    expect(await b.coordinator.trigger('edit 3')).toEqual({ status: 'already-queued' });
    expect(b.gate.started).toEqual([]);
    a.gate.release();
    await a.gate.waitForStart(2);
    expect(b.gate.started).toEqual([]);
    a.gate.release();
    await a.coordinator.idle();
    const builds = (await testDb.store.listBuilds()).reverse();
    expect(builds.map((x) => [x.reason, x.status])).toEqual([
      ['edit 1', 'succeeded'],
      ['edit 2; edit 3', 'succeeded'],
    ]);
    // Never two at once: each started after the one before finished.
    expect(Date.parse(builds[1]?.startedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(builds[0]?.finishedAt ?? ''));
  });

  it('marks a build whose instance died as failed once its lease is over, and runs the waiting request', async () => {
    await testDb.store.db.write((tx) =>
      tx.query(
        "INSERT INTO builds (status, reason, lease_until) VALUES ('running', 'on a dead instance', now() - interval '1 second')",
      ),
    );
    const b = instance('b');
    expect(await b.coordinator.trigger('edit 4')).toEqual({ status: 'started' });
    b.gate.release();
    await b.coordinator.idle();
    const [last, dead] = await testDb.store.listBuilds(2);
    expect(last).toMatchObject({ reason: 'edit 4', status: 'succeeded' });
    expect(dead).toMatchObject({ reason: 'on a dead instance', status: 'failed' });
  });
});
