import type { AdvanceDocument } from '@/lib/books/book-document';
import type { BooksConfig } from '@/lib/books/config';
import { splitOfRefund } from '@/lib/books/refund';
import { documentNumber, REFUND_VOUCHER_SERIES, RECEIPT_VOUCHER_SERIES, type TaxSplit } from '@/lib/books/tax';
import type { Queryable } from '../store/db';
import { firstRow, int, intOrNull, rowDecoder, text, textOrNull } from '../store/rows';
import { numberedColumns, type Supplier, suppliedColumns, supplierOf } from './books-store';
import { dateOf, monthBounds, takeNumber } from './numbering';

/** A receipt voucher (an advance received) or a refund voucher (an advance returned before its invoice). */
export interface Voucher extends TaxSplit {
  id: number;
  kind: 'receipt' | 'refund';
  number: string;
  series: string;
  seq: number;
  issuedAt: string;
  /** A receipt voucher's payment claim. */
  claimId: number | null;
  /** A refund voucher's receipt voucher. */
  receiptId: number | null;
  /** What the advance is for: the booking's reference. */
  reference: string;
  recipientName: string;
  recipientGstin: string | null;
  recipientAddress: string | null;
  placeOfSupply: string;
  supplier: Supplier;
  sac: string;
  description: string;
  reason: string | null;
}

const voucherOf = rowDecoder<Voucher>({
  ...numberedColumns,
  kind: (v) => (v === 'refund' ? 'refund' : 'receipt'),
  ...suppliedColumns,
  claimId: intOrNull,
  receiptId: intOrNull,
  reference: text,
  recipientName: text,
  recipientGstin: textOrNull,
  recipientAddress: textOrNull,
  placeOfSupply: text,
  reason: textOrNull,
});

/** An advance received: the payment, what it is for, who paid it and where the supply will be. */
export interface AdvanceReceived {
  claimId: number;
  reference: string;
  recipient: { name: string; gstin: string | null; address: string | null };
  /** The place of supply's state code. */
  placeOfSupply: string;
  supply: { sac: string; description: string };
  /** The amount received, tax included. */
  amountPaise: number;
}

async function insertVoucher(
  tx: Queryable,
  voucher: Omit<Voucher, 'id' | 'number' | 'series' | 'seq' | 'issuedAt'>,
): Promise<Voucher> {
  const series = voucher.kind === 'receipt' ? RECEIPT_VOUCHER_SERIES : REFUND_VOUCHER_SERIES;
  const { fy, seq, at } = await takeNumber(tx, series);
  const [row] = await tx.query<Record<string, unknown>>(
    `INSERT INTO vouchers (kind, number, series, fy, seq, issued_at, claim_id, receipt_id, reference, recipient_name,
       recipient_gstin, recipient_address, place_of_supply, supplier, sac, description, rate_percent, taxable_paise,
       cgst_paise, sgst_paise, igst_paise, total_paise, reason)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14::jsonb, $15, $16, $17, $18, $19, $20, $21,
       $22, $23)
     RETURNING *`,
    [
      voucher.kind,
      documentNumber(series, fy, seq),
      series,
      fy,
      seq,
      at.toISOString(),
      voucher.claimId,
      voucher.receiptId,
      voucher.reference,
      voucher.recipientName,
      voucher.recipientGstin,
      voucher.recipientAddress,
      voucher.placeOfSupply,
      JSON.stringify(voucher.supplier),
      voucher.sac,
      voucher.description,
      voucher.ratePercent,
      voucher.taxablePaise,
      voucher.cgstPaise,
      voucher.sgstPaise,
      voucher.igstPaise,
      voucher.totalPaise,
      voucher.reason,
    ],
  );
  if (!row) throw new Error('the voucher was not stored');
  return voucherOf(row);
}

/**
 * Issues the receipt voucher of an advance in the caller's transaction (the one that verifies its
 * payment): the tax is due on receipt, so the amount received is split into its value and its tax
 * at the studio's rate, within the studio's state or across states by the place of supply. Once per
 * payment: a second call for the same claim returns the first voucher.
 */
