import type { ClaimForMatch, StatementMapping } from '@/lib/payments/statement';
import type { Queryable } from '../store/db';
import type { Store } from '../store/store';
import { int, text } from '../store/rows';

/** A claim as the statement import shows it. */
export interface StatementClaim extends ClaimForMatch {
  contact: string;
  reference: string;
}

/** Every statement layout's remembered columns, by header signature. */
export async function statementMappings(db: Queryable): Promise<Map<string, StatementMapping>> {
  const rows = await db.query<{
    signature: string;
    utr_column: string;
    amount_column: string;
    date_column: string | null;
  }>('SELECT signature, utr_column, amount_column, date_column FROM statement_mappings');
  return new Map(
    rows.map((r) => [
      r.signature,
      r.date_column === null
        ? { utr: r.utr_column, amount: r.amount_column }
        : { utr: r.utr_column, amount: r.amount_column, date: r.date_column },
    ]),
  );
}

/** Remembers the columns of a statement layout (the last choice wins). */
export async function rememberMapping(store: Store, signature: string, mapping: StatementMapping, staff: string) {
  await store.db.write((tx) =>
    tx.query(
      `INSERT INTO statement_mappings (signature, utr_column, amount_column, date_column, chosen_by) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (signature) DO UPDATE SET utr_column = $2, amount_column = $3, date_column = $4, chosen_by = $5, chosen_at = now()`,
      [signature, mapping.utr, mapping.amount, mapping.date ?? null, staff],
    ),
  );
}

/** The claims that name any of these UTRs. */
export async function claimsWithUtrs(db: Queryable, utrs: readonly string[]): Promise<StatementClaim[]> {
  if (utrs.length === 0) return [];
  const rows = await db.query<Record<string, unknown>>(
    'SELECT id, utr, amount_paise, status, contact, reference FROM payment_claims WHERE utr = ANY($1::text[])',
    [utrs],
  );
  return rows.map((r) => ({
    id: int(r.id),
    utr: text(r.utr),
    amountPaise: int(r.amount_paise),
    status: r.status === 'verified' || r.status === 'rejected' ? r.status : 'pending',
    contact: text(r.contact),
    reference: text(r.reference),
  }));
}
