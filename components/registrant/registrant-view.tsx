'use client';

import { serviceFetch } from '@/lib/service-client';
import { useCallback, useEffect, useState } from 'react';
import { indiaLabel } from '@/lib/india-time';
import type { PublicSession } from '@/lib/sessions/session';
import { RegistrantBooks } from './registrant-books';
import styles from './registrant.module.css';

interface Registration {
  reference: string;
  status: 'registered' | 'claimed' | 'verified' | 'cancelled';
  session: PublicSession;
  sessionCancelled: boolean;
}

type State =
  | { kind: 'loading' }
  | { kind: 'note'; heading: string; text: string }
  | { kind: 'ready'; token: string; registration: Registration; moveTo: PublicSession[] };

const statusText: Record<Registration['status'], string> = {
  registered: 'Registered: waiting for your payment details',
  claimed: 'Payment details received: our team is verifying them',
  verified: 'Confirmed: your payment is verified',
  cancelled: 'Cancelled',
};

/** What the address's fragment says: a join link outside its window, or the page's own token. */
function fromFragment(hash: string): State | { kind: 'token'; token: string } {
  const value = decodeURIComponent(hash.replace(/^#/, ''));
  const opens = /^opens-(.+)$/.exec(value)?.[1];
  if (opens && !Number.isNaN(Date.parse(opens))) {
    return {
      kind: 'note',
      heading: 'Your join link is not open yet',
      text: `It opens at ${indiaLabel(Date.parse(opens))}, 30 minutes before the start. Use the same link then.`,
    };
  }
  if (value === 'over')
    return {
      kind: 'note',
      heading: 'This session has ended',
      text: 'The join link worked until the end of the session.',
    };
  if (value === 'no-link')
    return {
      kind: 'note',
      heading: 'The session is about to start',
      text: 'Its meeting link is being set up: try the same link again in a few minutes.',
    };
  if (value === 'closed' || !/^\d+\.[\w-]{27}$/.test(value))
    return {
      kind: 'note',
      heading: 'This link does not open a session',
      text: 'A join link works only for a confirmed seat. Use the link in your latest e-mail from us, or write to us.',
    };
  return { kind: 'token', token: value };
}

async function call(
  url: `/${string}`,
  init?: RequestInit,
): Promise<{ ok: boolean; status: number; body: Record<string, unknown> }> {
  try {
    const res = await serviceFetch(url, {
      ...init,
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    });
    const body: unknown = await res.json().catch(() => ({}));
    return {
      ok: res.ok,
      status: res.status,
      body: typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {},
    };
  } catch {
    return {
      ok: false,
      status: 0,
      body: { message: 'Our service could not be reached. Please try again in a minute.' },
    };
  }
}

/**
 * The registrant's own page, reached from their e-mails: the token is in the address's fragment
 * (never sent to a server or a log with the page's address). It shows their registration's status,
 * lets them move to another session with seats, or cancel.
 */
export function RegistrantView({ children }: { children: React.ReactNode }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [message, setMessage] = useState('');
  const [moveTo, setMoveTo] = useState('');
  const [agreed, setAgreed] = useState(false);

  const load = useCallback(async (token: string) => {
    const res = await call(`/api/registrant/${token}`);
    if (!res.ok) {
      setState({ kind: 'note', heading: 'We could not open your registration', text: String(res.body.message ?? '') });
      return;
    }
    setState({
      kind: 'ready',
      token,
      registration: res.body.registration as Registration,
      moveTo: (res.body.moveTo as PublicSession[]) ?? [],
    });
  }, []);

  useEffect(() => {
    const read = () => {
      const found = fromFragment(window.location.hash);
      if (found.kind === 'token') void load(found.token);
      else setState(found);
    };
    read();
    window.addEventListener('hashchange', read);
    return () => window.removeEventListener('hashchange', read);
  }, [load]);

  if (state.kind === 'loading') return <p role="status">Opening your registration…</p>;
  if (state.kind === 'note')
    return (
      <div className={styles.card}>
        <h2>{state.heading}</h2>
        <p>{state.text}</p>
      </div>
    );

  const { registration: r, token } = state;
  const act = async (path: string, body?: unknown) => {
    setMessage('');
    const res = await call(`/api/registrant/${token}/${path}`, { method: 'POST', body: JSON.stringify(body ?? {}) });
    setMessage(String(res.body.message ?? ''));
    if (res.ok) await load(token);
  };
  const course = r.session.kind === 'course';
  // A course place is changed or cancelled by writing to the studio (course fees are not refundable).
  const open = r.status !== 'cancelled' && !r.sessionCancelled && !course;
  return (
    <div className={styles.card}>
      <dl className={styles.facts}>
        <dt>Registration</dt>
        <dd>{r.reference}</dd>
        <dt>Status</dt>
        <dd data-testid="registration-status">{statusText[r.status]}</dd>
        <dt>{course ? 'Intake' : 'Session'}</dt>
        <dd>
          {course ? `${r.session.title}, starts ` : ''}
          <time dateTime={r.session.startsAt}>{r.session.label}</time>
          {course && r.session.mode === 'offline' ? `, at ${r.session.location}` : ''}
          {r.sessionCancelled
            ? course
              ? ' (cancelled by the studio: write to us and we will find you another intake)'
              : ' (cancelled by the studio: choose another session below)'
            : ''}
        </dd>
      </dl>
      {course && r.status !== 'cancelled' ? <p>To change your intake, write to us.</p> : null}
      <RegistrantBooks token={token} />
      <p role="status" className={styles.message}>
        {message}
      </p>
      {r.status !== 'cancelled' && state.moveTo.length > 0 ? (
        <form
          className={styles.action}
          onSubmit={(e) => {
            e.preventDefault();
            if (moveTo) void act('move', { sessionId: Number(moveTo) });
          }}
        >
          <label htmlFor="move-to">Move to another session</label>
          <select id="move-to" value={moveTo} onChange={(e) => setMoveTo(e.target.value)}>
            <option value="">Choose a session</option>
            {state.moveTo.map((s) => (
              <option key={s.id} value={s.id}>
                {s.label} ({s.seatsLeft} {s.seatsLeft === 1 ? 'seat' : 'seats'} left)
              </option>
            ))}
          </select>
          <button type="submit" className="btn btn-primary" disabled={!moveTo}>
            Move my seat
          </button>
        </form>
      ) : null}
      {open ? (
        <form
          className={styles.action}
          onSubmit={(e) => {
            e.preventDefault();
            if (agreed) void act('cancel');
          }}
        >
          <h2>Cancel my registration</h2>
          {children}
          <label className={styles.check}>
            <input type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} /> I have read the
            masterclass terms above
          </label>
          <button type="submit" className="btn btn-ghost" disabled={!agreed}>
            Cancel my registration
          </button>
        </form>
      ) : null}
    </div>
  );
}
