/**
 * The database's values as TypeScript values: every row the store reads goes through these, one
 * decoder per column type, so that node-postgres and PGlite read alike (a bigint or a count may
 * arrive as text, a time as a Date or as text, a json column as text or already parsed).
 */
import { payableOfKind, type PaymentKind } from '@/lib/payments/payables';
import type { Queryable } from './db';

/** An integer column (ids, counts, paise). */
export const int = (value: unknown): number => Number(value);

/** A nullable integer column. */
export const intOrNull = (value: unknown): number | null => (value == null ? null : Number(value));

/** A text column. */
export const text = (value: unknown): string => String(value);

/** A nullable text column. */
export const textOrNull = (value: unknown): string | null => (value == null ? null : String(value));

/** A timestamptz column as ISO 8601. */
export const iso = (value: unknown): string =>
  value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();

/** A nullable timestamptz column as ISO 8601. */
export const isoOrNull = (value: unknown): string | null => (value == null ? null : iso(value));

/** A json or jsonb column (PGlite may give it as text). */
export const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** A payment claim's kind column: the database's CHECK admits only the kinds of the payables table. */
export function paymentKind(value: unknown): PaymentKind {
  const payable = payableOfKind(String(value));
  if (!payable) throw new Error(`A payment claim of the unknown kind "${String(value)}"`);
  return payable.kind;
}

/** The first row a query returns, decoded; undefined when it returns none. */
export async function firstRow<T>(
  db: Queryable,
  sql: string,
  params: readonly unknown[],
  decode: (row: Record<string, unknown>) => T,
): Promise<T | undefined> {
  const [row] = await db.query<Record<string, unknown>>(sql, params);
  return row ? decode(row) : undefined;
}

/** A row as a query returns it, before decoding. */
type Row = Record<string, unknown>;

/**
 * How each field of T is read: a column decoder given the field's column (the field's name in
 * snake_case: `seatId` reads `seat_id`) and the whole row, for a field read from another column.
 */
export type Columns<T> = { readonly [K in keyof T]-?: (value: unknown, row: Row) => T[K] };

/** The decoder of rows into T, one column decoder a field: the compiler sees that none is missing. */
export function rowDecoder<T>(columns: Columns<T>): (row: Row) => T {
  const fields = Object.entries<(value: unknown, row: Row) => unknown>(columns).map(
    ([field, decode]) => [field, field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), decode] as const,
  );
  return (row) => Object.fromEntries(fields.map(([field, column, decode]) => [field, decode(row[column], row)])) as T;
}
