import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import { refundWindowProblem } from '@/lib/books/refund';
import { documentRupees } from '@/lib/books/tax';
import { type Action, canDo } from '@/lib/registrations/lifecycle';
import { actionContext, stateOfRegistration } from '../registrations/states-store';
import type { StaffVars } from '../platform/auth';
import { registrantOf } from './books';
import type { RegistrantLinks } from '../sessions/join';
import {
  completeRefund,
  declineRefund,
  refundDuplicate,
  listRefunds,
  type Refund,
  refundsOfRegistration,
  requestRefund,
} from './refunds-store';
import { paymentOfRegistration } from '../payments/claims-store';
import type { BooksConfig } from '@/lib/books/config';
import { boolean } from 'yup';
import { invoicesOfRegistration } from './books-store';
import { seatOfRegistration } from '../sessions/seats-store';
import type { Store } from '../store/store';
import { idParams, jsonOf, oneLine, sentObject, storedInteger, text } from '../platform/validate';
import { jsonBody } from '../platform/http';

export interface RefundOptions {
  store: Store;
  /** The prices: what a registration must receive, beside what it has. */
  books: BooksConfig;
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
const sayRelease = 'Say whether the seat is released: true or false.';
/**
 * The refund's transfer as staff record it: its UTR (spaces are ignored), the amount in paise, and
 * optionally whether to release the seat though the refund is partial (a full refund always does).
 */
const utrField = text(giveUtr)
  .required(giveUtr)
  .test('utr', giveUtr, (v) => /^[A-Za-z0-9]{6,35}$/.test(v.replace(/\s/g, '')));
const refundBody = sentObject({
  utr: utrField,
  amountPaise: storedInteger(giveAmount),
  releaseSeat: boolean().typeError(sayRelease).optional(),
});

/** The transfer that returns a duplicate payment: its UTR (the amount is the duplicate's). */
const duplicateBody = sentObject({ utr: utrField });

const alreadyAsked = 'You have asked for this refund already: we are looking at it.';

/** Why a registrant cannot ask again: the request they made, and its decision with the reason. */
function askedBefore(refund: Refund): string {
  if (refund.status === 'declined')
    return `Your refund request was declined: ${refund.declineReason ?? ''} A request is decided once; reply to our e-mail if you think we have this wrong.`;
  if (refund.status === 'refunded')
    return 'Your refund is made: its credit note is on your page to download, and in our e-mail.';
  return alreadyAsked;
}

const refundId = idParams('There is no such refund request.', 'id');
const claimId = idParams('There is no such payment claim.', 'id');
const noPayment = 'Only a verified masterclass payment can be refunded from this page.';

/**
 * Refunds by the masterclass terms: a registrant asks from their page within the terms' window;
 * staff decline with a reason, or record the transfer (UTR and amount, all or part), which issues
 * the credit note and e-mails it; a full refund (or staff's choice) releases the seat, a partial one
 * keeps it. A request is decided once: after a decline the registrant is shown why, not a new form.
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
    const [asked] = await refundsOfRegistration(store.db, registrationId);
    if (asked) return askedBefore(asked);
    const window = refundWindowProblem(seat.session, now());
    if (window) return window;
    return (await allowed(registrationId, 'ask-refund')) ? undefined : noPayment;
  };
  /**
   * Whether the lifecycle allows `action` on a registration now; a registration holding no seat (a
   * course registration without an intake) is left to the store's checks.
   */
  const allowed = async (registrationId: number | null, action: Action): Promise<boolean> => {
    const seat = registrationId === null ? undefined : await seatOfRegistration(store.db, registrationId);
    const state = seat && (await stateOfRegistration(store.db, seat.registrationId));
    // The door's opening plays no part in a refund.
    return !seat || !state || canDo(state, action, actionContext(seat.session, now(), 0));
  };
  /** The registration a refund request is about, if its invoice names one. */
  const registrationOfRefund = async (id: number): Promise<number | null> => {
    const [row] = await store.db.query<{ registration_id: number | null }>(
      'SELECT i.registration_id FROM refunds r JOIN invoices i ON i.id = r.invoice_id WHERE r.id = $1',
      [id],
    );
    return row?.registration_id === null || row?.registration_id === undefined ? null : Number(row.registration_id);
  };
  const notNow = 'This registration cannot be refunded in its state: its seat was given up or refunded already.';
  return new Hono<{ Variables: StaffVars }>()
    .get('/books/registrant', every(...opts.publicGuards), async (c) => {
      const id = await registrantOf(c, opts.links, store.db);
      if (id === undefined) return badLink(c);
      const invoices = await invoicesOfRegistration(store.db, id);
      const refunds = await refundsOfRegistration(store.db, id);
      const returned = await refundsOfRegistration(store.db, id, 'duplicates');
      const payment = await paymentOfRegistration(store.db, id, opts.books);
      return c.json(
        {
          /** What was received against the price: "₹1.00 received, ₹115.82 still due". */
          payment: payment
            ? {
                receivedPaise: payment.standing.receivedPaise,
                duePaise: payment.standing.duePaise,
                pricePaise: payment.standing.pricePaise,
                text: payment.text,
              }
            : null,
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
            /** The credit note's id, for its PDF (books/registrant/credit-notes/:id/pdf). */
            creditNoteId: r.creditNote?.id ?? null,
          })),
          /** The duplicate payments staff returned: how much, and when. */
          returned: returned.map((r) => ({ amountPaise: r.amountPaise ?? 0, at: r.decidedAt ?? r.requestedAt })),
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
      if (refund === undefined) {
        const [asked] = await refundsOfRegistration(store.db, id);
        return c.json({ message: asked ? askedBefore(asked) : alreadyAsked }, 409);
      }
      return c.json({ message: 'Your refund request is in: we answer within two working days.' }, 201);
    })
    .get('/books/refunds', staffOnly, async (c) => c.json({ refunds: await listRefunds(store.db) }, 200))
    .post('/books/refunds/:id{[0-9]{1,9}}/decline', staffOnly, refundId, jsonBody, jsonOf(declineBody), async (c) => {
      if (!(await allowed(await registrationOfRefund(c.req.valid('param').id), 'decline-refund')))
        return c.json({ message: notNow }, 409);
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
      const { utr, amountPaise, releaseSeat } = c.req.valid('json');
      const transfer = { utr: utr.replace(/\s/g, ''), amountPaise, releaseSeat: releaseSeat === true };
      if (!(await allowed(await registrationOfRefund(c.req.valid('param').id), 'refund')))
        return c.json({ message: notNow }, 409);
      const outcome = await completeRefund(store.db, c.req.valid('param').id, c.get('staff').name, transfer);
      if (!outcome.ok) return c.json({ message: outcome.message }, 409);
      if (outcome.seatReleased) await opts.seatsFreed?.(now());
      const note = outcome.creditNote;
      const seat = outcome.seatReleased ? 'the seat released' : 'the seat kept (a partial refund)';
      return c.json(
        {
          message: note
            ? `Refunded: credit note ${note.number} is issued and e-mailed, ${seat}.`
            : `Refunded: a payment beyond the price, so the invoice stands and no credit note is issued; ${seat}.`,
          seatReleased: outcome.seatReleased,
          creditNote: note ? { id: note.id, number: note.number, totalPaise: note.totalPaise } : null,
        },
        200,
      );
    })
    .post(
      '/books/duplicates/:id{[0-9]{1,9}}/refund',
      staffOnly,
      claimId,
      jsonBody,
      jsonOf(duplicateBody),
      async (c) => {
        const utr = c.req.valid('json').utr.replace(/\s/g, '');
        const outcome = await refundDuplicate(store.db, c.req.valid('param').id, c.get('staff').name, utr);
        if (!outcome.ok) return c.json({ message: outcome.message }, 409);
        return c.json(
          {
            message: `Returned ${documentRupees(outcome.amountPaise)}: the duplicate payment is refunded; the invoice stands and the seat is kept.`,
            amountPaise: outcome.amountPaise,
          },
          200,
        );
      },
    );
}

export type RefundRoutes = ReturnType<typeof refundRoutes>;
