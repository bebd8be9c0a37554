'use client';

import { useCallback, useEffect, useId, useState } from 'react';
import { failureText } from '@/lib/service-client';
import { newScan, queuedScans, queueScan, sendQueued, sendScan } from '@/lib/sessions/door-client';
import { listStaffSessions } from '@/lib/sessions/staff-client';
import type { StaffSession } from '@/lib/sessions/session';
import { type CheckInAnswer, normalCode, ticketPattern } from '@/lib/sessions/ticket';
import { DoorCamera } from './door-camera';
import styles from './dashboard.module.css';

/** What the door is shown after a scan: the service's answer, a scan kept for later, or a problem. */
type Shown = { kind: 'answer'; answer: CheckInAnswer } | { kind: 'queued' } | { kind: 'problem'; text: string };

const answerClass: Record<CheckInAnswer['outcome'], string | undefined> = {
  'checked-in': styles.doorYes,
  already: styles.doorNo,
  'other-session': styles.doorNo,
  cancelled: styles.doorNo,
  outside: styles.doorNo,
  unknown: styles.doorNo,
};

/**
 * The door's check-in, made for a phone: pick the offline session or intake, then scan tickets with
 * the camera (or type a ticket's code). Each answer is shown large and read out (aria-live). Without
 * a connection, scans are kept on the phone, counted on screen, and sent when it returns.
 */
export function CheckInView() {
  const id = useId();
  const [sessions, setSessions] = useState<StaffSession[] | undefined>();
  const [sessionId, setSessionId] = useState<number | undefined>();
  const [scanning, setScanning] = useState(false);
  const [shown, setShown] = useState<Shown | undefined>();
  const [code, setCode] = useState('');
  const [queued, setQueued] = useState(0);
  const [sentNote, setSentNote] = useState('');

  useEffect(() => {
    void listStaffSessions().then((list) => {
      if (!list.ok) return setShown({ kind: 'problem', text: failureText(list) });
      const doors = list.value.sessions.filter((s) => s.mode === 'offline' && s.status === 'scheduled');
      setSessions(doors);
      if (doors.length === 1) setSessionId(doors[0]?.id);
    });
  }, []);

  /** Sends what was kept while offline; says how many went, and shows the last answer. */
  const flush = useCallback(async () => {
    const answered = await sendQueued(localStorage);
    setQueued(queuedScans(localStorage).length);
    const last = answered.at(-1);
    if (!last) return;
    setSentNote(`${answered.length} kept ${answered.length === 1 ? 'scan' : 'scans'} sent.`);
    setShown({ kind: 'answer', answer: last.answer });
  }, []);

  useEffect(() => {
    setQueued(queuedScans(localStorage).length);
    void flush();
    const online = () => void flush();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [flush]);

  const submit = async (value: { token: string } | { code: string }) => {
    if (sessionId === undefined) return;
    setSentNote('');
    const scan = newScan(value, new Date());
    const outcome = navigator.onLine ? await sendScan(sessionId, scan) : { sent: false as const };
    if (outcome.sent) {
      setShown({ kind: 'answer', answer: outcome.answer });
      return;
    }
    setQueued(queueScan(localStorage, { sessionId, scan }));
    setShown({ kind: 'queued' });
  };

  const onRead = (text: string) => {
    setScanning(false);
    if (ticketPattern.test(text)) void submit({ token: text });
    else setShown({ kind: 'problem', text: 'That QR code is not one of our tickets.' });
  };

  const onCode = (e: React.FormEvent) => {
    e.preventDefault();
    const typed = normalCode(code);
    if (!typed) {
      setShown({ kind: 'problem', text: 'A ticket code is 8 letters and digits, like ABCD-2345.' });
      return;
    }
    setCode('');
    void submit({ code: typed });
  };

  if (!sessions) return <p role="status">Loading sessions…</p>;
  const session = sessions.find((s) => s.id === sessionId);
  return (
    <div className={styles.doorView}>
      {sessions.length === 0 ? <p>No offline session or intake is scheduled.</p> : null}
      {sessions.length > 0 ? (
        <fieldset className={styles.doorSessions}>
          <legend>Session at the door</legend>
          {sessions.map((s) => (
            <label key={s.id} className={styles.doorSession}>
              <input
                type="radio"
                name={`${id}-session`}
                value={s.id}
                checked={s.id === sessionId}
                onChange={() => {
                  setSessionId(s.id);
                  setShown(undefined);
                }}
              />
              <span className={styles.doorSessionText}>
                <span>{s.title}</span> <span className={styles.doorSessionDate}>{s.label}</span>
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}
      <div aria-live="assertive" aria-atomic="true" data-testid="door-result" className={styles.doorResult}>
        {shown?.kind === 'answer' ? (
          <p className={answerClass[shown.answer.outcome]}>{shown.answer.message}</p>
        ) : shown?.kind === 'queued' ? (
          <p className={styles.doorKept}>No connection: scan kept on this phone, sent when the connection returns.</p>
        ) : shown?.kind === 'problem' ? (
          <p className={styles.doorNo}>{shown.text}</p>
        ) : null}
      </div>
      <p role="status" className={styles.count} data-testid="door-queue">
        {queued > 0 ? `${queued} ${queued === 1 ? 'scan' : 'scans'} waiting to be sent` : sentNote}
      </p>
      {session ? (
        <>
          <DoorCamera active={scanning} onRead={onRead} />
          <button
            type="button"
            className={`btn btn-primary ${styles.doorButton}`}
            onClick={() => setScanning((on) => !on)}
          >
            {scanning ? 'Stop the camera' : shown ? 'Scan next ticket' : 'Scan a ticket'}
          </button>
          <form className={styles.doorCode} onSubmit={onCode} aria-label="Check in by code">
            <div className={styles.field}>
              <label htmlFor={`${id}-code`}>Ticket code</label>
              <input
                id={`${id}-code`}
                value={code}
                onChange={(e) => setCode(e.target.value)}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                placeholder="ABCD-2345"
              />
            </div>
            <button type="submit" className={`btn btn-ghost ${styles.doorButton}`}>
              Check in
            </button>
          </form>
        </>
      ) : null}
    </div>
  );
}
