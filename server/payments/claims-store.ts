import { type BooksConfig, priceOfSupply } from '@/lib/books/config';
import { stateCodeOf } from '@/lib/books/states';
import type { ClaimInput } from '@/lib/payments/claim';
import {
  isPricedKind,
  payableOfForm,
  payableOfKind,
  payableOfReference,
  payables,
  type PaymentKind,
} from '@/lib/payments/payables';
import { type PaymentStanding, paymentStanding, standingText } from '@/lib/payments/standing';
import { invoicesOfRegistration, issueInvoices, receivedOf } from '../books/books-store';
import { settleDeposits } from '../bookings/deposits-store';
import type { Queryable } from '../store/db';
import type { Store } from '../store/store';
import { int, text, textOrNull, iso, isoOrNull, paymentKind, rowDecoder } from '../store/rows';

export type ClaimStatus = 'pending' | 'verified' | 'rejected';

export interface ClaimRow {
  id: number;
  utr: string;
  contact: string;
  reference: string;
  /** The kind of payment, from the reference's prefix when the claim came. */
  kind: PaymentKind;
  amountPaise: number;
  status: ClaimStatus;
  reviewedBy: string | null;
  reviewedAt: string | null;
  receivedAt: string;
  /** The registration the claim's phone or e-mail matches, if any (a booking's deposit is matched by its reference). */
  registration: { form: string; id: number; name: string } | null;
  /** Where its registration's payment stands, when it has one (and the books were asked). */
  payment: ClaimPayment | null;
}

/** A claim's registration's payment as staff see it beside the claim. */
interface ClaimPayment {
  standing: PaymentStanding;
  /** The standing in words: "₹1.00 received, ₹115.82 still due". */
  text: string;
  /** The registration's invoice, once the price is received in full; a booking deposit's receipt voucher. */
  invoice: string | null;
  /** This claim came for a registration already paid: verify it, then refund it, never a second invoice. */
  duplicate: boolean;
  /** What staff returned of this duplicate, once they did. */
  returnedPaise: number | null;
}

/** Each registration's e-mail (lower case) and phone (last ten digits), as claims are matched on: its sender's. */
const registrationKeys = 'SELECT form, id, person_email AS email, person_phone AS phone FROM form_submissions';

/** The newest registration of the payment's forms with the claim's e-mail or phone (last ten digits). */
const matchSql = `SELECT form, id FROM (${registrationKeys}) r WHERE form = ANY($1::text[])
  AND (email = lower($2) OR ($3 <> '' AND phone = $3))
  ORDER BY id DESC LIMIT 1`;

function matchParams(forms: readonly string[], contact: string): unknown[] {
  const digits = contact.includes('@') ? '' : contact.replace(/\D/g, '').slice(-10);
  return [forms, contact.trim(), digits];
}

/**
 * Stores a claim, of the kind of payment its reference names, with the registration it matches;
 * undefined when its UTR was claimed before. The claim check (claimProblems) refuses a reference of
 * no kind first: one here is a mistake of the caller's.
 */
export async function addClaim(store: Store, input: ClaimInput): Promise<number | undefined> {
  const payable = payableOfReference(input.reference);
  if (!payable) throw new Error(`The payment reference ${input.reference} is of no kind of payment`);
  const [match] = await store.db.query<{ form: string; id: number }>(
    matchSql,
    matchParams(payable.forms, input.contact),
  );
  const rows = await store.db.write((tx) =>
    tx.query<{ id: number }>(
      `INSERT INTO payment_claims (utr, contact, reference, amount_paise, page, kind, registration_form, registration_id, state)
       VALUES ($1, $2, $3, $4, $5, $5, $6, $7, $8) ON CONFLICT (utr) DO NOTHING RETURNING id`,
      [
        input.utr,
        input.contact.trim(),
        input.reference,
        input.amountPaise,
        payable.kind,
        match?.form ?? null,
        match?.id ?? null,
        (input.state && stateCodeOf(input.state)) || null,
      ],
    ),
  );
  return rows[0] ? int(rows[0].id) : undefined;
}

const claimOf = rowDecoder<ClaimRow>({
  id: int,
  utr: text,
  contact: text,
  reference: text,
  kind: paymentKind,
  amountPaise: int,
  status: (v) => (v === 'verified' || v === 'rejected' ? v : 'pending'),
  reviewedBy: textOrNull,
  reviewedAt: isoOrNull,
  receivedAt: iso,
  registration: (_, r) =>
    r.registration_id === null || r.registered !== true
      ? null
      : { form: text(r.registration_form), id: int(r.registration_id), name: textOrNull(r.person_name) ?? '' },
  payment: () => null,
});

