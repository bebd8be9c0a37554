'use client';

import { useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { formAction } from '@/lib/service-client';
import { claimMessages, claimProblems, type ClaimInput } from '@/lib/payments/claim';
import { sendClaim } from '@/lib/payments/payments-client';
import { stateNames } from '@/lib/books/states';
import type { ReferencePrefix } from '@/lib/payments/payables';
import styles from './payment.module.css';

/**
 * After paying: the visitor gives the 12-digit UTR from their UPI app and the phone or e-mail they
 * registered with; the page's reference and amount go with it. The answer says the claim was
 * received and will be verified, never that the payment succeeded. The WhatsApp step stays.
 *
 * Without JavaScript the same form posts to the service (with the page's amount and reference
 * prefix: the service makes the reference), which answers with this page and the outcome.
 */
export function PaymentClaim({
  reference,
  prefix,
  amountPaise,
  contact: initialContact = '',
  onClaimed,
}: {
  reference: string | undefined;
  prefix: ReferencePrefix;
  amountPaise: number;
  contact?: string | undefined;
  /** After the claim is received: its UTR and contact, for the WhatsApp draft. */
  onClaimed?: (claim: { utr: string; contact: string }) => void;
}) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [utr, setUtr] = useState('');
  const [state, setState] = useState('');
  // The e-mail carried from the sign-up arrives after the first render: used until the visitor types.
  const [typedContact, setContact] = useState<string | undefined>(undefined);
  const contact = typedContact ?? initialContact;
  const [errors, setErrors] = useState<Partial<Record<keyof ClaimInput, string>>>({});
  const [message, setMessage] = useState<string | undefined>();
  const [received, setReceived] = useState(false);
  const [busy, setBusy] = useState(false);

  // What was typed before the page's script ran is in the controls: it becomes the state.
  useLayoutEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const typed = (name: string) => {
      const control = form.elements.namedItem(name);
      return control instanceof HTMLInputElement ? control.value : '';
    };
    if (typed('utr')) setUtr(typed('utr'));
    if (typed('contact')) setContact(typed('contact'));
    const chosen = form.elements.namedItem('state');
    if (chosen instanceof HTMLSelectElement && chosen.value) setState(chosen.value);
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input: ClaimInput = {
      utr: utr.replace(/\s/g, ''),
      contact: contact.trim(),
      reference: reference ?? '',
      amountPaise,
      ...(state ? { state } : {}),
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
      onClaimed?.({ utr: input.utr, contact: input.contact });
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

  return (
    <form
      ref={formRef}
      className={styles.claim}
      method="post"
      action={formAction('payment-claim')}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${id}-title`}
      // The classes the service gives the messages it adds when it answers this form sent without JavaScript.
      data-error-class={styles.error}
      data-failure-class={styles.error}
      data-success-class={styles.claimDone}
    >
      <h3 id={`${id}-title`}>Already paid? Send us your UTR</h3>
      <input type="hidden" name="reference" value={reference ?? ''} />
      <input type="hidden" name="prefix" value={prefix} />
      <input type="hidden" name="amountPaise" value={amountPaise} />
      {claimFields.map((field) => (
        <ClaimField
          key={field.name}
          id={`${id}-${field.name}`}
          {...field}
          error={errors[field.name]}
          value={field.name === 'utr' ? utr : contact}
          onChange={field.name === 'utr' ? setUtr : setContact}
        />
      ))}
      <StateField id={`${id}-state`} value={state} onChange={setState} error={errors.state} />
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

/** The claim's two text boxes. */
const claimFields = [
  {
    name: 'utr',
    label: 'UPI transaction number (UTR)',
    hint: '12 digits, shown as UTR or UPI Ref. No. in your payment app.',
    inputMode: 'numeric',
    autoComplete: 'off',
    maxLength: 14,
  },
  {
    name: 'contact',
    label: 'Phone or e-mail you registered with',
    hint: 'So we can match your payment to your registration.',
    autoComplete: 'email',
  },
] as const;

/** One text box of the claim, with its hint, or its error in the hint's place. */
function ClaimField({
  id,
  label,
  hint,
  error,
  onChange,
  ...input
}: {
  id: string;
  name: string;
  label: string;
  hint: string;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
  inputMode?: 'numeric';
  autoComplete: string;
  maxLength?: number;
}) {
  const noteId = `${id}-${error ? 'error' : 'hint'}`;
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={noteId}
        onChange={(e) => onChange(e.target.value)}
      />
      <p id={noteId} className={error ? styles.error : styles.hint}>
        {error ?? hint}
      </p>
    </>
  );
}

/** The payer's state, optional: the place of supply on their invoice. */
function StateField({
  id,
  value,
  error,
  onChange,
}: {
  id: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const noteId = `${id}-${error ? 'error' : 'hint'}`;
  return (
    <>
      <label htmlFor={id}>Your state (optional)</label>
      <select
        id={id}
        name="state"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={noteId}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">Not given</option>
        {stateNames.map((name) => (
          <option key={name}>{name}</option>
        ))}
      </select>
      <p id={noteId} className={error ? styles.error : styles.hint}>
        {error ?? 'For your tax invoice: the state you pay from.'}
      </p>
    </>
  );
}
