'use client';

import { type FormEvent, useEffect, useState } from 'react';
import { askForChange, askForLink, downloadOwnData, openLink, saveFile } from '@/lib/privacy/privacy-client';
import { failureText, serviceHref } from '@/lib/service-client';
import { personFileName } from '@/lib/privacy/export';
import type { PersonRecord } from '@/lib/privacy/record';
import { linkFragment } from '@/lib/privacy/your-data';
import formStyles from '@/components/forms/forms.module.css';
import { Message, type Note, noteOf } from './message';
import { PersonRecordView } from './person-record';
import styles from './privacy.module.css';
import { SubmitButton } from '@/components/forms/submit-button';

interface Held {
  person: PersonRecord;
  erasures: Array<{ at: string }>;
}
type Opened = Held & { session: string; expiresAt: string };

/** Where a link is asked for (the form posts there itself without JavaScript). */
const linkPath = '/api/your-data/link';

/** Step one: the visitor's e-mail address; the answer is the same whether or not it is known. */
function AskForLink({ intro }: { intro?: string }) {
  const [email, setEmail] = useState('');
  const [note, setNote] = useState<Note>();
  const [busy, setBusy] = useState(false);
  return (
    <form
      className={styles.form}
      method="post"
      action={serviceHref(linkPath)}
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        const answer = await askForLink(email);
        setBusy(false);
        setNote(noteOf(answer));
      }}
    >
      {intro ? <p className={styles.error}>{intro}</p> : null}
      <label>
        Your e-mail address
        <input
          type="email"
          name="email"
          required
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </label>
      <SubmitButton busy={busy} label="Send me a link" busyLabel="Sending…" />
      <div className={formStyles.statusArea}>
        <Message note={note} />
      </div>
    </form>
  );
}

/** Step two: what is held, a download, and requests for correction or erasure. */
function WhatIsHeld({ opened }: { opened: Opened }) {
  const [note, setNote] = useState<Note>();
  const [details, setDetails] = useState('');
  const [sure, setSure] = useState(false);
  const ask = async (kind: 'correction' | 'erasure') => {
    setNote(noteOf(await askForChange(opened.session, kind, kind === 'correction' ? details : '')));
  };
  const download = async () => {
    const answer = await downloadOwnData(opened.session);
    if (answer.ok) saveFile(answer.value, personFileName('json', new Date()));
    else setNote({ kind: 'error', text: failureText(answer) });
  };
  /** A request form's submit: the request, sent from the page (no full-page post). */
  const asking = (kind: 'correction' | 'erasure') => (e: FormEvent) => {
    e.preventDefault();
    void ask(kind);
  };
  const until = new Date(opened.expiresAt).toLocaleTimeString('en-IN', { hour: '2-digit', minute: '2-digit' });
  return (
    <div>
      <p>This page shows your data until {until}; after that, ask for a new link.</p>
      {opened.erasures.length > 0 ? (
        <p>
          Data held under this address was erased on{' '}
          {opened.erasures.map((e) => new Date(e.at).toLocaleDateString('en-IN')).join(', ')}.
        </p>
      ) : null}
      <PersonRecordView record={opened.person} />
      <div className={styles.actions}>
        <button type="button" className="btn btn-ghost" onClick={download}>
          Download my data (JSON)
        </button>
      </div>
      <form className={styles.form} onSubmit={asking('correction')}>
        <label>
          What should we correct?
          <textarea value={details} onChange={(e) => setDetails(e.target.value)} maxLength={2000} rows={3} />
        </label>
        <button type="submit" className="btn btn-primary">
          Ask for a correction
        </button>
      </form>
      <form className={styles.danger} onSubmit={asking('erasure')}>
        <label>
          <input type="checkbox" checked={sure} onChange={(e) => setSure(e.target.checked)} /> Erase everything you hold
          about me. I understand this cannot be undone; payments are kept for the tax records without my name, e-mail or
          phone.
        </label>{' '}
        <button type="submit" className="btn btn-primary" disabled={!sure}>
          Ask for erasure
        </button>
      </form>
      <div className={formStyles.statusArea}>
        <Message note={note} />
      </div>
    </div>
  );
}

/**
 * The "Your data" page: the visitor gives their e-mail and receives a one-time link (the token in
 * the address's fragment, which no server sees); opening it shows what is held.
 */
export function YourData({ grievance }: { grievance: { name: string; email: string } }) {
  const [state, setState] = useState<
    { kind: 'ask'; intro?: string } | { kind: 'opening' } | { kind: 'open'; opened: Opened }
  >({
    kind: 'ask',
  });
  useEffect(() => {
    const open = () => {
      const token = new URLSearchParams(window.location.hash.slice(1)).get(linkFragment);
      if (!token) return;
      // The token leaves the address bar (and the history) at once.
      window.history.replaceState(null, '', window.location.pathname);
      setState({ kind: 'opening' });
      void openLink(token).then((answer) =>
        setState(answer.ok ? { kind: 'open', opened: answer.value } : { kind: 'ask', intro: failureText(answer) }),
      );
    };
    open();
    // A link pasted into this page's own tab changes only the fragment.
    window.addEventListener('hashchange', open);
    return () => window.removeEventListener('hashchange', open);
  }, []);
  return (
    <>
      <noscript>
        <p>
          Asking for a link works without JavaScript; seeing your data through it needs JavaScript. You can also write
          to {grievance.name} at <a href={`mailto:${grievance.email}`}>{grievance.email}</a>.
        </p>
      </noscript>
      {state.kind === 'ask' ? <AskForLink intro={state.intro} /> : null}
      {state.kind === 'opening' ? <p role="status">Opening your link…</p> : null}
      {state.kind === 'open' ? <WhatIsHeld opened={state.opened} /> : null}
      <p>
        Questions or complaints: {grievance.name}, <a href={`mailto:${grievance.email}`}>{grievance.email}</a>. If we do
        not resolve your complaint, you may complain to the Data Protection Board of India.
      </p>
    </>
  );
}
