'use client';

import { useId, useState } from 'react';
import { changePassword } from '@/lib/dashboard/dashboard-client';
import { useSubmitting } from '@/lib/dashboard/use-submitting';
import { failureText } from '@/lib/service-client';
import { PasswordInput } from './password-input';
import styles from './dashboard.module.css';
import { SubmitButton } from '@/components/forms/submit-button';

/** The signed-in staff member changes their own password; every session of theirs ends. */
export function AccountView({ onChanged }: { onChanged: () => void }) {
  const id = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [message, setMessage] = useState<string | undefined>();
  const { busy, onSubmit } = useSubmitting(async () => {
    if (next !== again) {
      setMessage('The two new passwords differ.');
      return;
    }
    const changed = await changePassword(current, next);
    setCurrent('');
    setMessage(changed.ok ? changed.value : failureText(changed));
    if (changed.ok) onChanged();
  });

  return (
    <form className={styles.signIn} onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Change your password</h2>
      <p className="muted">At least 12 characters. You will sign in again with the new password.</p>
      <PasswordInput label="Current password" kind="current" value={current} onChange={setCurrent} />
      <PasswordInput label="New password" kind="new" value={next} onChange={setNext} />
      <PasswordInput label="New password again" kind="new" value={again} onChange={setAgain} />
      <p role="status">{message}</p>
      <SubmitButton busy={busy} label="Change password" busyLabel="Changing…" />
    </form>
  );
}
