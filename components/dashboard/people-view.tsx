'use client';

import { useEffect, useState } from 'react';
import { EraseConfirm } from '@/components/privacy/erase-confirm';
import { Message, type Note } from '@/components/privacy/message';
import { PersonRecordView } from '@/components/privacy/person-record';
import { formatReceived } from '@/lib/dashboard/format';
import { useOutcome } from '@/lib/dashboard/dashboard-client';
import {
  answerRequest,
  correctField,
  erasePerson,
  exportPerson,
  fetchRequests,
  type Found,
  saveFile,
  searchPerson,
} from '@/lib/privacy/privacy-client';
import { failureText } from '@/lib/service-client';
import { type ErasureSummary, erasureSummary } from '@/lib/privacy/erasure';
import { personFileName } from '@/lib/privacy/export';
import styles from '@/components/privacy/privacy.module.css';

/**
 * One person across every table: staff type an e-mail or phone, see everything held, download it
 * (JSON, CSV), correct a field, or erase it all. Each of these is written to the access log.
 */
export function PeopleView({ initial = '' }: { initial?: string }) {
  const [q, setQ] = useState(initial);
  const [found, setFound] = useState<Found>();
  const [note, setNote] = useState<Note>();
  const load = async (query = q) => {
    const answer = await searchPerson(query);
    if (answer.ok) setFound(answer.value);
    else setNote({ kind: 'error', text: failureText(answer) });
    return answer.ok;
  };
  // Opened from a request: show the person at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the address it was opened with
  useEffect(() => {
    if (initial) void load(initial);
  }, [initial]);
  const download = async (format: 'json' | 'csv') => {
    const answer = await exportPerson(q, format);
    if (answer.ok) saveFile(answer.value, personFileName(format, new Date()));
    else setNote({ kind: 'error', text: failureText(answer) });
  };
  return (
    <div>
      <form
        className={styles.form}
        onSubmit={async (e) => {
          e.preventDefault();
          setNote(undefined);
          await load();
        }}
      >
        <label>
          E-mail or phone
          <input value={q} onChange={(e) => setQ(e.target.value)} maxLength={254} required />
        </label>
        <button type="submit" className="btn btn-primary">
          Find
        </button>
      </form>
      <Message note={note} />
      {found ? (
        <section aria-label={`Everything held about ${found.masked}`}>
          <h2>Everything held about {found.masked}</h2>
          {found.erasures.map((e) => (
            <p key={e.at}>
              Erased {formatReceived(e.at)} by {e.by} ({e.reason}).
            </p>
          ))}
          <div className={styles.actions}>
            <button type="button" className="btn btn-ghost" onClick={() => void download('json')}>
              Export JSON
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => void download('csv')}>
              Export CSV
            </button>
          </div>
          <PersonRecordView
            record={found.person}
            onCorrect={async (sub, field, value) => {
              const answer = await correctField(q, { form: sub.form, id: sub.id, field, value });
              if (!answer.ok) return failureText(answer);
              setNote({ kind: 'info', text: answer.value.message });
              await load();
              return undefined;
            }}
          />
          <div className={styles.danger}>
            <EraseConfirm
              label="Erase this person…"
              describe={async () => erasureSummary(found.person)}
              erase={async () => {
                const answer = await erasePerson(q);
                if (!answer.ok) return setNote({ kind: 'error', text: failureText(answer) });
                setNote({
                  kind: 'info',
                  text: 'Erased. Verified payments are kept for the tax records without contact.',
                });
                await load();
              }}
            />
          </div>
        </section>
      ) : null}
    </div>
  );
}

/** Whom an erasure request names and what erasing them removes (a search, so it is in the access log). */
async function summaryOf(email: string): Promise<ErasureSummary | string> {
  const answer = await searchPerson(email);
  return answer.ok ? erasureSummary(answer.value.person) : failureText(answer);
}

/**
 * Visitors' requests from the "Your data" page: due date, status, and the action that answers each
 * (an erasure after a confirmation naming the person and what goes); `onChanged` refreshes the sidebar.
 */
export function RequestsView({ onChanged }: { onChanged?: () => void }) {
  const [person, setPerson] = useState<string>();
  const { data, failure, mutate } = useOutcome('privacy/requests', fetchRequests, { revalidateOnFocus: false });
  const [note, setNote] = useState<Note>();
  const [outcome, setOutcome] = useState<Record<number, string>>({});
  if (failure) return <p role="alert">Could not load the requests: {failureText(failure)}</p>;
  if (!data) return <p role="status">Loading data...</p>;
  if (data.length === 0) return <p role="status">No requests yet.</p>;
  const act = async (id: number, action: 'erase' | 'done' | 'refuse') => {
    const answer = await answerRequest(id, action, outcome[id] ?? '');
    setNote(
      answer.ok
        ? {
            kind: 'info',
            text: `${answer.value.message}${answer.value.told ? ' The visitor was told by e-mail.' : ''}`,
          }
        : { kind: 'error', text: failureText(answer) },
    );
    await mutate();
    onChanged?.();
  };
  const now = Date.now();
  return (
    <div>
      <Message note={note} />
      <ol className={styles.record}>
        {data.map((r) => (
          <li key={r.id} className={styles.card} aria-label={`Request ${r.id}`}>
            <p>
              <strong>
                #{r.id} {r.kind}
              </strong>{' '}
              · asked {formatReceived(r.createdAt)} ·{' '}
              {r.status === 'open' ? (
                <span className={new Date(r.dueAt).getTime() < now ? styles.overdue : undefined}>
                  open, due {formatReceived(r.dueAt)}
                </span>
              ) : (
                `${r.status} ${r.doneAt ? formatReceived(r.doneAt) : ''} by ${r.doneBy ?? ''}`
              )}
            </p>
            {r.details ? <p>“{r.details}”</p> : null}
            {r.outcome ? <p>Outcome: {r.outcome}</p> : null}
            {r.status === 'open' && r.email ? (
              <div className={styles.actions}>
                <button type="button" className={styles.linkButton} onClick={() => setPerson(r.email ?? undefined)}>
                  Open this person
                </button>
                {r.kind === 'erasure' ? (
                  <EraseConfirm
                    label="Erase and tell the visitor…"
                    describe={() => summaryOf(r.email ?? '')}
                    erase={() => act(r.id, 'erase')}
                  />
                ) : null}
                <label>
                  <span className="visually-hidden">Outcome of request {r.id}</span>
                  <input
                    placeholder="What was done, or why not"
                    value={outcome[r.id] ?? ''}
                    onChange={(e) => setOutcome({ ...outcome, [r.id]: e.target.value })}
                  />
                </label>
                <button type="button" className="btn btn-ghost" onClick={() => void act(r.id, 'done')}>
                  Mark done
                </button>
                <button type="button" className="btn btn-ghost" onClick={() => void act(r.id, 'refuse')}>
                  Refuse
                </button>
              </div>
            ) : null}
          </li>
        ))}
      </ol>
      {person ? <PeopleView key={person} initial={person} /> : null}
    </div>
  );
}
