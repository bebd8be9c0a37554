'use client';

import { useEffect, useState } from 'react';
import { formatReceived } from '@/lib/dashboard/format';
import { fetchRoster, type RosterEntry } from '@/lib/sessions/staff-client';
import type { StaffSession } from '@/lib/sessions/session';
import styles from './dashboard.module.css';

type PaidFilter = 'all' | 'paid' | 'unpaid';

const messageText = (m: RosterEntry['lastMessage']) => {
  if (!m) return '—';
  if (m.error.startsWith('skipped')) return `${m.kind}: not sent (${m.error.replace(/^skipped: /, '')})`;
  if (m.sentAt) return `${m.kind}: sent ${formatReceived(m.sentAt)}`;
  return `${m.kind}: waiting${m.error ? ` (${m.error})` : ''}`;
};

/**
 * A session's roster: each registrant as registered, claimed (payment details sent), verified and
 * joined (opened the join link), with their last message from the site; filtered by paid or unpaid.
 */
export function SessionRoster({ session }: { session: StaffSession }) {
  const [rows, setRows] = useState<RosterEntry[] | undefined>();
  const [error, setError] = useState('');
  const [paid, setPaid] = useState<PaidFilter>('all');
  useEffect(() => {
    setRows(undefined);
    fetchRoster(session.id)
      .then(setRows)
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, [session.id]);

  const active = (rows ?? []).filter((r) => !r.cancelledAt);
  const shown = active.filter((r) => paid === 'all' || (paid === 'paid') === r.verified);
  const tally = {
    registered: active.length,
    claimed: active.filter((r) => r.claimed).length,
    verified: active.filter((r) => r.verified).length,
    joined: active.filter((r) => r.joinedAt).length,
  };
  const yes = (v: boolean | string | null) => (v ? 'Yes' : '—');

  return (
    <section className={styles.tableBlock} aria-labelledby="roster-title">
      <h2 id="roster-title" className={styles.detailTitle}>
        Roster: {session.label}
      </h2>
      <p role="alert" className={styles.error}>
        {error}
      </p>
      <p className={styles.count} data-testid="roster-tally">
        {tally.registered} registered · {tally.claimed} claimed · {tally.verified} verified · {tally.joined} joined
      </p>
      <div className={styles.field}>
        <label htmlFor="roster-paid">Payment</label>
        <select id="roster-paid" value={paid} onChange={(e) => setPaid(e.target.value as PaidFilter)}>
          <option value="all">All</option>
          <option value="paid">Paid</option>
          <option value="unpaid">Unpaid</option>
        </select>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a scrollable table must be reachable by keyboard (WCAG 2.1.1); a <section> would join the navbar theme's scan. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: same reason */}
      <div className={styles.tableFrame} role="region" aria-label="Roster" tabIndex={0}>
        <table className={styles.table}>
          <caption className="visually-hidden">Roster of {session.label}</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">E-mail and phone</th>
              <th scope="col">Registered (IST)</th>
              <th scope="col">Claimed</th>
              <th scope="col">Verified</th>
              <th scope="col">Joined</th>
              <th scope="col">Last message</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((r) => (
              <tr key={r.seatId}>
                <td>{r.name}</td>
                <td className={styles.contactCell}>
                  {r.email}
                  <br />
                  {r.phone}
                </td>
                <td className={styles.nowrap}>{formatReceived(r.registeredAt)}</td>
                <td>{yes(r.claimed)}</td>
                <td>{yes(r.verified)}</td>
                <td>{r.joinedAt ? formatReceived(r.joinedAt) : '—'}</td>
                <td>{messageText(r.lastMessage)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
