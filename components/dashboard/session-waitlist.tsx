'use client';

import { useState } from 'react';
import { formatReceived } from '@/lib/dashboard/format';
import type { StaffSession } from '@/lib/sessions/session';
import { moveOnWaitlistCall, type WaitlistEntry } from '@/lib/sessions/staff-client';
import styles from './dashboard.module.css';

const statusText: Record<WaitlistEntry['status'], string> = {
  waiting: 'Waiting',
  offered: 'Offered',
  taken: 'Took the seat',
  lapsed: 'Offer lapsed',
};

/**
 * A session's waitlist under its roster: those waiting in their order, each with buttons to move
 * them one place up or down (ordinary buttons: Tab and Enter or Space), then the offers made. The
 * first person waiting is offered the next seat that frees.
 */
export function WaitlistSection({
  session,
  rows,
  onChange,
}: {
  session: StaffSession;
  rows: readonly WaitlistEntry[];
  onChange: (rows: WaitlistEntry[]) => void;
}) {
  const [message, setMessage] = useState('');
  const waiting = rows.filter((r) => r.status === 'waiting');
  const move = async (row: WaitlistEntry, direction: 'up' | 'down') => {
    const answer = await moveOnWaitlistCall(session.id, row.id, direction);
    if (answer.waitlist) onChange(answer.waitlist);
    setMessage(answer.waitlist ? `${row.name} moved ${direction}.` : answer.message);
  };
  return (
    <section aria-labelledby="waitlist-title">
      <h3 id="waitlist-title" className={styles.detailTitle}>
        Waitlist ({waiting.length} waiting)
      </h3>
      <p role="status" className={styles.count}>
        {message}
      </p>
      {rows.length === 0 ? (
        <p>Nobody is waiting for this {session.kind === 'course' ? 'intake' : 'session'}.</p>
      ) : (
        <ul className={styles.waitlist} data-testid="waitlist">
          {rows.map((r) => (
            <li key={r.id}>
              <span>
                {r.place ? `${r.place}. ` : ''}
                {r.name} · {r.email} · {r.phone} · joined {formatReceived(r.joinedAt)} · {statusText[r.status]}
                {r.status === 'offered' && r.offerExpiresAt ? ` until ${formatReceived(r.offerExpiresAt)}` : ''}
              </span>
              {r.place ? (
                <span className={styles.waitlistMoves}>
                  <button
                    type="button"
                    className="btn btn-secondary"
                    disabled={r.place === 1}
                    aria-label={`Move ${r.name} up`}
                    onClick={() => move(r, 'up')}
                  >
                    Up
                  </button>
                  <button
                    type="button"
                    className="btn btn-secondary"
                    disabled={r.place === waiting.length}
                    aria-label={`Move ${r.name} down`}
                    onClick={() => move(r, 'down')}
                  >
                    Down
                  </button>
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
