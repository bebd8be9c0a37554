'use client';

import { useEffect, useId, useState, type FormEvent } from 'react';
import { patchSubmission, useSubmission } from '@/lib/dashboard/dashboard-client';
import { cellText, formatReceived } from '@/lib/dashboard/format';
import { columnLabel } from '@/lib/dashboard/labels';
import { maxNoteLength, statusLabels, type SubmissionStatus } from '@/lib/dashboard/workspace';
import { failureText } from '@/lib/service-client';
import { TableStates } from './table-states';
import { StatusSelect } from './work-table';
import styles from './dashboard.module.css';
import { SubmitButton } from '@/components/forms/submit-button';
import { ViewLink } from './view-link';

/** One submission: every field, its status and note (saved together), and who changed what when. */
export function SubmissionDetail({
  form,
  id,
  keys,
  backHref,
}: {
  form: string;
  id: number;
  keys: readonly string[];
  backHref: string;
}) {
  const uid = useId();
  const { data, failure, isLoading, mutate } = useSubmission(form, id);
  const [status, setStatus] = useState<SubmissionStatus>('new');
  const [note, setNote] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | undefined>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!data) return;
    setStatus(data.row.status);
    setNote(data.row.note);
  }, [data]);

  async function onSave(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!data) return;
    const change: { status?: SubmissionStatus; note?: string } = {};
    if (status !== data.row.status) change.status = status;
    if (note.trim() !== data.row.note) change.note = note;
    if (change.status === undefined && change.note === undefined) {
      setMessage({ ok: true, text: 'Nothing changed.' });
      return;
    }
    setBusy(true);
    const patched = await patchSubmission(form, id, change);
    if (patched.ok) await mutate(patched.value);
    setMessage(patched.ok ? { ok: true, text: 'Saved.' } : { ok: false, text: `Not saved: ${failureText(patched)}` });
    setBusy(false);
  }

  return (
    <div className={styles.detail}>
      <ViewLink href={backHref} className={styles.back}>
        ← Back to the table
      </ViewLink>
      <TableStates loading={isLoading} failure={failure} empty={false}>
        {data ? (
          <>
            <h2 className={styles.detailTitle}>
              Submission {data.row.id}
              {data.row.paid ? <span className={styles.paid}>Paid</span> : null}
            </h2>
            <p className={styles.count}>Received {formatReceived(data.row.receivedAt)} (India time)</p>
            <dl className={styles.fields}>
              {keys.map((key) => (
                <div key={key}>
                  <dt>{columnLabel(form, key)}</dt>
                  <dd>{cellText(data.row.payload[key]) || '—'}</dd>
                </div>
              ))}
            </dl>
            <form className={styles.workForm} onSubmit={onSave}>
              <div className={styles.field}>
                <label htmlFor={`${uid}-status`}>Status</label>
                <StatusSelect id={`${uid}-status`} value={status} onChange={setStatus} />
              </div>
              <div className={styles.field}>
                <label htmlFor={`${uid}-note`}>Staff note</label>
                <textarea
                  id={`${uid}-note`}
                  rows={4}
                  maxLength={maxNoteLength}
                  value={note}
                  onChange={(e) => setNote(e.target.value)}
                />
              </div>
              <SubmitButton busy={busy} label="Save" busyLabel="Saving…" />
              <p role="status" className={message && !message.ok ? styles.error : styles.saved}>
                {message?.text}
              </p>
            </form>
            <section aria-labelledby={`${uid}-history`}>
              <h3 id={`${uid}-history`}>History</h3>
              {data.history.length === 0 ? (
                <p className={styles.count}>No changes yet.</p>
              ) : (
                <ol className={styles.history}>
                  {data.history.map((h) => (
                    <li key={h.id}>
                      <time dateTime={h.at}>{formatReceived(h.at)}</time> · <strong>{h.staff}</strong>
                      {h.status ? ` set the status to ${statusLabels[h.status]}` : ''}
                      {h.status && h.note !== null ? ' and' : ''}
                      {h.note !== null ? (h.note ? ` noted “${h.note}”` : ' cleared the note') : ''}
                    </li>
                  ))}
                </ol>
              )}
            </section>
          </>
        ) : null}
      </TableStates>
    </div>
  );
}
