import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import { refundWindowProblem } from '@/lib/books/refund';
import type { StaffVars } from '../platform/auth';
import { registrantOf } from './books';
import type { RegistrantLinks } from '../sessions/join';
import { completeRefund, declineRefund, listRefunds, refundsOfRegistration, requestRefund } from './refunds-store';
import { invoicesOfRegistration } from './books-store';
import { seatOfRegistration } from '../sessions/seats-store';
import type { Store } from '../store/store';
import { idParams, jsonOf, oneLine, sentObject, storedInteger, text } from '../platform/validate';
import { jsonBody } from '../platform/http';

export interface RefundOptions {
  store: Store;
  staffOnly: MiddlewareHandler<{ Variables: StaffVars }>;
  publicGuards: readonly MiddlewareHandler[];
  links?: RegistrantLinks | undefined;
  now?: () => Date;
  /** Offers the seats released (a refund's) to the people waiting for them. */
  seatsFreed?: ((now: Date) => Promise<unknown>) | undefined;
}

const askWhy = 'Tell us in a few words why the masterclass did not give what it promised.';

/** A registrant's refund request: why the masterclass did not give what it promised. */
export const refundRequestBody = sentObject({ reason: oneLine(1000, askWhy) }, askWhy).strict(false);

const declineReason = 'Give the reason the registrant is told (the terms it does not meet).';
/** Why staff decline a refund: one line, told to the registrant. */
const declineBody = sentObject({ reason: oneLine(500, declineReason) }).strict(false);

const giveUtr = "Give the refund transfer's UTR (or reference), as the bank shows it.";
const giveAmount = 'Give the amount refunded, in paise.';
/** The refund's transfer as staff record it: its UTR (spaces are ignored) and the amount in paise. */
const refundBody = sentObject({
  utr: text(giveUtr)
    .required(giveUtr)
    .test('utr', giveUtr, (v) => /^[A-Za-z0-9]{6,35}$/.test(v.replace(/\s/g, ''))),
  amountPaise: storedInteger(giveAmount),
});

const refundId = idParams('There is no such refund request.', 'id');
const noPayment = 'Only a verified masterclass payment can be refunded from this page.';

/**
 * Refunds by the masterclass terms: a registrant asks from their page within the terms' window;
 * staff decline with a reason, or record the transfer (UTR and amount, all or part), which issues
 * the credit note, releases the seat and e-mails the credit note.
 */
export function refundRoutes(opts: RefundOptions) {
  const { store, staffOnly } = opts;
  const now = opts.now ?? (() => new Date());
  const badLink = (c: Context) => c.json({ message: 'This link is not valid.' }, 404);
  /** Why this registration's payment cannot be refunded now (the masterclass terms), or undefined. */
  const refundProblem = async (registrationId: number): Promise<string | undefined> => {
    const seat = await seatOfRegistration(store.db, registrationId);
    const invoices = await invoicesOfRegistration(store.db, registrationId);
    if (seat?.session.kind !== 'masterclass' || invoices.length === 0) return noPayment;
    return refundWindowProblem(seat.session, now());
  };
  return new Hono<{ Variables: StaffVars }>()
    .get('/books/registrant', every(...opts.publicGuards), async (c) => {
      const id = await registrantOf(c, opts.links, store.db);
      if (id === undefined) return badLink(c);
      const invoices = await invoicesOfRegistration(store.db, id);
      const refunds = await refundsOfRegistration(store.db, id);
      return c.json(
        {
          invoices: invoices.map((i) => ({
            id: i.id,
            number: i.number,
            kind: i.kind,
            issuedAt: i.issuedAt,
            totalPaise: i.totalPaise,
          })),
          refunds: refunds.map((r) => ({
            status: r.status,
            requestedAt: r.requestedAt,
            declineReason: r.declineReason,
            amountPaise: r.amountPaise,
            creditNote: r.creditNote?.number ?? null,
          })),
          /** Why a refund cannot be asked for now; null when it can. */
          refundClosed: (await refundProblem(id)) ?? null,
        },
        200,
      );
    })
    .post('/books/registrant/refund', every(...opts.publicGuards), jsonBody, jsonOf(refundRequestBody), async (c) => {
      const id = await registrantOf(c, opts.links, store.db);
      if (id === undefined) return badLink(c);
      const closed = await refundProblem(id);
      if (closed) return c.json({ message: closed }, 409);
      const invoice = (await invoicesOfRegistration(store.db, id)).at(-1);
      if (!invoice) return c.json({ message: noPayment }, 409);
      const refund = await requestRefund(store.db, invoice.id, c.req.valid('json').reason);
      if (refund === undefined)
        return c.json({ message: 'You have asked for this refund already: we are looking at it.' }, 409);
      return c.json({ message: 'Your refund request is in: we answer within two working days.' }, 201);
    })
    .get('/books/refunds', staffOnly, async (c) => c.json({ refunds: await listRefunds(store.db) }, 200))
    .post('/books/refunds/:id{[0-9]{1,9}}/decline', staffOnly, refundId, jsonBody, jsonOf(declineBody), async (c) => {
      const done = await declineRefund(
        store.db,
        c.req.valid('param').id,
        c.get('staff').name,
        c.req.valid('json').reason,
      );
      return done
        ? c.json({ message: 'Declined: the registrant is told why.' }, 200)
        : c.json({ message: 'This request is not open: it was refunded or declined already.' }, 409);
    })
    .post('/books/refunds/:id{[0-9]{1,9}}/refund', staffOnly, refundId, jsonBody, jsonOf(refundBody), async (c) => {
      const { utr, amountPaise } = c.req.valid('json');
      const transfer = { utr: utr.replace(/\s/g, ''), amountPaise };
      const outcome = await completeRefund(store.db, c.req.valid('param').id, c.get('staff').name, transfer);
      if (!outcome.ok) return c.json({ message: outcome.message }, 409);
      await opts.seatsFreed?.(now());
      const note = outcome.creditNote;
      return c.json(
        {
          message: `Refunded: credit note ${note.number} is issued and e-mailed, the seat released.`,
          creditNote: { id: note.id, number: note.number, totalPaise: note.totalPaise },
        },
        200,
      );
    });
}

export type RefundRoutes = ReturnType<typeof refundRoutes>;
