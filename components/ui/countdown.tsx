'use client';

import { useEffect, useState } from 'react';
import { remainingSeconds, splitSeconds } from '@/lib/countdown';
import styles from './countdown.module.css';

const units = ['days', 'hours', 'minutes', 'seconds'] as const;

/** A countdown that starts at `startSeconds` when the page opens, ticks each second and stops at zero. */
export function Countdown({ startSeconds, label }: { startSeconds: number; label: string }) {
  const [left, setLeft] = useState(startSeconds);

  useEffect(() => {
    const startedAt = Date.now();
    const timer = setInterval(() => {
      const next = remainingSeconds(startSeconds, startedAt, Date.now());
      setLeft(next);
      if (next === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [startSeconds]);

  const parts = splitSeconds(left);
  return (
    <div className={styles.countdown} role="timer" aria-label={label} aria-live="off">
      {units.map((unit) => (
        <div key={unit} className={styles.unit}>
          <span className={styles.value} data-unit={unit}>
            {String(parts[unit]).padStart(2, '0')}
          </span>
          <span className={styles.name}>{unit}</span>
        </div>
      ))}
      {left === 0 ? <p className={styles.done}>We are live — thank you for waiting!</p> : null}
    </div>
  );
}
