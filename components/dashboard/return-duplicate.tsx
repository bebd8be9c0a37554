'use client';

import { useState } from 'react';
import { returnDuplicateCall } from '@/lib/books/books-client';
import styles from './dashboard.module.css';

/**
 * A verified duplicate payment's refund, as staff record it once they have sent it back: the
 * transfer's UTR; the amount is the duplicate's (at most what came beyond the invoice). The invoice
 * stands and the seat is kept.
 */
export function ReturnDuplicate({
  claimUtr,
  claimId,
  onDone,
}: {
  claimUtr: string;
  claimId: number;
  onDone: () => void;
}) {
  const [utr, setUtr] = useState('');
  const [message, setMessage] = useState('');
  const id = `return-${claimId}`;
  return (
    <form
      className={styles.block}
      onSubmit={(e) => {
        e.preventDefault();
        void returnDuplicateCall(claimId, utr).then((answer) => {
          setMessage(answer.message);
          if (answer.ok) onDone();
        });
      }}
    >
      <label htmlFor={id}>UTR of the refund of {claimUtr}</label>
      <input id={id} value={utr} onChange={(e) => setUtr(e.target.value)} autoComplete="off" required />
      <button type="submit" className="btn btn-ghost" disabled={!utr.trim()}>
        Record the refund
      </button>
      <span role="status">{message}</span>
    </form>
  );
}
