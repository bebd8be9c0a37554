'use client';

import { useId, useState, type FormEvent } from 'react';
import styles from './dashboard.module.css';

/** Staff sign-in: name and password; the service's message on failure. */
export function SignInForm({ signIn }: { signIn: (name: string, password: string) => Promise<string | undefined> }) {
  const id = useId();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    const problem = await signIn(name.trim(), password);
    setBusy(false);
    if (problem) {
      setError(problem);
      setPassword('');
    }
  }

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
      <label htmlFor={`${id}-password`}>Password</label>
      <input
        id={`${id}-password`}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <div role="alert" className={styles.error}>
        {error}
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Signing in...' : 'Sign in'}
      </button>
    </form>
  );
}