/** Each claim with its registration, what that registration's verified claims add up to, and its invoice. */
const claimSelect = `SELECT c.*, f.id IS NOT NULL AS registered, f.person_name,
    (SELECT coalesce(sum(v.amount_paise), 0)::bigint FROM payment_claims v
      WHERE v.registration_id = c.registration_id AND v.kind = c.kind AND v.status = 'verified')
      - (SELECT coalesce(sum(d.amount_paise), 0)::bigint FROM refunds d
          WHERE d.invoice_id = i.id AND d.claim_id IS NOT NULL) AS received,
    i.number AS invoice_number, i.total_paise AS invoice_total, i.claim_id AS invoice_claim, i.issued_at AS invoice_at,
    (SELECT d.amount_paise FROM refunds d WHERE d.claim_id = c.id) AS returned,
    b.status AS booking_status, b.deposit_paise AS booking_deposit,
    (SELECT coalesce(sum(v.amount_paise), 0)::bigint FROM payment_claims v
      WHERE v.reference = c.reference AND v.kind = c.kind AND v.status = 'verified') AS booking_received,
    (SELECT r.number FROM vouchers r WHERE r.claim_id = c.id) AS voucher_number
  FROM payment_claims c
  LEFT JOIN bookings b ON b.reference = c.reference
  LEFT JOIN form_submissions f ON f.form = c.registration_form AND f.id = c.registration_id
  LEFT JOIN invoices i ON i.registration_id = c.registration_id AND NOT i.issued_twice`;

/**
 * A booking deposit's claim as staff see it: the deposit against what is verified for its booking,
 * its receipt voucher; a payment for a booking that lapsed or was cancelled (or for no booking) is
 * money to return, shown as a duplicate is.
 */
function depositOf(claim: ClaimRow, r: Record<string, unknown>): ClaimPayment {
  const status = textOrNull(r.booking_status);
  const standing = paymentStanding(status ? int(r.booking_deposit) : 0, Number(r.booking_received ?? 0));
  const live = status === 'held' || status === 'confirmed';
  const returned = r.returned === null || r.returned === undefined ? null : int(r.returned);
  return {
    standing,
    text: live
      ? `Booking ${claim.reference} (${status}): ${standingText(standing)}`
      : `${status ? `The booking ${claim.reference} has ${status}` : `No booking has the reference ${claim.reference}`}: this payment is money to return.`,
    invoice: textOrNull(r.voucher_number),
    duplicate: !live && claim.status !== 'rejected',
    returnedPaise: returned,
  };
}

/** A claim's registration's payment, from the row claimSelect reads, with the price from the books. */
function paymentOf(claim: ClaimRow, r: Record<string, unknown>, books: BooksConfig): ClaimPayment | null {
  if (payableOfKind(claim.kind).effect === 'confirms-booking') return depositOf(claim, r);
  if (!claim.registration || !isPricedKind(claim.kind)) return null;
  const invoice = textOrNull(r.invoice_number);
  const price = invoice ? int(r.invoice_total) : priceOfSupply(books, claim.kind, textOrNull(r.state)).totalPaise;
  const standing = paymentStanding(price, Number(r.received ?? 0));
  const after = (at: string | null) => at !== null && Date.parse(at) > Date.parse(iso(r.invoice_at));
  const duplicate =
    invoice !== null &&
    int(r.invoice_claim) !== claim.id &&
    (claim.status === 'pending' || (claim.status === 'verified' && after(claim.reviewedAt)));
  const returned = r.returned === null || r.returned === undefined ? null : int(r.returned);
  return { standing, text: standingText(standing), invoice, duplicate, returnedPaise: returned };
}

/** The claims of these rows, each with its registration's payment when the books are given. */
const claimsOf = (rows: Record<string, unknown>[], books?: BooksConfig): ClaimRow[] =>
  rows.map((r) => {
    const claim = claimOf(r);
    return books ? { ...claim, payment: paymentOf(claim, r, books) } : claim;
  });

/** Every claim, newest first (a studio gets a few a day: no paging), with its registration's payment. */
export async function listClaims(db: Queryable, books?: BooksConfig): Promise<ClaimRow[]> {
  return claimsOf(await db.query<Record<string, unknown>>(`${claimSelect} ORDER BY c.id DESC LIMIT 1000`), books);
}

export async function getClaim(db: Queryable, id: number, books?: BooksConfig): Promise<ClaimRow | undefined> {
  return claimsOf(await db.query<Record<string, unknown>>(`${claimSelect} WHERE c.id = $1`, [id]), books)[0];
}

/**
 * Where a registration's payment stands: its price (its invoice's total once issued) against what
 * its verified claims add up to; undefined for a registration of no paid form.
 */
export async function paymentOfRegistration(
  db: Queryable,
  registrationId: number,
  books: BooksConfig,
): Promise<{ standing: PaymentStanding; text: string } | undefined> {
  const [row] = await db.query<{ form: string; state: string | null }>(
    `SELECT f.form, (SELECT state FROM payment_claims c WHERE c.registration_id = f.id AND c.status = 'verified'
       ORDER BY c.id DESC LIMIT 1) AS state FROM form_submissions f WHERE f.id = $1`,
    [registrationId],
  );
  const payable = row ? payableOfForm(row.form) : undefined;
  if (!row || !payable) return undefined;
  const [invoice] = await invoicesOfRegistration(db, registrationId);
  const price = invoice?.totalPaise ?? priceOfSupply(books, payable.kind, row.state).totalPaise;
  const standing = paymentStanding(price, await receivedOf(db, registrationId, payable.kind));
  return { standing, text: standingText(standing) };
}

