'use client';

import { useEffect, useState } from 'react';
import { type Session, upcoming } from '@/lib/calendar';
import styles from './next-session.module.css';

/**
 * The next masterclass session. The page lists the sessions still ahead at build time; in the
 * browser, sessions that have started since drop out, and with none left nothing is shown.
 */
export function NextSession({
  sessions,
  heading,
  details,
}: {
  sessions: readonly Session[];
  heading: string;
  details: string;
}) {
  const [left, setLeft] = useState(sessions);
  useEffect(() => setLeft(upcoming(sessions, Date.now())), [sessions]);
  const next = left[0];
  if (!next) return null;
  return (
    <section className={styles.strip} aria-label={heading}>
      <p className="container">
        <strong>{heading}</strong>{' '}
        <time dateTime={new Date(next.startMs).toISOString()} data-testid="next-session">
          {next.label}
        </time>{' '}
        · {details}
      </p>
    </section>
  );
}
