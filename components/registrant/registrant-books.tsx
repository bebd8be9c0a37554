'use client';

import { useCallback, useEffect, useState } from 'react';
import {
  fetchRegistrantBooks,
  fetchRegistrantCreditNote,
  fetchRegistrantInvoice,
  type RegistrantBooks as Books,
  requestRefundCall,
} from '@/lib/books/books-client';
import { registrantMoneyView } from '@/lib/books/refund';
import { documentRupees } from '@/lib/books/tax';
import { saveFile } from '@/lib/privacy/privacy-client';
import styles from './registrant.module.css';

/**
 * A registrant's invoices (to download) and refunds: the latest request's answer (a refund with its
 * credit note to download), the refund terms of the registration's kind (`terms`), and a request
 * form while the masterclass terms allow one.
 */
export function RegistrantBooks({ token, terms }: { token: string; terms: React.ReactNode }) {
  const [books, setBooks] = useState<Books | undefined>();
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState('');
  const load = useCallback(async () => setBooks(await fetchRegistrantBooks(token)), [token]);
  /** The PDF is fetched with the link's token in a header, then saved: its address never carries the token. */
  const download = async (invoice: Books['invoices'][number]) => {
    const pdf = await fetchRegistrantInvoice(token, invoice.id);
    if (!pdf) {
      setMessage('The invoice could not be downloaded. Please try again in a minute.');
      return;
    }
    saveFile(pdf, `${invoice.number.replaceAll('/', '-')}.pdf`);
  };
  /** The credit note's PDF, fetched as the invoice's is. */
  const downloadNote = async (note: { id: number; number: string }) => {
    const pdf = await fetchRegistrantCreditNote(token, note.id);
    if (!pdf) {
      setMessage('The credit note could not be downloaded. Please try again in a minute.');
      return;
    }
    saveFile(pdf, `${note.number.replaceAll('/', '-')}.pdf`);
  };
  useEffect(() => {
    void load();
  }, [load]);
  if (!books) return null;
  const view = registrantMoneyView(books);
  if (books.invoices.length === 0)
    return view.payment ? (
      <section aria-labelledby="registrant-books">
        <h2 id="registrant-books">Your payment</h2>
        <p data-testid="payment-standing">{view.payment}</p>
      </section>
    ) : null;
  return (
    <section aria-labelledby="registrant-books">
      <h2 id="registrant-books">Your invoice</h2>
      <ul>
        {books.invoices.map((i) => (
          <li key={i.id}>
            <button type="button" className="btn btn-ghost" onClick={() => void download(i)}>
              Download {i.kind === 'tax-invoice' ? 'tax invoice' : 'receipt'} {i.number} ({documentRupees(i.totalPaise)}
              , PDF)
            </button>
          </li>
        ))}
      </ul>
      {view.returned ? <p data-testid="returned-duplicate">{view.returned}</p> : null}
      {view.refund ? <p data-testid="refund-status">{view.refund}</p> : null}
      {view.creditNote ? (
        <p>
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => view.creditNote && void downloadNote(view.creditNote)}
          >
            Download credit note {view.creditNote.number} (PDF)
          </button>
        </p>
      ) : null}
      {terms}
      {view.canAsk ? (
        <form
          className={styles.action}
          onSubmit={(e) => {
            e.preventDefault();
            void requestRefundCall(token, reason).then(async (r) => {
              setMessage(r.message);
              if (r.ok) await load();
            });
          }}
        >
          <label htmlFor="refund-reason">Ask for a refund (the terms above say when)</label>
          <textarea id="refund-reason" value={reason} onChange={(e) => setReason(e.target.value)} rows={3} required />
          <button type="submit" className="btn btn-ghost" disabled={!reason.trim()}>
            Ask for a refund
          </button>
        </form>
      ) : null}
      <p role="status" className={styles.message}>
        {message}
      </p>
    </section>
  );
}
