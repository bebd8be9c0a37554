'use client';

import { bulkVerifiedText } from '@/lib/payments/standing';
import { useId, useState, type FormEvent } from 'react';
import { importStatement, verifyClaims } from '@/lib/dashboard/dashboard-client';
import { formatRupees } from '@/lib/payments/money';
import type { StatementMapping } from '@/lib/payments/statement';
import { type Answer, failureText } from '@/lib/service-client';
import styles from './dashboard.module.css';

type Imported = Extract<Answer<typeof importStatement>, { kind: 'matched' }>;
type Choosing = Extract<Answer<typeof importStatement>, { kind: 'choose-columns' }>;

/** The credit's line and amount, as staff find it in their statement. */
const creditText = (c: { line: number; amountPaise: number; date: string; utr: string | null }) =>
  `line ${c.line}${c.date ? `, ${c.date}` : ''}: ${formatRupees(c.amountPaise)}${c.utr ? `, UTR ${c.utr}` : ', no UTR'}`;

function ColumnChoice({ choosing, onChoose }: { choosing: Choosing; onChoose: (m: StatementMapping) => void }) {
  const id = useId();
  const [utr, setUtr] = useState('');
  const [amount, setAmount] = useState('');
  const columns = choosing.header.filter(Boolean);
  return (
    <form
      className={styles.statementColumns}
      onSubmit={(e) => {
        e.preventDefault();
        if (utr && amount) onChoose({ utr, amount });
      }}
    >
      <p>{choosing.message} This statement&apos;s columns are remembered for the next import.</p>
      <label htmlFor={`${id}-utr`}>Column with the UTR (or the narration that contains it)</label>
      <select id={`${id}-utr`} value={utr} onChange={(e) => setUtr(e.target.value)} required>
        <option value="">Choose a column</option>
        {columns.map((c) => (
          <option key={c}>{c}</option>
        ))}
      </select>
      <label htmlFor={`${id}-amount`}>Column with the credited amount</label>
      <select id={`${id}-amount`} value={amount} onChange={(e) => setAmount(e.target.value)} required>
        <option value="">Choose a column</option>
        {columns.map((c) => (
          <option key={c}>{c}</option>
        ))}
      </select>
      <button type="submit" className="btn btn-primary">
        Use these columns
      </button>
    </form>
  );
}

/**
 * Bank statement import on the Payments view: staff pick the CSV their bank or UPI business app
 * exports; claims whose UTR and amount it shows are proposed for verification, ticked, and
 * verified together with one button. Wrong amounts and credits without a claim are listed for a
 * look by eye. Nothing is verified without the button.
 */
export function StatementImport({ onVerified }: { onVerified: () => void }) {
  const id = useId();
  const [csv, setCsv] = useState<string>();
  const [choosing, setChoosing] = useState<Choosing>();
  const [result, setResult] = useState<Imported>();
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState('');

  const run = async (text: string, mapping?: StatementMapping) => {
    setProblem('');
    setStatus('Reading the statement…');
    setResult(undefined);
    const read = await importStatement(text, mapping);
    setStatus('');
    if (!read.ok) return setProblem(failureText(read));
    const answer = read.value;
    if (answer.kind !== 'matched') return setChoosing(answer);
    setChoosing(undefined);
    setResult(answer);
    setChosen(new Set(answer.matches.map((m) => m.claim.id)));
    setStatus(
      `${answer.credits} credits read: ${answer.matches.length} match a claim, ${answer.mismatches.length} with another amount, ${answer.unclaimed.length} without a claim.`,
    );
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const text = await file.text();
    setCsv(text);
    await run(text);
  };

  const verify = async (e: FormEvent) => {
    e.preventDefault();
    setProblem('');
    const verified = await verifyClaims([...chosen]);
    if (!verified.ok) return setProblem(`Not verified: ${failureText(verified)}`);
    setResult(undefined);
    setStatus(bulkVerifiedText(verified.value));
    onVerified();
  };

  const toggle = (claimId: number) =>
    setChosen((now) => {
      const next = new Set(now);
      if (!next.delete(claimId)) next.add(claimId);
      return next;
    });

  return (
    <section className={styles.statement} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Match a bank statement</h2>
      <label htmlFor={`${id}-file`}>Statement (CSV from your bank or UPI business app)</label>
      <input id={`${id}-file`} type="file" accept=".csv,text/csv" onChange={(e) => void onFile(e.target.files?.[0])} />
      <p role="status">{status}</p>
      <p role="alert" className={styles.error}>
        {problem}
      </p>
      {choosing && csv !== undefined && <ColumnChoice choosing={choosing} onChoose={(m) => void run(csv, m)} />}
      {result && (
        <>
          {result.matches.length > 0 && (
            <form onSubmit={verify}>
              <fieldset>
                <legend>Claims this statement pays (UTR and amount match)</legend>
                {result.matches.map(({ claim, credit }) => (
                  <label key={claim.id} className={styles.statementRow}>
                    <input type="checkbox" checked={chosen.has(claim.id)} onChange={() => toggle(claim.id)} />
                    {formatRupees(claim.amountPaise)}, UTR {claim.utr}, {claim.contact} ({claim.reference}), statement{' '}
                    {creditText(credit)}
                  </label>
                ))}
              </fieldset>
              <button type="submit" className="btn btn-primary" disabled={chosen.size === 0}>
                Verify {chosen.size} {chosen.size === 1 ? 'claim' : 'claims'}
              </button>
            </form>
          )}
          {result.mismatches.length > 0 && (
            <>
              <h3>Another amount than claimed</h3>
              <ul>
                {result.mismatches.map(({ claim, credit }) => (
                  <li key={claim.id}>
                    UTR {claim.utr} ({claim.contact}): claimed {formatRupees(claim.amountPaise)}, statement{' '}
                    {creditText(credit)}
                  </li>
                ))}
              </ul>
            </>
          )}
          {result.unclaimed.length > 0 && (
            <>
              <h3>Credits without a claim</h3>
              <ul>
                {result.unclaimed.map((credit) => (
                  <li key={credit.line}>Statement {creditText(credit)}</li>
                ))}
              </ul>
            </>
          )}
          {result.problems.length > 0 && (
            <>
              <h3>Lines that could not be read</h3>
              <ul>
                {result.problems.map((p) => (
                  <li key={p.line}>{p.message}</li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}
