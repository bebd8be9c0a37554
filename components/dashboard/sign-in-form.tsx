'use client';

import { useId, useState } from 'react';
import { useSubmitting } from '@/lib/dashboard/use-submitting';
import { PasswordInput } from './password-input';
import styles from './dashboard.module.css';
import { SubmitButton } from '@/components/forms/submit-button';

/** Staff sign-in: name and password; the service's message on failure. */
export function SignInForm({ signIn }: { signIn: (name: string, password: string) => Promise<string | undefined> }) {
  const id = useId();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const { busy, onSubmit } = useSubmitting(async () => {
    setError(undefined);
    const problem = await signIn(name.trim(), password);
    if (problem) {
      setError(problem);
      setPassword('');
    }
  });

  return (
    <form className={styles.signIn} onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Staff sign-in</h1>
      <p className="muted">Sign in to see the form submissions.</p>
      <label htmlFor={`${id}-name`}>Name</label>
      <input
        id={`${id}-name`}
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <PasswordInput name="password" label="Password" kind="current" value={password} onChange={setPassword} />
      <div role="alert" className={styles.error}>
        {error}
      </div>
      <SubmitButton busy={busy} label="Sign in" busyLabel="Signing in..." />
    </form>
  );
}
