import { createHash } from 'node:crypto';
import type { Person } from '@/lib/forms/person';
import { insertBatcher, singleInsert } from './batch';
import { type StorageWatch, watchedDb } from './availability';
import type { Db } from './db';
import { migrations } from './migrations';
import { openPglite } from './pglite';
import { type Pausing, pausableDb } from './pausable';
import { openPostgres } from './postgres';
import { int, intOrNull, text, textOrNull, iso, isoOrNull, json } from './rows';

export interface InboxRow {
  id: number;
  form: string;
  payload: Record<string, unknown>;
  received_at: string;
}

export interface StaffMember {
  id: number;
  name: string;
  passwordHash: string;
  createdAt: string;
}

/** A build is 'replaced' when a newer request stopped it (an editor's save stopping the daily rebuild). */
export type BuildStatus = 'running' | 'succeeded' | 'failed' | 'replaced';

export interface BuildRecord {
  id: number;
  status: BuildStatus;
  reason: string;
  folder: string | null;
  logTail: string;
  startedAt: string;
  finishedAt: string | null;
  /** How long the build ran, null while it runs (or for builds recorded before this was kept). */
  durationMs: number | null;
  /** A failed build's first error line, a live one's items left out, a replaced one's replacing request ('' otherwise). */
  firstError: string;
}

/** The hash under which a session token is stored: a stolen database holds no usable token. */
function sessionId(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Everything the service keeps, over either database. Every write goes through `db.write`, so it is
 * committed and durable before the method resolves.
 */
export class Store {
  /**
   * The submissions' insert (every form, the pro audio form included). On the embedded database,
   * submissions that arrive together share one statement (see batch.ts); PostgreSQL runs concurrent
   * inserts on its own connections and commits them together by itself, so there each is its own
   * statement.
   */
  private readonly insertInbox: (values: readonly unknown[]) => Promise<number>;

  /**
   * `storage`: the watch over `db`'s calls (availability.ts), when the store is opened by openStore;
   * `pausing`: how the embedded database is let go of and opened again (pausable.ts).
   */
  constructor(
    readonly db: Db,
    readonly storage?: StorageWatch,
    readonly pausing?: Pausing,
  ) {
    const inserter = (table: string, columns: readonly string[]) =>
      db.kind === 'pglite' ? insertBatcher(db, table, columns) : singleInsert(db, table, columns);
    this.insertInbox = inserter('form_submissions', [
      'form',
      'payload::jsonb',
      'person_name',
      'person_email',
      'person_phone',
    ]);
  }

  /** Applies the migrations this database has not seen yet, each in its own transaction. */
  async migrate(): Promise<number[]> {
    // Every start after the first finds them all applied: two reads say so, and no transaction is
    // written (each waits for a sync to disk). A migration once applied stays applied, so the locked
    // check below decides only when this finds one missing.
    const [table] = await this.db.query<{ present: boolean }>(
      "SELECT to_regclass('schema_migrations') IS NOT NULL AS present",
    );
    if (table?.present) {
      const rows = await this.db.query<{ version: unknown }>('SELECT version FROM schema_migrations');
      const seen = new Set(rows.map((r) => int(r.version)));
      if (migrations.every((m) => seen.has(m.version))) return [];
    }
    await this.db.write((tx) =>
      tx.query(
        'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
      ),
    );
    const applied: number[] = [];
    for (const migration of migrations) {
      const done = await this.db.write(async (tx) => {
        // Several service instances may start at once against one PostgreSQL: one migrates.
        if (this.db.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock(861100)');
        const seen = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [migration.version]);
        if (seen.length > 0) return false;
        await tx.exec(migration.sql);
        await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
          migration.version,
          migration.name,
        ]);
        return true;
      });
      if (done) applied.push(migration.version);
    }
    return applied;
  }

  /**
   * Stores a form's payload (its declaration's keys) and who it is from (personOf its declaration);
   * resolves with its id once it is durable.
   */
  async addInbox(form: string, payload: Record<string, unknown>, person: Person): Promise<number> {
    return this.insertInbox([form, JSON.stringify(payload), person.name, person.email, person.phone]);
  }

  /** One form's inbox, newest first. */
  async listInbox(form: string): Promise<InboxRow[]> {
    const rows = await this.db.query<Record<string, unknown>>(
      'SELECT id, form, payload, received_at FROM form_submissions WHERE form = $1 ORDER BY id DESC',
      [form],
    );
    return rows.map((r) => ({
      id: int(r.id),
      form: text(r.form),
      payload: json<Record<string, unknown>>(r.payload),
      received_at: iso(r.received_at),
    }));
  }

  async addStaff(name: string, passwordHash: string): Promise<void> {
    await this.db.write((tx) =>
      tx.query('INSERT INTO staff (name, password_hash) VALUES ($1, $2)', [name, passwordHash]),
    );
  }

  async setStaffPassword(name: string, passwordHash: string): Promise<boolean> {
    return this.db.write(async (tx) => {
      const rows = await tx.query('UPDATE staff SET password_hash = $2 WHERE name = $1 RETURNING id', [
        name,
        passwordHash,
      ]);
      await tx.query('DELETE FROM sessions WHERE staff_id IN (SELECT id FROM staff WHERE name = $1)', [name]);
      return rows.length > 0;
    });
  }

  /** Removes a staff account and, with it, its sessions. */
  async removeStaff(name: string): Promise<boolean> {
    const rows = await this.db.write((tx) => tx.query('DELETE FROM staff WHERE name = $1 RETURNING id', [name]));
    return rows.length > 0;
  }

  async findStaff(name: string): Promise<StaffMember | undefined> {
    const rows = await this.db.query<Record<string, unknown>>(
      'SELECT id, name, password_hash, created_at FROM staff WHERE name = $1',
      [name],
    );
    const r = rows[0];
    return r
      ? { id: int(r.id), name: text(r.name), passwordHash: text(r.password_hash), createdAt: iso(r.created_at) }
      : undefined;
  }

  async listStaff(): Promise<Array<{ name: string; createdAt: string }>> {
    const rows = await this.db.query<Record<string, unknown>>('SELECT name, created_at FROM staff ORDER BY name');
    return rows.map((r) => ({ name: text(r.name), createdAt: iso(r.created_at) }));
  }

  /** Stores a session under the hash of its token; sessions expired a day before `now` go. */
  async createSession(token: string, staffId: number, expiresAt: Date, now: Date): Promise<void> {
    await this.db.write(async (tx) => {
      await tx.query('INSERT INTO sessions (id, staff_id, expires_at) VALUES ($1, $2, $3)', [
        sessionId(token),
        staffId,
        expiresAt.toISOString(),
      ]);
      // Old sessions go when new ones come: no timer needed.
      await tx.query('DELETE FROM sessions WHERE expires_at < $1', [
        new Date(now.getTime() - 86_400_000).toISOString(),
      ]);
    });
  }

  /** The staff member a token signs in, if the session exists and has not expired at `now`. */
  async sessionStaff(token: string, now: Date): Promise<{ id: number; name: string } | undefined> {
    const rows = await this.db.query<Record<string, unknown>>(
      `SELECT staff.id, staff.name FROM sessions JOIN staff ON staff.id = sessions.staff_id
       WHERE sessions.id = $1 AND sessions.expires_at > $2`,
      [sessionId(token), now.toISOString()],
    );
    const r = rows[0];
    return r ? { id: int(r.id), name: text(r.name) } : undefined;
  }

  async deleteSession(token: string): Promise<void> {
    await this.db.write((tx) => tx.query('DELETE FROM sessions WHERE id = $1', [sessionId(token)]));
  }

  async startBuild(reason: string): Promise<number> {
    const rows = await this.db.write((tx) =>
      tx.query<{ id: number }>("INSERT INTO builds (status, reason) VALUES ('running', $1) RETURNING id", [reason]),
    );
    return int(rows[0]?.id);
  }

  async finishBuild(
    id: number,
    status: Exclude<BuildStatus, 'running'>,
    folder: string | null,
    logTail: string,
    details: { durationMs?: number; firstError?: string } = {},
  ): Promise<void> {
    await this.db.write((tx) =>
      tx.query(
        'UPDATE builds SET status = $2, folder = $3, log_tail = $4, duration_ms = $5, first_error = $6, finished_at = now() WHERE id = $1',
        [id, status, folder, logTail, details.durationMs ?? null, details.firstError ?? ''],
      ),
    );
  }

  /** Builds left 'running' by a process that stopped mid-build (not those another instance is running: their lease is alive). */
  async abandonRunningBuilds(): Promise<void> {
    await this.db.write((tx) =>
      tx.query(
        "UPDATE builds SET status = 'failed', log_tail = 'The server stopped during this build.', first_error = 'The server stopped during this build.', finished_at = now() WHERE status = 'running' AND (lease_until IS NULL OR lease_until < now())",
      ),
    );
  }

  async listBuilds(limit = 20): Promise<BuildRecord[]> {
    const rows = await this.db.query<Record<string, unknown>>(
      'SELECT id, status, reason, folder, log_tail, started_at, finished_at, duration_ms, first_error FROM builds ORDER BY id DESC LIMIT $1',
      [limit],
    );
    return rows.map((r) => ({
      id: int(r.id),
      status: r.status as BuildStatus,
      reason: text(r.reason),
      folder: textOrNull(r.folder),
      logTail: text(r.log_tail),
      startedAt: iso(r.started_at),
      finishedAt: isoOrNull(r.finished_at),
      durationMs: intOrNull(r.duration_ms),
      firstError: text(r.first_error),
    }));
  }

  close(): Promise<void> {
    return this.db.close();
  }
}

