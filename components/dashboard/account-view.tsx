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
      <PasswordInput
        id={`${id}-current`}
        label="Current password"
        kind="current"
        value={current}
        onChange={setCurrent}
      />
      <PasswordInput id={`${id}-next`} label="New password" kind="new" value={next} onChange={setNext} />
      <PasswordInput id={`${id}-again`} label="New password again" kind="new" value={again} onChange={setAgain} />
      <p role="status">{message}</p>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Changing…' : 'Change password'}
      </button>
    </form>
  );
}

/** A labelled password input; a new password needs at least 12 characters. */
function PasswordInput(props: {
  id: string;
  label: string;
  kind: 'current' | 'new';
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <>
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        type="password"
        autoComplete={`${props.kind}-password`}
        minLength={props.kind === 'new' ? 12 : undefined}
        required
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </>
  );
}
