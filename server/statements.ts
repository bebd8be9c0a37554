import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { validator } from 'hono/validator';
import type { BooksConfig } from '@/lib/books/config';
import { headerSignature, matchStatement, readStatement, type StatementMapping } from '@/lib/payments/statement';
import type { StaffVars } from './auth';
import { bodyBounded, isPlainObject } from './http';
import { verifyPendingClaims } from './store/claims';
import { claimsWithUtrs, rememberMapping, statementMappings } from './store/statements';
import type { Store } from './store/store';
import { jsonBody, parsedJson } from './workspace';

/** The one large body the service takes: a bank statement (a year's export of a busy account fits). */
const maxStatementBytes = 4 * 1024 * 1024;

const statementTooLarge = (c: Context) =>
  c.json({ message: 'The statement is too large (at most 4 MB). Export a shorter period.' }, 413);

/** The bound of a statement's body: the service's guard (server/app.ts) applies it before any route reads the body. */
export const statementBound = () => bodyBounded(maxStatementBytes, statementTooLarge);

/** Where staff upload a statement. */
export const statementPath = '/api/payments/statement';
const maxVerifyIds = 5000;

const column = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : undefined;

function parseImport(value: unknown): { csv: string; mapping?: StatementMapping } | string {
  if (!isPlainObject(value) || typeof value.csv !== 'string') return 'Send the statement as { "csv": "…" }.';
  for (const key of Object.keys(value)) if (key !== 'csv' && key !== 'mapping') return `Unknown field: ${key}`;
  if (value.mapping === undefined) return { csv: value.csv };
  const m = value.mapping;
  const utr = isPlainObject(m) ? column(m.utr) : undefined;
  const amount = isPlainObject(m) ? column(m.amount) : undefined;
  const date = isPlainObject(m) && m.date !== undefined ? column(m.date) : undefined;
  if (!utr || !amount || (isPlainObject(m) && m.date !== undefined && !date))
    return 'The mapping names the UTR and amount columns (and optionally the date column).';
  return { csv: value.csv, mapping: date ? { utr, amount, date } : { utr, amount } };
}

/**
 * Bank statement import: staff upload the CSV their bank or UPI business app exports; the credits
 * are matched to payment claims by UTR and amount and proposed for verification. Nothing is
 * verified until staff confirm the proposals (POST /payments/claims/verify).
 */
export function statementRoutes(opts: {
  store: Store;
  staffOnly: MiddlewareHandler<{ Variables: StaffVars }>;
  books: BooksConfig;
}) {
  return new Hono<{ Variables: StaffVars }>()
    .post('/payments/statement', opts.staffOnly, jsonBody, parsedJson(parseImport), async (c) => {
      const { csv, mapping } = c.req.valid('json');
      const remembered = await statementMappings(opts.store.db);
      const read = readStatement(csv, { chosen: mapping, remembered: (s) => remembered.get(s) });
      if (!read.ok) {
        return read.reason === 'mapping'
          ? c.json({ kind: 'choose-columns' as const, message: read.message, header: [...read.header] }, 200)
          : c.json({ message: read.message }, 400);
      }
      await rememberMapping(opts.store, headerSignature(read.header), read.mapping, c.get('staff').name);
      const utrs = [...new Set(read.credits.flatMap((credit) => (credit.utr ? [credit.utr] : [])))];
      const result = matchStatement(read.credits, await claimsWithUtrs(opts.store.db, utrs));
      return c.json(
        {
          kind: 'matched' as const,
          mapping: read.mapping,
          credits: read.credits.length,
          problems: read.problems,
          matches: result.matches,
          mismatches: result.mismatches,
          unclaimed: result.unclaimed,
          alreadyReviewed: result.alreadyReviewed,
          repeated: result.repeated,
        },
        200,
      );
    })
    .post(
      '/payments/claims/verify',
      opts.staffOnly,
      jsonBody,
      validator('json', (value: unknown, c) => {
        const ids = isPlainObject(value) ? value.ids : undefined;
        return Array.isArray(ids) &&
          ids.length > 0 &&
          ids.length <= maxVerifyIds &&
          ids.every((id) => Number.isSafeInteger(id) && id > 0)
          ? { ids: [...new Set(ids as number[])] }
          : c.json({ message: `Send { "ids": [...] } with 1 to ${maxVerifyIds} claim ids.` }, 400);
      }),
      async (c) => {
        const verified = await verifyPendingClaims(
          opts.store,
          c.req.valid('json').ids,
          c.get('staff').name,
          opts.books,
        );
        return c.json({ verified }, 200);
      },
    );
}
