import pg from 'pg';

/** A database or schema made for one test run, and how to drop it. */
export interface Throwaway {
  /** The connection string that reaches it. */
  url: string;
  drop(): Promise<void>;
}

/** Runs one statement on a connection of its own to `url`. */
async function runOnce(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(sql);
  await client.end();
}

/** A new schema `<prefix>_<pid>_<random>` in the PostgreSQL of `adminUrl`, reached through its search_path. */
export async function throwawaySchema(adminUrl: string, prefix: string): Promise<Throwaway> {
  const schema = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await runOnce(adminUrl, `CREATE SCHEMA ${schema}`);
  const url = new URL(adminUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { url: url.toString(), drop: () => runOnce(adminUrl, `DROP SCHEMA ${schema} CASCADE`) };
}

/** A new database `name` in the PostgreSQL of `adminUrl`; dropping it ends its connections. */
export async function throwawayDatabase(adminUrl: string, name: string): Promise<Throwaway> {
  await runOnce(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => runOnce(adminUrl, `DROP DATABASE ${name} WITH (FORCE)`) };
}