/**
 * Marks a claim verified or rejected by a staff member; a claim that matched no registration when
 * it came is matched again first (the registration may have come later). A verified claim gets its
 * invoice in the same transaction. A claim already of that status is left as it is (who reviewed it
 * stays the first to).
 */
export async function reviewClaim(
  store: Store,
  id: number,
  status: Exclude<ClaimStatus, 'pending'>,
  staff: string,
  books: BooksConfig,
): Promise<ClaimRow | undefined> {
  const claim = await getClaim(store.db, id);
  if (!claim) return undefined;
  const [match] = claim.registration
    ? [claim.registration]
    : await store.db.query<{ form: string; id: number }>(
        matchSql,
        matchParams(payableOfKind(claim.kind).forms, claim.contact),
      );
  await store.db.write(async (tx) => {
    await tx.query(
      `UPDATE payment_claims SET status = $2, reviewed_by = $3, reviewed_at = now(),
         registration_form = $4, registration_id = $5 WHERE id = $1 AND status <> $2`,
      [id, status, staff, match?.form ?? null, match?.id ?? null],
    );
    if (status === 'verified') await settleVerified(tx, [id], books);
  });
  return getClaim(store.db, id, books);
}

/**
 * What verifying these claims does, in the verifying transaction (staff's button and a bank
 * statement's matches both come here): a registration's invoice once its price is received, and a
 * booking's receipt voucher and confirmation once its deposit is.
 */
async function settleVerified(tx: Queryable, ids: readonly number[], books: BooksConfig) {
  const invoices = await issueInvoices(tx, ids, books);
  const deposits = await settleDeposits(tx, ids, books);
  return { invoices, deposits };
}

/** Each kind of payment beside each form it pays for, as two arrays of the same length (for unnest). */
function paidFormsByKind(): [string[], string[]] {
  const pairs = payables.flatMap((p) => p.forms.map((form) => [p.kind, form] as const));
  return [pairs.map(([kind]) => kind), pairs.map(([, form]) => form)];
}

/**
 * Verifies those of these claims that are still pending, in one statement (staff confirm a bank
 * statement's matches together), matching each claim without a registration as reviewClaim does,
 * and issues their invoices in the same transaction. Resolves with how many this call verified and
 * how many of the others someone had verified already (two staff confirming one statement: the
 * second is told what the first did, and who reviewed each claim stays the first's).
 */
export async function verifyPendingClaims(
  store: Store,
  ids: readonly number[],
  staff: string,
  books: BooksConfig,
): Promise<BulkVerified> {
  const verified = await store.db.write(async (tx) => {
    const rows = await tx.query<{ id: number }>(
      `WITH pending AS (
       SELECT id, kind, lower(contact) AS email,
         CASE WHEN contact LIKE '%@%' THEN '' ELSE right(regexp_replace(contact, '\\D', '', 'g'), 10) END AS digits
       FROM payment_claims WHERE id = ANY($1::int[]) AND status = 'pending' AND registration_id IS NULL),
     paid_forms AS (SELECT * FROM unnest($3::text[], $4::text[]) AS f (kind, form)),
     regs AS (SELECT r.*, f.kind FROM (${registrationKeys}) r JOIN paid_forms f ON f.form = r.form),
     candidates AS (
       SELECT p.id, r.form, r.id AS rid FROM pending p JOIN regs r ON r.kind = p.kind AND r.email = p.email
       UNION ALL
       SELECT p.id, r.form, r.id FROM pending p JOIN regs r ON r.kind = p.kind AND p.digits <> '' AND r.phone = p.digits),
     best AS (SELECT DISTINCT ON (id) id, form, rid FROM candidates ORDER BY id, rid DESC)
     UPDATE payment_claims c SET status = 'verified', reviewed_by = $2, reviewed_at = now(),
       registration_form = coalesce(c.registration_form, b.form), registration_id = coalesce(c.registration_id, b.rid)
     FROM payment_claims c0 LEFT JOIN best b ON b.id = c0.id
     WHERE c.id = c0.id AND c0.id = ANY($1::int[]) AND c0.status = 'pending' AND c.status = 'pending'
     RETURNING c.id`,
      [ids, staff, ...paidFormsByKind()],
    );
    const mine = rows.map((r) => int(r.id));
    const { invoices } = await settleVerified(tx, mine, books);
    // A new statement: on PostgreSQL it sees what another transaction committed while this one waited.
    const [done] = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM payment_claims WHERE id = ANY($1::int[]) AND status = 'verified'
         AND NOT id = ANY($2::int[])`,
      [ids, mine],
    );
    return { verified: mine.length, alreadyVerified: Number(done?.n ?? 0), invoiced: invoices.length };
  });
  return verified;
}

/** What a bulk verification did: claims it verified, claims someone had verified before, invoices it issued. */
export interface BulkVerified {
  verified: number;
  alreadyVerified: number;
  invoiced: number;
}
