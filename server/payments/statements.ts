import { type Context, Hono, type MiddlewareHandler } from 'hono';
import type { BooksConfig } from '@/lib/books/config';
import { headerSignature, matchStatement, readStatement, type StatementMapping } from '@/lib/payments/statement';
import type { StaffVars } from '../platform/auth';
import { bodyBounded, jsonBody } from '../platform/http';
import { verifyPendingClaims } from './claims-store';
import { claimsWithUtrs, rememberMapping, statementMappings } from './statements-store';
import type { Store } from '../store/store';
import { jsonOf, onlyFields, sentObject, storedInteger, text } from '../platform/validate';
import { array } from 'yup';

/** The one large body the service takes: a bank statement (a year's export of a busy account fits). */
const maxStatementBytes = 4 * 1024 * 1024;

const statementTooLarge = (c: Context) =>
  c.json({ message: 'The statement is too large (at most 4 MB). Export a shorter period.' }, 413);

/** The bound of a statement's body: the service's guard (server/app.ts) applies it before any route reads the body. */
export const statementBound = () => bodyBounded(maxStatementBytes, statementTooLarge);

/** Where staff upload a statement. */
export const statementPath = '/api/payments/statement';
const maxVerifyIds = 5000;

const chooseColumns = 'The mapping names the UTR and amount columns (and optionally the date column).';
/** A column's name in the statement's header, as staff chose it. */
const column = () =>
  text(chooseColumns).test('column', chooseColumns, (v) => v === undefined || (v.length > 0 && v.length <= 200));

/** A statement as staff upload it: its CSV, and the columns they chose when its layout was new. */
const importBody = onlyFields(
  {
    csv: text('Send the statement as { "csv": "…" }.').required('Send the statement as { "csv": "…" }.'),
    mapping: sentObject(
      { utr: column().required(chooseColumns), amount: column().required(chooseColumns), date: column() },
      chooseColumns,
    ).optional(),
  },
  'Send the statement as { "csv": "…" }.',
);

const verifyIds = `Send { "ids": [...] } with 1 to ${maxVerifyIds} claim ids.`;
/** The claims staff confirm as paid, by their ids. */
const verifyBody = sentObject(
  {
    ids: array(storedInteger(verifyIds))
      .typeError(verifyIds)
      .required(verifyIds)
      .min(1, verifyIds)
      .max(maxVerifyIds, verifyIds),
  },
  verifyIds,
);

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
    .post('/payments/statement', opts.staffOnly, jsonBody, jsonOf(importBody), async (c) => {
      const { csv, mapping: sent } = c.req.valid('json');
      const mapping: StatementMapping | undefined = sent && {
        utr: sent.utr,
        amount: sent.amount,
        ...(sent.date ? { date: sent.date } : {}),
      };
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
    .post('/payments/claims/verify', opts.staffOnly, jsonBody, jsonOf(verifyBody), async (c) => {
      const done = await verifyPendingClaims(
        opts.store,
        [...new Set(c.req.valid('json').ids)],
        c.get('staff').name,
        opts.books,
      );
      return c.json(done, 200);
    });
}
