/** @jest-environment node */
import { OutboxWorker } from '@/server/platform/outbox';
import type { Db } from '@/server/store/db';

describe('the outbox while the database is away', () => {
  it('carries on, printing the failure once rather than every round, and again after a round that worked', async () => {
    let away = true;
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const db = {
      write: async () => {
        if (away) throw refused;
        return [];
      },
    } as unknown as Db;
    const printed = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const worker = new OutboxWorker({ db, send: async () => undefined, pollMs: 5 });
    const rounds = () => new Promise((r) => setTimeout(r, 60));
    try {
      worker.start();
      await rounds();
      expect(printed.mock.calls).toEqual([['outbox: connect ECONNREFUSED 127.0.0.1:5432']]);
      away = false;
      await rounds();
      away = true;
      await rounds();
      expect(printed).toHaveBeenCalledTimes(2);
    } finally {
      await worker.stop();
      printed.mockRestore();
    }
  });
});
