import { closeSync, existsSync, fsyncSync, readFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { openPrivate, privateFolder } from '../platform/private-files';
import type { Db } from '../store/db';

/**
 * The erasure ledger: every tombstone (an erased address's hash, when, by whom, why — no personal
 * data) is also appended to `erasures.jsonl` in the backup folder, outside the database. A restore
 * from a backup older than an erasure brings the person's rows back without their tombstone; the
 * ledger puts the tombstone back (on every start and after `npm run db:restore`), and the erasure is
 * then applied again. Keep the ledger with the backups (several instances: on shared storage, like
 * BUILDS_DIR).
 */
export interface Tombstone {
  hash: string;
  erasedAt: string;
  by: string;
  reason: string;
}

export const ledgerFileOf = (backupDir: string): string => path.join(path.resolve(backupDir), 'erasures.jsonl');

/** Appends `text` to the ledger (0600 in a 0700 folder, also when they were there with wider modes) and syncs it to disk. */
function appendSynced(file: string, text: string): void {
  privateFolder(path.dirname(file));
  const fd = openPrivate(file, 'a');
  try {
    if (text) writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Appends a tombstone and syncs it to disk before resolving. */
export function appendTombstone(file: string, tombstone: Tombstone): void {
  appendSynced(file, `${JSON.stringify(tombstone)}\n`);
}

/**
 * Creates the (empty) ledger when missing: the server does at start and `npm run db:backup` when it
 * writes into BACKUP_DIR, so that a backup folder without one is known not to be this site's
 * (a restore then refuses, see scripts/db-restore.ts).
 */
export function ensureLedger(file: string): void {
  if (!existsSync(file)) appendSynced(file, '');
}

const isTombstone = (v: unknown): v is Tombstone =>
  typeof v === 'object' &&
  v !== null &&
  ['hash', 'erasedAt', 'by', 'reason'].every((k) => typeof (v as Record<string, unknown>)[k] === 'string') &&
  !Number.isNaN(Date.parse((v as Tombstone).erasedAt));

/** The ledger's tombstones; a line cut by a crash mid-write is passed over. */
export function readLedger(file: string): Tombstone[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line) => {
      try {
        const value: unknown = JSON.parse(line);
        return isTombstone(value) ? [value] : [];
      } catch {
        return [];
      }
    });
}

/** Puts back the ledger's tombstones the database lacks; resolves with how many. */
export async function importLedger(db: Db, tombstones: readonly Tombstone[]): Promise<number> {
  return db.write(async (tx) => {
    let added = 0;
    for (const t of tombstones) {
      const rows = await tx.query(
        `INSERT INTO erasures (subject_hash, erased_at, erased_by, reason)
         SELECT $1, $2, $3, $4 WHERE NOT EXISTS (SELECT 1 FROM erasures WHERE subject_hash = $1 AND erased_at = $2)
         RETURNING id`,
        [t.hash, t.erasedAt, t.by, t.reason],
      );
      added += rows.length;
    }
    return added;
  });
}
