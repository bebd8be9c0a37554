import pg from 'pg';
import { type Db, durable, type Queryable } from './db';

/**
 * node-postgres against a real PostgreSQL. Its sessions are read-only by default: a write runs only
 * in `write`'s transaction (BEGIN READ WRITE). A commit returns once the server has flushed it (the
 * default synchronous_commit), so the flush has nothing left to do.
 */
export async function openPostgres(connectionString: string, max = 10): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: readOnlyByDefault(connectionString),
    max,
    connectionTimeoutMillis: 10_000,
  });
  pool.on('error', (error) => console.error(`database: idle connection error: ${error.message}`));
  // The first connection tells at once whether the database is there; a pool left unused ends.
  const client = await pool.connect().catch(async (error: unknown) => {
    await pool.end().catch(() => undefined);
    throw error;
  });
  client.release();
  const query = async <Row extends object>(sql: string, params: readonly unknown[] = []) => {
    const result = await pool.query<Row>(sql, [...params]);
    return result.rows;
  };
  return durable({
    kind: 'postgres',
    query,
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(mode, fn) {
      const conn = await pool.connect();
      // A connection cut while checked out (between statements) fails the next statement, which the
      // caller sees; without a listener its 'error' event would bring the process down.
      const cut = () => undefined;
      conn.on('error', cut);
      const tx: Queryable = {
        async query<Row extends object>(sql: string, params: readonly unknown[] = []) {
          return (await conn.query<Row>(sql, [...params])).rows;
        },
        async exec(sql: string) {
          await conn.query(sql);
        },
      };
      try {
        await conn.query(mode === 'read write' ? 'BEGIN READ WRITE' : 'BEGIN READ ONLY');
        const result = await fn(tx);
        await conn.query('COMMIT');
        return result;
      } catch (error) {
        await conn.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        conn.off('error', cut);
        conn.release();
      }
    },
    flush: async () => undefined,
    close: () => pool.end(),
  });
}

/** The URL with `default_transaction_read_only` on for its sessions, next to any options it carries. */
function readOnlyByDefault(connectionString: string): string {
  const url = new URL(connectionString);
  const options = [url.searchParams.get('options'), '-c default_transaction_read_only=on'].filter(Boolean);
  url.searchParams.set('options', options.join(' '));
  return url.toString();
}
