'use client';

import { useCallback, useEffect, useState } from 'react';
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
import type { BookDocument } from '@/lib/books/sheets';
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
  const [reason, setReason] = useState('');
  const [utr, setUtr] = useState('');
  const [rupees, setRupees] = useState((refund.invoiceTotalPaise / 100).toFixed(2));
  const paise = Math.round(Number(rupees) * 100);
  return (
    <span className={styles.actions}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void refundCall(refund.id, utr, paise).then((r) => onDone(r.message));
        }}
      >
        <label>
          Refund UTR <input value={utr} onChange={(e) => setUtr(e.target.value)} required size={14} />
        </label>{' '}
        <label>
          Amount (₹) <input value={rupees} onChange={(e) => setRupees(e.target.value)} inputMode="decimal" size={8} />
        </label>{' '}
        <button type="submit" className="btn btn-primary" disabled={!utr || !(paise > 0)}>
          Record refund
        </button>
      </form>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void declineRefundCall(refund.id, reason).then((r) => onDone(r.message));
        }}
      >
        <label>
          Reason <input value={reason} onChange={(e) => setReason(e.target.value)} required size={24} />
        </label>{' '}
        <button type="submit" className="btn btn-ghost" disabled={!reason.trim()}>
          Decline
        </button>
      </form>
    </span>
  );
}

const statusText = (r: StaffRefund) =>
  r.status === 'refunded'
    ? `Refunded ${documentRupees(r.amountPaise ?? 0)} (UTR ${r.utr}), credit note ${r.creditNote?.number}`
    : r.status === 'declined'
      ? `Declined: ${r.declineReason}`
      : 'To answer';

/**
 * The books: a month's invoices and credit notes with their totals by place of supply and rate,
 * reconciled against the payments verified in it (each difference listed), the GSTR-1 sheets to
 * download for the accountant, and the registrants' refund requests to answer.
 */
export function BooksView() {
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

  const refundColumns: Column<StaffRefund>[] = [
    { name: 'Asked (IST)', className: styles.nowrap, cell: (r) => formatReceived(r.requestedAt) },
    {
      name: 'Invoice',
      className: styles.nowrap,
      cell: (r) => `${r.invoiceNumber} (${documentRupees(r.invoiceTotalPaise)})`,
    },
    { name: 'Registrant', className: styles.contactCell, cell: (r) => r.recipientName },
    { name: 'Why', cell: (r) => r.reason },
    {
      name: 'Answer',
      cell: (r) =>
        r.status === 'requested' ? (
          <RefundAnswer
            refund={r}
            onDone={(text) => {
              setMessage(text);
              void load();
            }}
          />
        ) : (
          statusText(r)
        ),
    },
  ];

  return (
    <div>
      <h2>Books</h2>
      <form className={styles.actions} onSubmit={(e) => e.preventDefault()}>
        <label>
          Month <input type="month" value={month} onChange={(e) => setMonth(e.target.value || thisMonth())} />
        </label>{' '}
        <a className="btn btn-primary" href={exportHref(month)} download>
          Download GSTR-1 sheets (zip)
        </a>
      </form>
      <p role="alert" className={styles.error}>
        {problem}
      </p>
      <p role="status">{message}</p>
      {view ? (
        <>
          <h3>Totals by place of supply and rate (credit notes taken off)</h3>
          <TableFrame
            label="Totals"
            caption={`Totals of ${view.month}`}
            columns={sumColumns}
            rows={view.byPlaceAndRate}
            rowKey={(r) => `${r.pos}|${r.ratePercent}`}
          />
          <p data-testid="books-total">
            {view.totals.count} document(s): taxable {documentRupees(view.totals.taxablePaise)}, tax{' '}
            {documentRupees(view.totals.cgstPaise + view.totals.sgstPaise + view.totals.igstPaise)}, total{' '}
            {documentRupees(view.totals.totalPaise)}.
          </p>
          <h3>Against the verified payments</h3>
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
          <h3>Invoices and credit notes</h3>
          <TableFrame
            label="Documents"
            caption={`Invoices and credit notes of ${view.month}`}
            columns={documentColumns}
            rows={view.documents}
            rowKey={(d) => d.number}
          />
        </>
      ) : null}
      <h3>Refund requests</h3>
      {refunds.length === 0 ? (
        <p>No refund requests.</p>
      ) : (
        <TableFrame label="Refund requests" columns={refundColumns} rows={refunds} rowKey={(r) => r.id} />
      )}
    </div>
  );
}
