'use client';

import { useCallback, useEffect, useId, useState } from 'react';
import {
  declineRefundCall,
  documentHref,
  exportHref,
  fetchMonth,
  fetchRefunds,
  type MonthView,
  refundCall,
  type StaffRefund,
} from '@/lib/books/books-client';
import type { BookDocument } from '@/lib/books/book-document';
import { placeOfSupply } from '@/lib/books/states';
import { documentRupees } from '@/lib/books/tax';
import { formatReceived } from '@/lib/dashboard/format';
import { isoIndia } from '@/lib/india-time';
import { failureText } from '@/lib/service-client';
import { type Column, TableFrame } from './table-states';
import styles from './dashboard.module.css';

const thisMonth = () => isoIndia(Date.now()).slice(0, 7);
type Row = MonthView['byPlaceAndRate'][number];

const sumColumns: Column<Row>[] = [
  { name: 'Place of supply', cell: (r) => placeOfSupply(r.pos) },
  { name: 'Rate', className: styles.nowrap, cell: (r) => `${r.ratePercent}%` },
  { name: 'Documents', cell: (r) => r.count },
  { name: 'Taxable value', className: styles.nowrap, cell: (r) => documentRupees(r.taxablePaise) },
  { name: 'CGST', className: styles.nowrap, cell: (r) => documentRupees(r.cgstPaise) },
  { name: 'SGST', className: styles.nowrap, cell: (r) => documentRupees(r.sgstPaise) },
  { name: 'IGST', className: styles.nowrap, cell: (r) => documentRupees(r.igstPaise) },
  { name: 'Total', className: styles.nowrap, cell: (r) => documentRupees(r.totalPaise) },
];

const documentColumns: Column<BookDocument>[] = [
  {
    name: 'Number',
    className: styles.nowrap,
    cell: (d) => (
      <a href={documentHref(d.kind, d.id)} download>
        {d.number}
      </a>
    ),
  },
  { name: 'Document', cell: (d) => (d.kind === 'invoice' ? 'Invoice' : `Credit note against ${d.against?.number}`) },
  { name: 'Date', className: styles.nowrap, cell: (d) => d.date },
  { name: 'Recipient', className: styles.contactCell, cell: (d) => d.recipient },
  { name: 'Place of supply', cell: (d) => placeOfSupply(d.pos) },
  { name: 'Total', className: styles.nowrap, cell: (d) => documentRupees(d.totalPaise) },
];

/** One open refund request's two answers: decline with a reason, or record the transfer. */
function RefundAnswer({ refund, onDone }: { refund: StaffRefund; onDone: (message: string) => void }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [utr, setUtr] = useState('');
  const [rupees, setRupees] = useState((refund.invoiceTotalPaise / 100).toFixed(2));
  const paise = Math.round(Number(rupees) * 100);
  return (
    <span className={styles.refundAnswer}>
      <form
        className={styles.refundForm}
        onSubmit={(e) => {
          e.preventDefault();
          void refundCall(refund.id, utr, paise).then((r) => onDone(r.message));
        }}
      >
        <span className={styles.field}>
          <label htmlFor={`${id}-utr`}>Refund UTR</label>
          <input id={`${id}-utr`} value={utr} onChange={(e) => setUtr(e.target.value)} required size={14} />
        </span>
        <span className={styles.field}>
          <label htmlFor={`${id}-amount`}>Amount (₹)</label>
          <input
            id={`${id}-amount`}
            value={rupees}
            onChange={(e) => setRupees(e.target.value)}
            inputMode="decimal"
            size={8}
          />
        </span>
        <button type="submit" className="btn btn-primary" disabled={!utr || !(paise > 0)}>
          Record refund
        </button>
      </form>
      <form
        className={styles.refundForm}
        onSubmit={(e) => {
          e.preventDefault();
          void declineRefundCall(refund.id, reason).then((r) => onDone(r.message));
        }}
      >
        <span className={styles.field}>
          <label htmlFor={`${id}-reason`}>Reason</label>
          <input id={`${id}-reason`} value={reason} onChange={(e) => setReason(e.target.value)} required size={24} />
        </span>
        <button type="submit" className="btn btn-ghost" disabled={!reason.trim()}>
          Decline
        </button>
      </form>
    </span>
  );
}

const statusText = (r: StaffRefund) =>
  r.status === 'refunded'
    ? `Refunded ${documentRupees(r.amountPaise ?? 0)} (UTR ${r.utr}), ${r.creditNote ? `credit note ${r.creditNote.number}` : 'no credit note (a payment beyond the price)'}`
    : r.status === 'declined'
      ? `Declined: ${r.declineReason}`
      : 'To answer';

/**
 * The books: a month's invoices and credit notes with their totals by place of supply and rate,
 * reconciled against the payments verified in it (each difference listed), the GSTR-1 sheets to
 * download for the accountant, and the registrants' refund requests to answer.
 */
