'use client';

import { useEffect, useState } from 'react';
import { type CountdownTarget, secondsLeft, splitSeconds } from '@/lib/countdown';
import styles from './countdown.module.css';

const units = ['days', 'hours', 'minutes', 'seconds'] as const;

/**
 * A countdown that ticks each second and stops at zero, then shows `doneText`. It counts a fixed
 * span from when the page opens, or down to a real moment (the same for every visitor). The page
 * renders `initialSeconds` (as of the build) until the script takes over.
 */
export function Countdown({
  target,
  initialSeconds,
  label,
  doneText,
}: {
  target: CountdownTarget;
  initialSeconds: number;
  label: string;
  doneText: string;
}) {
  const [left, setLeft] = useState(initialSeconds);

  useEffect(() => {
    const openedAt = Date.now();
    const tick = () => {
      const next = secondsLeft(target, openedAt, Date.now());
      setLeft(next);
      return next;
    };
    if (target.kind === 'moment' && tick() === 0) return;
    const timer = setInterval(() => {
      if (tick() === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [target]);

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
      {left === 0 ? <p className={styles.done}>{doneText}</p> : null}
    </div>
  );
}
