'use client';

import { useState } from 'react';
import { cellText, formatReceived } from '@/lib/dashboard/format';
import type { PersonRecord } from '@/lib/privacy/record';
import styles from './privacy.module.css';

type Submission = PersonRecord['submissions'][number];

const rupees = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`;

function FieldRow({
  field,
  value,
  onCorrect,
}: {
  field: string;
  value: unknown;
  onCorrect?: (field: string, value: string) => Promise<string | undefined>;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(typeof value === 'string' ? value : '');
  const [problem, setProblem] = useState<string>();
  const canEdit = onCorrect && typeof value === 'string';
  return (
    <tr>
      <th scope="row">{field}</th>
      <td>
        {editing && onCorrect ? (
          <form
            className={styles.inline}
            onSubmit={async (e) => {
              e.preventDefault();
              const error = await onCorrect(field, draft);
              setProblem(error);
              if (!error) setEditing(false);
            }}
          >
            <label>
              <span className="visually-hidden">New value of {field}</span>
              <input value={draft} onChange={(e) => setDraft(e.target.value)} maxLength={2000} />
            </label>
            <button type="submit" className="btn btn-primary">
              Save correction
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => setEditing(false)}>
              Cancel
            </button>
            {problem ? <span role="alert">{problem}</span> : null}
          </form>
        ) : (
          <>
            {cellText(value)}{' '}
            {canEdit ? (
              <button type="button" className={styles.linkButton} onClick={() => setEditing(true)}>
                Correct<span className="visually-hidden"> {field}</span>
              </button>
            ) : null}
          </>
        )}
      </td>
    </tr>
  );
}

function SubmissionCard({
  sub,
  onCorrect,
}: {
  sub: Submission;
  onCorrect?: (sub: Submission, field: string, value: string) => Promise<string | undefined>;
}) {
  return (
    <section className={styles.card} aria-label={`${sub.form} submission ${sub.id}`}>
      <h4>
        {sub.form} · #{sub.id} · received {formatReceived(sub.receivedAt)}
      </h4>
      <table className={styles.fields}>
        <tbody>
          {Object.entries(sub.payload).map(([field, value]) => (
            <FieldRow
              key={field}
              field={field}
              value={value}
              onCorrect={onCorrect ? (f, v) => onCorrect(sub, f, v) : undefined}
            />
          ))}
          <tr>
            <th scope="row">Status</th>
            <td>{sub.status}</td>
          </tr>
          {sub.note ? (
            <tr>
              <th scope="row">Note</th>
              <td>{sub.note}</td>
            </tr>
          ) : null}
          <tr>
            <th scope="row">Privacy notice shown</th>
            <td>{sub.noticeVersion ?? 'before notices were recorded'}</td>
          </tr>
        </tbody>
      </table>
      {sub.history.length > 0 ? (
        <ul className={styles.history}>
          {sub.history.map((h) => (
            <li key={`${h.at}-${h.field ?? ''}-${h.status ?? ''}`}>
              {formatReceived(h.at)} · {h.staff}:{' '}
              {h.field
                ? `corrected ${h.field}`
                : [h.status && `status ${h.status}`, h.note !== null && 'note changed'].filter(Boolean).join(', ')}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** Everything held about one person: the staff's one-person view and the visitor's "Your data" page. */
export function PersonRecordView({
  record,
  onCorrect,
}: {
  record: PersonRecord;
  onCorrect?: (sub: Submission, field: string, value: string) => Promise<string | undefined>;
}) {
  const requests = record.requests.length ? (
    <>
      <h3>Requests ({record.requests.length})</h3>
      <p>Requests are kept one year after they are answered, as proof, without the address.</p>
      <ul>
        {record.requests.map((r) => (
          <li key={r.id}>
            {r.kind} · asked {formatReceived(r.createdAt)} · {r.status}
            {r.status === 'open' ? ` · due ${formatReceived(r.dueAt)}` : ''}
          </li>
        ))}
      </ul>
    </>
  ) : null;
  if (record.submissions.length + record.claims.length + record.messages.length === 0) {
    return (
      <div className={styles.record}>
        <p role="status">Nothing is held about this address.</p>
        {requests}
      </div>
    );
  }
  return (
    <div className={styles.record}>
      <h3>Form submissions ({record.submissions.length})</h3>
      {record.submissions.map((sub) => (
        <SubmissionCard key={`${sub.form}-${sub.id}`} sub={sub} onCorrect={onCorrect} />
      ))}
      <h3>Payment claims ({record.claims.length})</h3>
      {record.claims.length ? (
        <ul>
          {record.claims.map((c) => (
            <li key={c.id}>
              {formatReceived(c.receivedAt)} · {rupees(c.amountPaise)} · UTR {c.utr} · {c.reference} · {c.contact} ·{' '}
              {c.status}
            </li>
          ))}
        </ul>
      ) : null}
      {record.certificates.length ? (
        <>
          <h3>Certificates ({record.certificates.length})</h3>
          <ul>
            {record.certificates.map((c) => (
              <li key={c.serial}>
                {c.serial} · {c.kind} · {c.course} · {c.holderName} · issued {formatReceived(c.issuedAt)} · {c.status}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h3>E-mail records ({record.messages.length})</h3>
      {record.messages.length ? (
        <ul>
          {record.messages.map((m) => (
            <li key={m.id}>
              {m.about}: {m.sentAt ? `sent ${formatReceived(m.sentAt)}` : 'not sent yet'}
            </li>
          ))}
        </ul>
      ) : null}
      {requests}
    </div>
  );
}
