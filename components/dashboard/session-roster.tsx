'use client';

import { useEffect, useState } from 'react';
import { formatReceived } from '@/lib/dashboard/format';
import { fetchRoster, type RosterEntry, type WaitlistEntry } from '@/lib/sessions/staff-client';
import type { StaffSession } from '@/lib/sessions/session';
import { type Column, TableFrame } from './table-states';
import { WaitlistSection } from './session-waitlist';
import styles from './dashboard.module.css';

type PaidFilter = 'all' | 'paid' | 'unpaid';

const messageText = (m: RosterEntry['lastMessage']) => {
  if (!m) return '—';
  if (m.error.startsWith('skipped')) return `${m.kind}: not sent (${m.error.replace(/^skipped: /, '')})`;
  if (m.sentAt) return `${m.kind}: sent ${formatReceived(m.sentAt)}`;
  return `${m.kind}: waiting${m.error ? ` (${m.error})` : ''}`;
};

/** Attendance: checked in at the door (offline), or the join link opened (online). */
const attendedText = (r: RosterEntry) =>
  r.checkedInAt
    ? `Checked in ${formatReceived(r.checkedInAt)}`
    : r.joinedAt
      ? `Joined ${formatReceived(r.joinedAt)}`
      : '—';

const yes = (v: boolean | string | null) => (v ? 'Yes' : '—');

const columns: readonly Column<RosterEntry>[] = [
  { name: 'Name', cell: (r) => r.name },
  {
    name: 'E-mail and phone',
    className: styles.contactCell,
    cell: (r) => (
      <>
        {r.email}
        <br />
        {r.phone}
      </>
    ),
  },
  { name: 'Registered (IST)', className: styles.nowrap, cell: (r) => formatReceived(r.registeredAt) },
  { name: 'Claimed', cell: (r) => yes(r.claimed) },
  { name: 'Verified', cell: (r) => yes(r.verified) },
  { name: 'Attended (IST)', cell: attendedText },
  { name: 'Last message', cell: (r) => messageText(r.lastMessage) },
];

/**
 * A session's roster: each registrant as registered, claimed (payment details sent), verified and
 * attended (checked in at the door, or opened the join link), with their last message from the
 * site; filtered by paid or unpaid.
 */
export function SessionRoster({ session }: { session: StaffSession }) {
  const [rows, setRows] = useState<RosterEntry[] | undefined>();
  const [waitlist, setWaitlist] = useState<WaitlistEntry[]>([]);
  const [error, setError] = useState('');
  const [paid, setPaid] = useState<PaidFilter>('all');
  useEffect(() => {
    setRows(undefined);
    fetchRoster(session.id)
      .then((answer) => {
        setRows(answer.roster);
        setWaitlist(answer.waitlist);
      })
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, [session.id]);

  const active = (rows ?? []).filter((r) => !r.cancelledAt);
  const shown = active.filter((r) => paid === 'all' || (paid === 'paid') === r.verified);
  const tally = {
    registered: active.length,
    claimed: active.filter((r) => r.claimed).length,
    verified: active.filter((r) => r.verified).length,
    attended: active.filter((r) => r.checkedInAt ?? r.joinedAt).length,
  };

  return (
    <section className={styles.tableBlock} aria-labelledby="roster-title">
      <h2 id="roster-title" className={styles.detailTitle}>
        Roster: {session.label}
      </h2>
      <p role="alert" className={styles.error}>
        {error}
      </p>
      <p className={styles.count} data-testid="roster-tally">
        {tally.registered} registered · {tally.claimed} claimed · {tally.verified} verified · {tally.attended} attended
      </p>
      <div className={styles.field}>
        <label htmlFor="roster-paid">Payment</label>
        <select id="roster-paid" value={paid} onChange={(e) => setPaid(e.target.value as PaidFilter)}>
          <option value="all">All</option>
          <option value="paid">Paid</option>
          <option value="unpaid">Unpaid</option>
        </select>
      </div>
      <TableFrame
        label="Roster"
        caption={`Roster of ${session.label}`}
        columns={columns}
        rows={shown}
        rowKey={(r) => r.seatId}
      />
      <WaitlistSection session={session} rows={waitlist} onChange={setWaitlist} />
    </section>
  );
}