export function BooksView() {
  const id = useId();
  const [month, setMonth] = useState(thisMonth);
  const [view, setView] = useState<MonthView | undefined>();
  const [refunds, setRefunds] = useState<StaffRefund[]>([]);
  const [problem, setProblem] = useState('');
  const [message, setMessage] = useState('');

  const load = useCallback(async () => {
    setProblem('');
    const [m, r] = await Promise.all([fetchMonth(month), fetchRefunds()]);
    const failed = [m, r].find((read) => !read.ok);
    if (failed && !failed.ok) return setProblem(`Could not load the books: ${failureText(failed)}`);
    if (m.ok) setView(m.value);
    if (r.ok) setRefunds(r.value);
  }, [month]);
  useEffect(() => {
    void load();
  }, [load]);

  const onDone = (text: string) => {
    setMessage(text);
    void load();
  };
  const open = refunds.filter((r) => r.status === 'requested');
  const answered = refunds.filter((r) => r.status !== 'requested');
  const askedColumns: Column<StaffRefund>[] = [
    { name: 'Asked (IST)', className: styles.nowrap, cell: (r) => formatReceived(r.requestedAt) },
    {
      name: 'Invoice',
      className: styles.nowrap,
      cell: (r) => `${r.invoiceNumber} (${documentRupees(r.invoiceTotalPaise)})`,
    },
    { name: 'Registrant', className: styles.contactCell, cell: (r) => r.recipientName },
    { name: 'Why', cell: (r) => r.reason },
  ];
  const openColumns = [
    ...askedColumns,
    { name: 'Answer', cell: (r: StaffRefund) => <RefundAnswer refund={r} onDone={onDone} /> },
  ];
  const answeredColumns = [...askedColumns, { name: 'Answer', cell: statusText }];

  // On a phone every table row is a card: what waits for an answer comes first, the month's
  // documents and the answered requests are folded under their counts.
  return (
    <div className={styles.books}>
      <p role="alert" className={styles.error}>
        {problem}
      </p>
      <p role="status" className={styles.count}>
        {message}
      </p>
      <section aria-labelledby={`${id}-open`} className={styles.booksPart}>
        <h2 id={`${id}-open`} className={styles.partTitle}>
          Refund requests to answer ({open.length})
        </h2>
        {open.length === 0 ? (
          <p className={styles.count}>None waiting.</p>
        ) : (
          <TableFrame label="Refund requests to answer" columns={openColumns} rows={open} rowKey={(r) => r.id} />
        )}
      </section>
      <section aria-labelledby={`${id}-month`} className={styles.booksPart}>
        <h2 id={`${id}-month`} className={styles.partTitle}>
          The month&rsquo;s books
        </h2>
        <form className={styles.booksMonth} onSubmit={(e) => e.preventDefault()}>
          <span className={styles.field}>
            <label htmlFor={`${id}-month-input`}>Month</label>
            <input
              id={`${id}-month-input`}
              type="month"
              value={month}
              onChange={(e) => setMonth(e.target.value || thisMonth())}
            />
          </span>
          <a className="btn btn-primary" href={exportHref(month)} download>
            Download GSTR-1 sheets (zip)
          </a>
        </form>
        {view ? (
          <>
            <h3 className={styles.partSubtitle}>Totals by place of supply and rate (credit notes taken off)</h3>
            <p data-testid="books-total">
              {view.totals.count} document(s): taxable {documentRupees(view.totals.taxablePaise)}, tax{' '}
              {documentRupees(view.totals.cgstPaise + view.totals.sgstPaise + view.totals.igstPaise)}, total{' '}
              {documentRupees(view.totals.totalPaise)}.
            </p>
            <TableFrame
              label="Totals"
              caption={`Totals of ${view.month}`}
              columns={sumColumns}
              rows={view.byPlaceAndRate}
              rowKey={(r) => `${r.pos}|${r.ratePercent}`}
            />
            <h3 className={styles.partSubtitle}>Against the verified payments</h3>
            <p>
              Verified this month: {documentRupees(view.verifiedPaise)}; invoiced: {documentRupees(view.invoicedPaise)}.{' '}
              {view.differences.length === 0 ? 'Every verified payment matches its invoice.' : 'Differences:'}
            </p>
            {view.differences.length > 0 ? (
              <ul data-testid="books-differences">
                {view.differences.map((d) => (
                  <li key={d.claimId}>
                    UTR {d.utr}: paid {documentRupees(d.paidPaise)}, invoiced {documentRupees(d.invoicedPaise)}
                    {d.number ? ` (${d.number})` : ' (no invoice)'}
                  </li>
                ))}
              </ul>
            ) : null}
            <details className={styles.fold}>
              <summary className={styles.foldToggle}>Invoices and credit notes ({view.documents.length})</summary>
              <TableFrame
                label="Documents"
                caption={`Invoices and credit notes of ${view.month}`}
                columns={documentColumns}
                rows={view.documents}
                rowKey={(d) => d.number}
              />
            </details>
          </>
        ) : null}
      </section>
      {answered.length > 0 ? (
        <details className={styles.fold}>
          <summary className={styles.foldToggle}>Answered refund requests ({answered.length})</summary>
          <TableFrame label="Answered refund requests" columns={answeredColumns} rows={answered} rowKey={(r) => r.id} />
        </details>
      ) : null}
    </div>
  );
}
