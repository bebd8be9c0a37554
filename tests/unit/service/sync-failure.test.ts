/** @jest-environment node */
import fs from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { createApp } from '@/server/app';
import { OutboxWorker } from '@/server/platform/outbox';
import { UnconfirmedWriteError } from '@/server/store/db';
import { openPglite } from '@/server/store/pglite';
import { Store } from '@/server/store/store';
import { freshPgliteDir } from '../../pglite-template';

jest.setTimeout(120_000);

const submission = {
  fullName: 'Asha Rao',
  email: 'asha@example.com',
  phone: '9876543210',
  availability: ['Weekdays'],
  additionalServices: [],
  budget: '',
  message: 'Two songs.',
};
const post = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});
const eio = () => Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' });

/**
 * A disk that fails a sync: the real embedded database and service, with the failure injected
 * into Node's file calls (a fake is unavoidable here: a real disk cannot be made to fail on cue).
 */
describe('a failed sync on the embedded database', () => {
  it('stops the store: the visitor is not told it was saved, nor that nothing was; the outbox mails no one', async () => {
    const dir = await freshPgliteDir();
    const onFatal = jest.fn();
    const store = new Store(await openPglite(dir, { onFatal }));
    await OutboxWorker.setEnabled(store.db, true);
    const app = createApp({
      service: { store, inboxForms: {}, sessionTtlHours: 12, rateLimitPerMinute: 1000, trustProxy: false },
    });
    const url = '/pro-audio-form/save-form.php';
    expect((await app.request(url, post(submission))).status).toBe(201);
    // The first one is mailed normally once it is on disk.
    const sent: number[] = [];
    const worker = new OutboxWorker({ db: store.db, send: async (item) => void sent.push(item.refId) });
    expect(await worker.runOnce()).toBe(1);

    // From now on the WAL's fdatasync fails.
    const probe = await open(path.join(dir, 'PG_VERSION'), 'r');
    const handleProto = Object.getPrototypeOf(probe) as { datasync: () => Promise<void> };
    await probe.close();
    const failing = jest.spyOn(handleProto, 'datasync').mockRejectedValue(eio());
    try {
      const res = await app.request(url, post({ ...submission, fullName: 'Unconfirmed' }));
      expect(res.status).toBe(503);
      const { message } = (await res.json()) as { message: string };
      expect(message).toMatch(/cannot confirm it was kept/);
      expect(message).not.toMatch(/nothing was saved|received|thank/i);
      expect(onFatal).toHaveBeenCalledTimes(1);

      // Stopped: every later request is a 503, and the outbox sends nothing (the row it cannot vouch for).
      expect((await app.request(url, post({ ...submission, fullName: 'Later' }))).status).toBe(503);
      await expect(worker.runOnce()).rejects.toBeInstanceOf(UnconfirmedWriteError);
      expect(sent).toHaveLength(1);
    } finally {
      failing.mockRestore();
      await store.close().catch(() => undefined);
      fs.rmSync(path.dirname(dir), { recursive: true, force: true });
    }
  });

  it('stops the store when a checkpoint cannot sync the data files', async () => {
    const dir = await freshPgliteDir();
    const onFatal = jest.fn();
    const logged: string[] = [];
    const db = await openPglite(dir, { onFatal, log: (line) => logged.push(line) });
    await db.write((tx) => tx.query('INSERT INTO form_submissions (form, payload) VALUES ($1, $2)', ['contact', '{}']));
    const failing = jest.spyOn(fs, 'fsyncSync').mockImplementation(() => {
      throw eio();
    });
    try {
      await db.exec('CHECKPOINT').catch(() => undefined);
      expect(onFatal).toHaveBeenCalledTimes(1);
      // The owner's log says why the server stops.
      expect(logged).toEqual([
        expect.stringMatching(/^The embedded database in .* could not sync to disk \(.*EIO.*\); stopping\.$/),
      ]);
      await expect(db.query('SELECT 1')).rejects.toBeInstanceOf(UnconfirmedWriteError);
      await expect(db.write(async () => undefined)).rejects.toBeInstanceOf(UnconfirmedWriteError);
    } finally {
      failing.mockRestore();
      await db.close().catch(() => undefined);
      fs.rmSync(path.dirname(dir), { recursive: true, force: true });
    }
  });
});
