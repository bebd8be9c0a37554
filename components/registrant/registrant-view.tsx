'use client';

import { useCallback, useEffect, useState } from 'react';
import { indiaLabel } from '@/lib/india-time';
import type { JoinAnswer, RegistrantAnswer } from '@/lib/sessions/registrant';
import {
  cancelSeat,
  moveSeat,
  openJoinLink,
  readRegistration,
  takeLinkFromAddress,
} from '@/lib/sessions/registrant-client';
import { DoorTicket } from './door-ticket';
import { CancelSeat, MoveSeat } from './registrant-actions';
import { RegistrantBooks } from './registrant-books';
import { RegistrantCertificates } from './registrant-certificates';
import styles from './registrant.module.css';

type State =
  | { kind: 'loading' }
  | { kind: 'note'; heading: string; text: string }
  | { kind: 'ready'; token: string; answer: RegistrantAnswer };

const noLink: State = {
  kind: 'note',
  heading: 'Open this page from your e-mail',
  text: 'Your registration opens from the link in your latest e-mail from us.',
};

/** What the page shows for a join link's answer (the meeting itself opens in its place). */
function joinNote(answer: JoinAnswer): State {
  if (answer.state === 'early')
    return {
      kind: 'note',
      heading: 'Your join link is not open yet',
      text: `It opens at ${indiaLabel(Date.parse(answer.opensAt))}, 30 minutes before the start. Use the same link then.`,
    };
  if (answer.state === 'over')
    return {
      kind: 'note',
      heading: 'This session has ended',
      text: 'The join link worked until the end of the session.',
    };
  if (answer.state === 'no-link')
    return {
      kind: 'note',
      heading: 'The session is about to start',
      text: 'Its meeting link is being set up: try the same link again in a few minutes.',
    };
  return {
    kind: 'note',
    heading: 'This link does not open a session',
    text: 'A join link works only for a confirmed seat. Use the link in your latest e-mail from us, or write to us.',
  };
}

/** The page's title by the registration's kind: a course's by its name, when the page has it. */
export function registrationHeading(session: { kind: 'masterclass' | 'course'; title?: string | undefined }): string {
  if (session.kind !== 'course') return 'Your masterclass registration';
  return session.title ? `Your course registration: ${session.title}` : 'Your course registration';
}

/** One waitlist the registrant is on, and their place on it. */
function WaitlistPlace({ session, place }: RegistrantAnswer['waitlist'][number]) {
  return (
    <>
      <dt>Waitlist</dt>
      <dd data-testid="waitlist-place">
        Number {place} for the {session.kind === 'course' ? `intake of ${session.title}, starting ` : 'session of '}
        <time dateTime={session.startsAt}>{session.label}</time>
      </dd>
    </>
  );
}

/**
 * The registrant's own page, reached from their e-mails: the token is in the address's fragment
 * (never sent to a server with the page's address), taken out of the address bar as soon as it is
 * read, and sent to the service in a header. It shows the registration's status and, for a
 * masterclass seat whose session has not started, lets them move it or cancel. `children` are the
 * terms shown before cancelling; `refundTerms` those shown beside the refund box, by the kind.
 * The page is titled by the kind once the registration is read (the document's title too).
 */
export function RegistrantView({
  children,
  refundTerms,
  siteName,
}: {
  children: React.ReactNode;
  refundTerms: Record<'masterclass' | 'course', React.ReactNode>;
  siteName: string;
}) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [message, setMessage] = useState('');
  const heading = state.kind === 'ready' ? registrationHeading(state.answer.registration.session) : 'Your registration';
  // The tab's title by the registration's kind, once it is read (until then, the page's own). The
  // framework applies the page's static title to <head> as its metadata arrives, which can come
  // after this effect: the title is set again then.
  const kindTitle = state.kind === 'ready' ? `${heading} | ${siteName}` : undefined;
  useEffect(() => {
    if (!kindTitle) return;
    const title = kindTitle;
    const keep = () => {
      if (document.title !== title) document.title = title;
    };
    keep();
    const watch = new MutationObserver(keep);
    watch.observe(document.head, { childList: true, subtree: true, characterData: true });
    return () => watch.disconnect();
  }, [kindTitle]);

  const load = useCallback(async (token: string) => {
    const read = await readRegistration(token);
    if (!read.ok) {
      setState({ kind: 'note', heading: 'We could not open your registration', text: read.message });
      return;
    }
    setState({ kind: 'ready', token, answer: read.value });
  }, []);

  const join = useCallback(async (token: string) => {
    const answer = await openJoinLink(token);
    if (answer.state === 'open') window.location.replace(answer.url);
    else setState(joinNote(answer));
  }, []);

  useEffect(() => {
    const read = () => {
      const link = takeLinkFromAddress();
      if (link.kind === 'page') void load(link.token);
      else if (link.kind === 'join') void join(link.token);
      else setState(noLink);
    };
    read();
    window.addEventListener('hashchange', read);
    return () => window.removeEventListener('hashchange', read);
  }, [load, join]);

  const title = <h1 data-testid="registration-heading">{heading}</h1>;
  if (state.kind === 'loading')
    return (
      <>
        {title}
        <p role="status">Opening your registration…</p>
      </>
    );
  if (state.kind === 'note')
    return (
      <>
        {title}
        <div className={styles.card}>
          <h2>{state.heading}</h2>
          <p>{state.text}</p>
        </div>
      </>
    );

  const { token, answer } = state;
  const r = answer.registration;
  const cancellable = !answer.fixed && !r.sessionCancelled;
  /** Sends one change; its answer is shown, and the registration read again when it went through. */
  const act = async (change: (token: string) => Promise<{ ok: boolean; message: string }>) => {
    setMessage('');
    const res = await change(token);
    setMessage(res.message);
    if (res.ok) await load(token);
  };
  const course = r.session.kind === 'course';
  return (
    <>
      {title}
      <div className={styles.card}>
        <dl className={styles.facts}>
          <dt>Registration</dt>
          <dd>{r.reference}</dd>
          <dt>Status</dt>
          <dd data-testid="registration-status">{r.words}</dd>
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
          {answer.offer && r.status === 'registered' ? (
            <>
              <dt>Seat held until</dt>
              <dd data-testid="offer-deadline">
                <time dateTime={answer.offer.expiresAt}>{answer.offer.text}</time>: pay before then, or the seat passes
                to the next person waiting
              </dd>
            </>
          ) : null}
          {(answer.waitlist ?? []).map((w) => (
            <WaitlistPlace key={w.session.id} session={w.session} place={w.place} />
          ))}
        </dl>
        {answer.ticket ? <DoorTicket ticket={answer.ticket} /> : null}
        {answer.fixed && r.status !== 'cancelled' ? <p data-testid="registration-fixed">{answer.fixed}</p> : null}
        {/* While the seat can be cancelled, the cancel form shows the whole terms: the refund's are not repeated. */}
        <RegistrantBooks token={token} terms={cancellable ? null : refundTerms[r.session.kind]} />
        <RegistrantCertificates token={token} />
        <p role="status" className={styles.message}>
          {message}
        </p>
        {answer.fixed ? null : (
          <>
            <MoveSeat sessions={answer.moveTo} onMove={(sessionId) => act((t) => moveSeat(t, sessionId))} />
            {cancellable ? <CancelSeat onCancel={() => act(cancelSeat)}>{children}</CancelSeat> : null}
          </>
        )}
      </div>
    </>
  );
}
