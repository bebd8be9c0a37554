'use client';

import { useState } from 'react';
import type { PublicSession } from '@/lib/sessions/session';
import styles from './registrant.module.css';

/** Moves a masterclass seat to another upcoming session with seats (none listed: nothing shown). */
export function MoveSeat({
  sessions,
  onMove,
}: {
  sessions: readonly PublicSession[];
  onMove: (sessionId: number) => Promise<void>;
}) {
  const [moveTo, setMoveTo] = useState('');
  if (sessions.length === 0) return null;
  return (
    <form
      className={styles.action}
      onSubmit={(e) => {
        e.preventDefault();
        if (moveTo) void onMove(Number(moveTo));
      }}
    >
      <label htmlFor="move-to">Move to another session</label>
      <select id="move-to" value={moveTo} onChange={(e) => setMoveTo(e.target.value)}>
        <option value="">Choose a session</option>
        {sessions.map((s) => (
          <option key={s.id} value={s.id}>
            {s.label} ({s.seatsLeft} {s.seatsLeft === 1 ? 'seat' : 'seats'} left)
          </option>
        ))}
      </select>
      <button type="submit" className="btn btn-primary" disabled={!moveTo}>
        Move my seat
      </button>
    </form>
  );
}

/** Cancels a masterclass seat once the terms (`children`) are read. */
export function CancelSeat({ onCancel, children }: { onCancel: () => Promise<void>; children: React.ReactNode }) {
  const [agreed, setAgreed] = useState(false);
  return (
    <form
      className={styles.action}
      onSubmit={(e) => {
        e.preventDefault();
        if (agreed) void onCancel();
      }}
    >
      <h2>Cancel my registration</h2>
      {children}
      <label className={styles.check}>
        <input type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} /> I have read the
        masterclass terms above
      </label>
      <button type="submit" className="btn btn-ghost" disabled={!agreed}>
        Cancel my registration
      </button>
    </form>
  );
}
