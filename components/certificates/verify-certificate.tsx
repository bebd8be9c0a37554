'use client';

import { useCallback, useEffect, useState } from 'react';
import type { verifyPage } from '@/content/certificates';
import { kindTitle, verdictOf, verifyPagePath } from '@/lib/certificates/certificates';
import { type CheckOutcome, checkCertificate } from '@/lib/certificates/certificates-client';
import card from '@/components/registrant/registrant.module.css';
import styles from './certificates.module.css';

type State = { kind: 'idle' } | { kind: 'checking' } | CheckOutcome;

/** The answer for a serial: the verdict, and for a valid or revoked certificate whom and what it is for. */
function Answer({ state }: { state: State }) {
  if (state.kind === 'idle') return null;
  if (state.kind === 'checking') return <p role="status">Checking…</p>;
  if (state.kind === 'error') return <p role="alert">{state.message}</p>;
  const answer = state.kind === 'answer' ? state.answer : undefined;
  return (
    <div role="status" data-testid="certificate-answer">
      <p className={styles.verdict} data-status={answer?.status ?? 'unknown'}>
        {verdictOf(answer)}
      </p>
      {answer && answer.status !== 'withdrawn' ? (
        <dl className={card.facts}>
          <dt>Serial number</dt>
          <dd>{answer.serial}</dd>
          <dt>Certificate</dt>
          <dd>{kindTitle[answer.kind]}</dd>
          <dt>Issued to</dt>
          <dd>{answer.holder}</dd>
          <dt>For</dt>
          <dd>{answer.course}</dd>
          <dt>Dates</dt>
          <dd>{answer.dates}</dd>
          <dt>Issued by</dt>
          <dd>
            {answer.studio}, on {answer.issuedOn}
          </dd>
        </dl>
      ) : null}
    </div>
  );
}

/**
 * The verification form: a serial from the address (`?serial=`, as the QR code opens it) is checked
 * at once; a typed one is checked and put in the address. Without JavaScript the form reloads the
 * page with the serial, and the page says where the service answers for it (`answersAt`: the full
 * address, SERIAL standing for the serial).
 */
export function VerifyCertificate({ copy, answersAt }: { copy: typeof verifyPage; answersAt: string }) {
  const [serial, setSerial] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });
  const check = useCallback(async (typed: string) => {
    const value = typed.trim();
    if (!value) return;
    setState({ kind: 'checking' });
    setState(await checkCertificate(value));
  }, []);
  useEffect(() => {
    const fromAddress = new URLSearchParams(window.location.search).get('serial') ?? '';
    setSerial(fromAddress);
    void check(fromAddress);
  }, [check]);
  return (
    <div className={card.card}>
      {/* The verdict first: opened from a certificate's QR code on a phone, it is what the visitor came for. */}
      <Answer state={state} />
      <form
        className={styles.form}
        method="get"
        action={verifyPagePath}
        onSubmit={(e) => {
          e.preventDefault();
          window.history.replaceState(null, '', `${verifyPagePath}?serial=${encodeURIComponent(serial.trim())}`);
          void check(serial);
        }}
      >
        <label htmlFor="certificate-serial">{copy.label}</label>
        <input
          id="certificate-serial"
          name="serial"
          value={serial}
          onChange={(e) => setSerial(e.target.value)}
          autoComplete="off"
          spellCheck={false}
          required
        />
        <button type="submit" className="btn btn-primary">
          {copy.button}
        </button>
      </form>
      <noscript>
        <p>
          {copy.noScript} <code>{answersAt}</code> (put the serial number in place of SERIAL).
        </p>
      </noscript>
    </div>
  );
}
