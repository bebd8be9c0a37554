'use client';

import { useCallback, useEffect, useState } from 'react';
import { formatReceived } from '@/lib/dashboard/format';
import { failureText } from '@/lib/service-client';
import {
  certificatePdfHref,
  fetchRoster,
  issueCertificatesCall,
  type RosterEntry,
  type WaitlistEntry,
  revokeCertificateCall,
} from '@/lib/sessions/staff-client';
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

/** Whether a registrant attended: joined online, or was checked in at the door. */
const attended = (r: RosterEntry) => Boolean(r.joinedAt || r.checkedInAt);

/** A certificate's cell: its serial (the PDF) and standing, and revoking it with a reason. */
function CertificateCell({ row, onRevoke }: { row: RosterEntry; onRevoke: (serial: string, reason: string) => void }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const c = row.certificate;
  if (!c) return <>—</>;
  return (
    <>
      <a href={certificatePdfHref(c.serial)}>{c.serial}</a>
      {c.status === 'valid' ? '' : ` (${c.status})`}
      {c.status === 'valid' && !open ? (
        <>
          {' '}
          <button type="button" className="btn btn-ghost" onClick={() => setOpen(true)}>
            Revoke
          </button>
        </>
      ) : null}
      {open ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            onRevoke(c.serial, reason);
            setOpen(false);
          }}
        >
          <label htmlFor={`revoke-${c.serial}`}>Reason for revoking (kept with it)</label>
          <input id={`revoke-${c.serial}`} value={reason} onChange={(e) => setReason(e.target.value)} required />
          <button type="submit" className="btn btn-ghost">
            Revoke {c.serial}
          </button>
        </form>
      ) : null}
    </>
  );
}

const columnsOf = (
  selected: ReadonlySet<number>,
  toggle: (id: number) => void,
  onRevoke: (serial: string, reason: string) => void,
): readonly Column<RosterEntry>[] => [
  {
    name: 'Name',
    cell: (r) => (
      <label>
        <input
          type="checkbox"
          aria-label={`Select ${r.name}`}
          checked={selected.has(r.registrationId)}
          onChange={() => toggle(r.registrationId)}
        />{' '}
        {r.name}
        <br />
        <span data-testid="roster-stage">{r.stageText}</span>
      </label>
    ),
  },
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
  { name: 'Certificate', cell: (r) => <CertificateCell row={r} onRevoke={onRevoke} /> },
  { name: 'Last message', cell: (r) => messageText(r.lastMessage) },
];

/**
 * A session's roster: each registrant as registered, claimed (payment details sent), verified,
 * joined (opened the join link) or checked in at the door, their certificate, and their last message
 * from the site; filtered by paid or unpaid. Staff issue certificates to those selected or to all who
 * attended, and revoke one with a reason.
 */
export function SessionRoster({ session }: { session: StaffSession }) {
  const [rows, setRows] = useState<RosterEntry[] | undefined>();
  const [waitlist, setWaitlist] = useState<WaitlistEntry[]>([]);
  const [error, setError] = useState('');
  const [paid, setPaid] = useState<PaidFilter>('all');
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [message, setMessage] = useState('');
  const load = useCallback(
    () =>
      fetchRoster(session.id).then((answer) => {
        if (!answer.ok) return setError(failureText(answer));
        setRows(answer.value.roster);
        setWaitlist(answer.value.waitlist);
      }),
    [session.id],
  );
  useEffect(() => {
    setRows(undefined);
    setSelected(new Set());
    setMessage('');
    void load();
  }, [load]);
  const toggle = (id: number) =>
    setSelected((now) => {
      const next = new Set(now);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  /** Runs a certificate action: its message is shown and the roster read again. */
  const act = async (action: Promise<{ ok: boolean; message: string }>) => {
    setMessage((await action).message);
    await load();
  };
  const issue = (whom: { registrations: number[] } | { attended: true }) => {
    setSelected(new Set());
    void act(issueCertificatesCall(session.id, whom));
  };
  const columns = columnsOf(selected, toggle, (serial, reason) => void act(revokeCertificateCall(serial, reason)));

  const active = (rows ?? []).filter((r) => !r.cancelledAt);
  const shown = active.filter((r) => paid === 'all' || (paid === 'paid') === r.verified);
  const tally = {
    registered: active.length,
    claimed: active.filter((r) => r.claimed).length,
    verified: active.filter((r) => r.verified).length,
    attended: active.filter(attended).length,
    certified: active.filter((r) => r.certificate?.status === 'valid').length,
  };
  const kind = session.kind === 'course' ? 'completion' : 'participation';

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
        · {tally.certified} certified
      </p>
      <div className={styles.field}>
        <span>Certificates of {kind} (e-mailed as a PDF; issuing again changes nothing)</span>
        <button
          type="button"
          className="btn btn-ghost"
          disabled={selected.size === 0}
          onClick={() => issue({ registrations: [...selected] })}
        >
          Issue certificates to selected ({selected.size})
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => issue({ attended: true })}>
          Issue certificates to all who attended ({tally.attended})
        </button>
      </div>
      <p role="status" data-testid="certificates-message">
        {message}
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
