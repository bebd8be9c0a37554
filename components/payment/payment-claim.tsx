'use client';

import { useId, useState, type FormEvent } from 'react';
import { claimMessages, claimProblems, type ClaimInput } from '@/lib/payments/claim';
import { sendClaim } from '@/lib/payments/claim-client';
import styles from './payment.module.css';

/**
 * After paying: the visitor gives the 12-digit UTR from their UPI app and the phone or e-mail they
 * registered with; the page's reference and amount go with it. The answer says the claim was
 * received and will be verified, never that the payment succeeded. The WhatsApp step stays.
 */
export function PaymentClaim({
  reference,
  amountPaise,
  contact: initialContact = '',
}: {
  reference: string | undefined;
  amountPaise: number;
  contact?: string;
}) {
  const id = useId();
  const [utr, setUtr] = useState('');
  // The e-mail carried from the sign-up arrives after the first render: used until the visitor types.
  const [typedContact, setContact] = useState<string | undefined>(undefined);
  const contact = typedContact ?? initialContact;
  const [errors, setErrors] = useState<Partial<Record<keyof ClaimInput, string>>>({});
  const [message, setMessage] = useState<string | undefined>();
  const [received, setReceived] = useState(false);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input: ClaimInput = {
      utr: utr.replace(/\s/g, ''),
      contact: contact.trim(),
      reference: reference ?? '',
      amountPaise,
    };
    const problems = claimProblems(input);
    setErrors(problems);
    setMessage(problems.reference);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    const result = await sendClaim(input);
    setBusy(false);
    if (result.ok) {
      setReceived(true);
      return;
    }
    setErrors(result.errors);
    setMessage(result.message);
  }

  if (received) {
    return (
      <div className={styles.claimDone} role="status">
        <p>
          <strong>{claimMessages.received}</strong>
        </p>
        <p>{claimMessages.receivedNext}</p>
      </div>
    );
  }

  const described = (field: 'utr' | 'contact') => (errors[field] ? `${id}-${field}-error` : `${id}-${field}-hint`);
  return (
    <form className={styles.claim} onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Already paid? Send us your UTR</h3>
      <label htmlFor={`${id}-utr`}>UPI transaction number (UTR)</label>
      <input
        id={`${id}-utr`}
        name="utr"
        inputMode="numeric"
        autoComplete="off"
        maxLength={14}
        value={utr}
        aria-invalid={errors.utr ? true : undefined}
        aria-describedby={described('utr')}
        onChange={(e) => setUtr(e.target.value)}
      />
      {errors.utr ? (
        <p id={`${id}-utr-error`} className={styles.error}>
          {errors.utr}
        </p>
      ) : (
        <p id={`${id}-utr-hint`} className={styles.hint}>
          12 digits, shown as UTR or UPI Ref. No. in your payment app.
        </p>
      )}
      <label htmlFor={`${id}-contact`}>Phone or e-mail you registered with</label>
      <input
        id={`${id}-contact`}
        name="contact"
        autoComplete="email"
        value={contact}
        aria-invalid={errors.contact ? true : undefined}
        aria-describedby={described('contact')}
        onChange={(e) => setContact(e.target.value)}
      />
      {errors.contact ? (
        <p id={`${id}-contact-error`} className={styles.error}>
          {errors.contact}
        </p>
      ) : (
        <p id={`${id}-contact-hint`} className={styles.hint}>
          So we can match your payment to your registration.
        </p>
      )}
      {message ? (
        <p role="alert" className={styles.error}>
          {message}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Sending…' : 'Send payment details'}
      </button>
    </form>
  );
}
