/** What the store needs of a database: parameterised queries, transactions, a durability barrier. */
export interface Queryable {
  query<Row extends object>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Resolves once every write committed so far is on stable storage. */
  flush(): Promise<void>;
  close(): Promise<void>;
}
