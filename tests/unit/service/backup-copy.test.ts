/** @jest-environment node */
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { copyBackup, writeBackup } from '@/server/platform/backup';
import { appendTombstone, ledgerFileOf } from '@/server/privacy/erasure-ledger';
import { openStore } from '@/server/store/store';
import { freshPgliteDir } from '../../pglite-template';
import { addSubmission } from './test-stores';

jest.setTimeout(120_000);

const modeOf = (file: string): number => statSync(file).mode & 0o777;

it('copies a backup and the erasure ledger to BACKUP_COPY_TO owner-only, and refuses a folder that is not there', async () => {
  const dataDir = await freshPgliteDir();
  const parent = path.dirname(dataDir);
  const backups = path.join(parent, 'backups');
  const copyTo = path.join(parent, 'mnt', 'second-disk');
  try {
    // The backup folder and its ledger as an older version or a copy left them, open to others: closed again.
    const ledger = ledgerFileOf(backups);
    mkdirSync(backups, { mode: 0o755 });
    chmodSync(backups, 0o755);
    writeFileSync(ledger, '', { mode: 0o644 });
    chmodSync(ledger, 0o644);
    const store = await openStore({ dataDir });
    await addSubmission(store, 'contact', { name: 'Asha' });
    const backup = await writeBackup(store.db, path.join(backups, 'backup-1.ndjson.gz'));
    await store.close();
    appendTombstone(ledger, { hash: 'ab12', erasedAt: new Date().toISOString(), by: 'meera', reason: 'asked' });
    expect([modeOf(backups), modeOf(backup.file), modeOf(ledger)]).toEqual([0o700, 0o600, 0o600]);

    // An unmounted disk: its mount point is not made on the local disk.
    await expect(copyBackup(backup.file, copyTo, ledger)).rejects.toThrow(/written but not copied: .*does not exist/);
    expect(existsSync(copyTo)).toBe(false);

    mkdirSync(copyTo, { recursive: true, mode: 0o700 });
    const copy = await copyBackup(backup.file, copyTo, ledger);
    expect(readFileSync(copy)).toEqual(readFileSync(backup.file));
    expect(readFileSync(path.join(copyTo, 'erasures.jsonl'), 'utf8')).toBe(readFileSync(ledger, 'utf8'));
    expect([modeOf(copy), modeOf(path.join(copyTo, 'erasures.jsonl'))]).toEqual([0o600, 0o600]);
    expect(existsSync(`${copy}.partial`)).toBe(false);
  } finally {
    rmSync(parent, { recursive: true, force: true });
  }
});