/**
 * Opens the configured database (PostgreSQL when a URL is given, else PGlite in `dataDir`) and
 * migrates it. Its storage outages are logged through `log` (standard error when absent), once
 * when each begins and once when it ends, as is an embedded database's failed sync, which stops it.
 */
export async function openStore(opts: {
  databaseUrl?: string;
  dataDir: string;
  log?: (line: string) => void;
}): Promise<Store> {
  const log = opts.log ?? ((line: string) => console.error(line));
  if (opts.databaseUrl) return migrated(new Store(...watched(await openPostgres(opts.databaseUrl), log)));
  // The embedded database can be let go of while the server runs (a restore under a service manager).
  const pglite = () => openPglite(opts.dataDir, { log: opts.log });
  const { db: opened, pausing } = pausableDb(await pglite(), pglite, log);
  return migrated(new Store(...watched(opened, log), pausing));
}

/** `db` watched for outages (availability.ts), as the Store's first two arguments. */
function watched(db: Db, log: (line: string) => void): [Db, StorageWatch] {
  const { db: result, watch } = watchedDb(db, log);
  return [result, watch];
}

/** `store` once migrated; closed when the migration fails. */
async function migrated(store: Store): Promise<Store> {
  const { db } = store;
  try {
    await store.migrate();
  } catch (error) {
    await db.close();
    throw error;
  }
  return store;
}
