/** @jest-environment node */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inboxForms } from '@/lib/forms/registry';
import { createApp } from '@/server/app';
import { writeBackup } from '@/server/platform/backup';
import { ledgerFileOf } from '@/server/privacy/erasure-ledger';
import { hashPassword } from '@/server/platform/passwords';
import { startPrivacy } from '@/server/privacy/privacy';
import { openStore } from '@/server/store/store';
import { freshPgliteDir } from '../../pglite-template';

jest.setTimeout(240_000);

const password = 'ledger test password';
const tsx = path.resolve('node_modules/.bin/tsx');
const json = (body: unknown, cookie = ''): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
  body: JSON.stringify(body),
});
const asha = {
  name: 'Asha Rao',
  email: 'asha.ledger@example.com',
  phone: '9876501234',
  city: 'Pune',
  level: 'Beginner',
  schedule: 'Fri 2pm',
};

it('a restore from a backup older than an erasure erases the person again (the ledger beside the backups)', async () => {
  const dataDir = await freshPgliteDir();
  const backupDir = mkdtempSync(path.join(os.tmpdir(), 'studio-ledger-'));
  const restoredDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'studio-ledger-restored-')), 'db');
  try {
    const store = await openStore({ dataDir });
    await store.addStaff('meera', await hashPassword(password));
    await startPrivacy(store);
    const app = createApp({
      service: {
        store,
        inboxForms,
        sessionTtlHours: 1,
        rateLimitPerMinute: 10_000,
        trustProxy: false,
        privacy: {
          siteUrl: 'https://studio.test',
          studioName: 'One11 Studios',
          grievance: { name: 'Grievance officer', email: 'privacy@studio.test' },
          erasureLedger: ledgerFileOf(backupDir),
        },
      },
    });
    expect((await app.request('/api/forms/masterclass', json(asha))).status).toBe(201);
    const backup = path.join(backupDir, 'before-erasure.ndjson.gz');
    await writeBackup(store.db, backup);

    const login = await app.request('/api/auth/login', json({ name: 'meera', password }));
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const erased = await app.request('/api/people/erase', json({ q: asha.email, confirm: 'erase' }, cookie));
    expect(erased.status).toBe(200);
    await store.close();

    // The ledger holds the tombstone and nothing of the person.
    const ledger = readFileSync(ledgerFileOf(backupDir), 'utf8');
    expect(ledger.trim().split('\n')).toHaveLength(1);
    expect(ledger).not.toContain('asha');
    expect(ledger).not.toContain('98765');

    // The owner restores the older backup, as docs/deploying-and-operating.md says, into an empty folder.
    const { DATABASE_URL: _, ...rest } = process.env;
    const run = spawnSync(tsx, ['scripts/db-restore.ts', backup], {
      encoding: 'utf8',
      // The command's log line beside the backups, never in the checkout's logs/.
      env: { ...rest, DATA_DIR: restoredDir, BACKUP_DIR: backupDir, LOG_DIR: path.join(backupDir, 'logs') },
    });
    expect(run.stdout + run.stderr).toMatch(/Erasures made since the backup applied again to 1 record/);
    const restored = await openStore({ dataDir: restoredDir });
    try {
      const rows = await restored.db.query("SELECT 1 FROM form_submissions WHERE payload ->> 'email' = $1", [
        asha.email,
      ]);
      expect(rows).toHaveLength(0);
      expect(await restored.db.query('SELECT 1 FROM erasures')).toHaveLength(1);
    } finally {
      await restored.close();
    }
  } finally {
    rmSync(path.dirname(dataDir), { recursive: true, force: true });
    rmSync(backupDir, { recursive: true, force: true });
    rmSync(path.dirname(restoredDir), { recursive: true, force: true });
  }
});
