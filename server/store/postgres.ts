import pg from 'pg';
import type { Db, Queryable } from './db';

/**
 * node-postgres against a real PostgreSQL. A commit returns once the server has flushed it (the
 * default synchronous_commit), so flush() has nothing left to do.
 */
export async function openPostgres(connectionString: string, max = 10): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 10_000 });
  pool.on('error', (error) => console.error(`database: idle connection error: ${error.message}`));
  const client = await pool.connect();
  client.release();
  const query = async <Row extends object>(sql: string, params: readonly unknown[] = []) => {
    const result = await pool.query<Row>(sql, [...params]);
    return result.rows;
  };
  return {
    kind: 'postgres',
    query,
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(fn) {
      const conn = await pool.connect();
      const tx: Queryable = {
        async query<Row extends object>(sql: string, params: readonly unknown[] = []) {
          return (await conn.query<Row>(sql, [...params])).rows;
        },
        async exec(sql: string) {
          await conn.query(sql);
        },
      };
      try {
        await conn.query('BEGIN');
        const result = await fn(tx);
        await conn.query('COMMIT');
        return result;
      } catch (error) {
        await conn.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        conn.release();
      }
    },
    flush: async () => undefined,
    close: () => pool.end(),
  };
}
