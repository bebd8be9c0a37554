/** @jest-environment node */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ownerLog } from '@/server/platform/log';
import { OutboxWorker } from '@/server/platform/outbox';
import type { Db } from '@/server/store/db';

describe('the outbox while the database is away', () => {
  it("carries on, telling the owner's log the failure once rather than every round, and again after a round that worked", async () => {
    let away = true;
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const db = {
      write: async () => {
        if (away) throw refused;
        return [];
      },
    } as unknown as Db;
    const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-outbox-log-'));
    const printed = jest.fn();
    const log = ownerLog(dir, printed);
    const worker = new OutboxWorker({ db, send: async () => undefined, pollMs: 5, log: (line) => log('error', line) });
    const rounds = () => new Promise((r) => setTimeout(r, 60));
    try {
      worker.start();
      await rounds();
      expect(printed).toHaveBeenCalledTimes(1);
      expect(readFileSync(path.join(dir, 'site.log'), 'utf8')).toMatch(
        /^\S+ error outbox: connect ECONNREFUSED 127\.0\.0\.1:5432\n$/,
      );
      away = false;
      await rounds();
      away = true;
      await rounds();
      expect(printed).toHaveBeenCalledTimes(2);
    } finally {
      await worker.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
