'use client';

import { useId, useState, type FormEvent } from 'react';
import { changePassword } from '@/lib/dashboard/api';
import styles from './dashboard.module.css';

/** The signed-in staff member changes their own password; every session of theirs ends. */
export function AccountView({ onChanged }: { onChanged: () => void }) {
  const id = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [message, setMessage] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (next !== again) {
      setMessage('The two new passwords differ.');
      return;
    }
    setBusy(true);
    try {
      setMessage(await changePassword(current, next));
      onChanged();
    } catch (e) {
      setMessage(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
      setCurrent('');
    }
  }

  return (
    <form className={styles.signIn} onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Change your password</h2>
      <p className="muted">At least 12 characters. You will sign in again with the new password.</p>
      <label htmlFor={`${id}-current`}>Current password</label>
      <input
        id={`${id}-current`}
        type="password"
        autoComplete="current-password"
        required
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
      />
      <label htmlFor={`${id}-next`}>New password</label>
      <input
        id={`${id}-next`}
        type="password"
        autoComplete="new-password"
        minLength={12}
        required
        value={next}
        onChange={(e) => setNext(e.target.value)}
      />
      <label htmlFor={`${id}-again`}>New password again</label>
      <input
        id={`${id}-again`}
        type="password"
        autoComplete="new-password"
        minLength={12}
        required
        value={again}
        onChange={(e) => setAgain(e.target.value)}
      />
      <p role="status">{message}</p>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Changing…' : 'Change password'}
      </button>
    </form>
  );
}
