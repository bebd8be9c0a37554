/**
 * The database's values as TypeScript values: every row the store reads goes through these, one
 * decoder per column type, so that node-postgres and PGlite read alike (a bigint or a count may
 * arrive as text, a time as a Date or as text, a json column as text or already parsed).
 */
import { payableOfKind, type PaymentKind } from '@/lib/payments/payables';

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