export async function issueReceiptVoucher(
  tx: Queryable,
  advance: AdvanceReceived,
  books: BooksConfig,
): Promise<Voucher> {
  const issued = await firstRow(tx, 'SELECT * FROM vouchers WHERE claim_id = $1', [advance.claimId], voucherOf);
  if (issued) return issued;
  const split = splitOfRefund(advance.amountPaise, books.ratePercent, advance.placeOfSupply === books.stateCode);
  return insertVoucher(tx, {
    kind: 'receipt',
    claimId: advance.claimId,
    receiptId: null,
    reference: advance.reference,
    recipientName: advance.recipient.name,
    recipientGstin: advance.recipient.gstin,
    recipientAddress: advance.recipient.address,
    placeOfSupply: advance.placeOfSupply,
    supplier: supplierOf(books),
    ...advance.supply,
    ...split,
    reason: null,
  });
}

/** What a receipt voucher's advance still holds: its amount less the refund vouchers against it. */
async function outstandingOf(db: Queryable, receiptId: number): Promise<number> {
  const [row] = await db.query<{ left: unknown }>(
    `SELECT r.total_paise - coalesce((SELECT sum(f.total_paise) FROM vouchers f WHERE f.receipt_id = r.id), 0) AS left
     FROM vouchers r WHERE r.id = $1 AND r.kind = 'receipt'`,
    [receiptId],
  );
  return row ? int(row.left) : 0;
}

/**
 * Issues a refund voucher for `amountPaise` of a receipt voucher's advance (a deposit returned
 * before its invoice), at the receipt voucher's rate and split; refuses more than the advance still
 * holds. The receipt voucher's row is locked, so two refunds of one advance are decided one at a time.
 */
export async function issueRefundVoucher(
  tx: Queryable,
  refund: { receiptId: number; amountPaise: number; reason: string },
): Promise<Voucher> {
  const receipt = await firstRow(
    tx,
    "SELECT * FROM vouchers WHERE id = $1 AND kind = 'receipt' FOR UPDATE",
    [refund.receiptId],
    voucherOf,
  );
  if (!receipt) throw new RangeError('No such receipt voucher.');
  const left = await outstandingOf(tx, receipt.id);
  if (refund.amountPaise <= 0 || refund.amountPaise > left)
    throw new RangeError(`A refund of this advance is at most ₹${(left / 100).toFixed(2)}.`);
  const intraState = receipt.placeOfSupply === receipt.supplier.stateCode;
  return insertVoucher(tx, {
    ...receipt,
    kind: 'refund',
    claimId: null,
    receiptId: receipt.id,
    ...splitOfRefund(refund.amountPaise, receipt.ratePercent, intraState),
    reason: refund.reason,
  });
}

export async function getVoucher(db: Queryable, id: number): Promise<Voucher | undefined> {
  return firstRow(db, 'SELECT * FROM vouchers WHERE id = $1', [id], voucherOf);
}

/** The vouchers of an advance's reference (a booking's), in the order issued. */
export async function vouchersOfReference(db: Queryable, reference: string): Promise<Voucher[]> {
  return (
    await db.query<Record<string, unknown>>('SELECT * FROM vouchers WHERE reference = $1 ORDER BY id', [reference])
  ).map(voucherOf);
}

/** A month's vouchers (India time) as the books' sheets read them, in series and number order. */
export async function monthAdvances(db: Queryable, month: string): Promise<AdvanceDocument[]> {
  const [from, to] = monthBounds(month);
  const rows = await db.query<Record<string, unknown>>(
    'SELECT * FROM vouchers WHERE issued_at >= $1 AND issued_at < $2 ORDER BY series, seq',
    [from, to],
  );
  return rows.map(voucherOf).map((v) => ({
    kind: v.kind === 'receipt' ? 'receipt-voucher' : 'refund-voucher',
    id: v.id,
    number: v.number,
    series: v.series,
    seq: v.seq,
    date: dateOf(v.issuedAt),
    recipient: v.recipientName,
    ...(v.recipientGstin ? { recipientGstin: v.recipientGstin } : {}),
    pos: v.placeOfSupply,
    ratePercent: v.ratePercent,
    taxablePaise: v.taxablePaise,
    cgstPaise: v.cgstPaise,
    sgstPaise: v.sgstPaise,
    igstPaise: v.igstPaise,
    totalPaise: v.totalPaise,
  }));
}
