/** @jest-environment node */
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '@/server/app';
import { dailyBackupJob } from '@/server/platform/backup';
import { DailyScheduler } from '@/server/platform/jobs';
import { hashPassword } from '@/server/platform/passwords';
import type { Store } from '@/server/store/store';
import { databaseKinds, addSubmission } from './test-stores';

jest.setTimeout(240_000);

const password = 'correct horse battery staple';

describe.each(databaseKinds)('the daily backup on %s', (_label, make) => {
  it('keeps 7 daily and 4 weekly backups, in BACKUP_DIR and its copy, and staff see the last one', async () => {
    const db = await make();
    const store: Store = await db.open();
    const folder = mkdtempSync(path.join(os.tmpdir(), 'studio-daily-'));
    const copy = mkdtempSync(path.join(os.tmpdir(), 'studio-daily-copy-'));
    writeFileSync(path.join(folder, 'erasures.jsonl'), '');
    try {
      await addSubmission(store, 'contact', { name: 'Visitor' });
      // Forty days of the scheduler, each tick at 04:00 India time (22:30 UTC the day before).
      let now = new Date('2026-10-01T22:30:00Z');
      const scheduler = new DailyScheduler({
        db: store.db,
        jobs: [dailyBackupJob(store.db, folder, undefined, { to: copy, ledger: path.join(folder, 'erasures.jsonl') })],
        now: () => now,
        log: () => undefined,
      });
      for (let day = 0; day < 40; day++) {
        await scheduler.tick();
        now = new Date(now.getTime() + 86_400_000);
      }
      const names = readdirSync(folder).sort();
      expect(names.filter((n) => n.startsWith('daily-'))).toHaveLength(7);
      expect(names.filter((n) => n.startsWith('weekly-'))).toHaveLength(4);
      // The second place holds the same backups, owner-only, with the erasure ledger beside them.
      const copied = readdirSync(copy).sort();
      expect(copied).toEqual(
        names
          .filter((n) => n !== 'erasures.jsonl')
          .concat('erasures.jsonl')
          .sort(),
      );
      for (const name of copied)
        expect(`${name} ${(statSync(path.join(copy, name)).mode & 0o777).toString(8)}`).toBe(`${name} 600`);
      expect(names.filter((n) => n.endsWith('.partial'))).toEqual([]);
      // The newest daily is the last day's; the weeklies are a week apart.
      expect(names).toContain('daily-2026-11-10.ndjson.gz');
      const weeks = names.filter((n) => n.startsWith('weekly-')).map((n) => Date.parse(n.slice(7, 17)));
      for (let i = 1; i < weeks.length; i++) expect((weeks[i] ?? 0) - (weeks[i - 1] ?? 0)).toBe(7 * 86_400_000);

      await store.addStaff('meera', await hashPassword(password));
      const app = createApp({
        service: {
          store,
          inboxForms: {},
          sessionTtlHours: 12,
          rateLimitPerMinute: 1000,
          trustProxy: false,
          backupDir: folder,
        },
      });
      expect((await app.request('/api/backups')).status).toBe(401);
      const login = await app.request('/api/auth/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'meera', password }),
      });
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      const res = await app.request('/api/backups', { headers: { Cookie: cookie } });
      expect(res.status).toBe(200);
      const body = (await res.json()) as {
        latest: { name: string; bytes: number; at: string };
        lastRun: { day: string; status: string; outcome: string };
      };
      expect(body.latest.bytes).toBeGreaterThan(100);
      expect(body.latest.name).toMatch(/^(daily|weekly)-2026-11-10\.ndjson\.gz$/);
      expect(body.lastRun).toMatchObject({ day: '2026-11-10', status: 'succeeded' });
      expect(body.lastRun.outcome).toMatch(/daily-2026-11-10\.ndjson\.gz, \d+ rows, [\d.]+ KB/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
      rmSync(copy, { recursive: true, force: true });
      await store.close();
      await db.dispose();
    }
  });
});
