'use client';

import { useCallback, useEffect, useId, useState } from 'react';
import {
  cancelSessionCall,
  createSessionCall,
  listStaffSessions,
  type Unseated,
  updateSessionCall,
} from '@/lib/sessions/staff-client';
import { failureText } from '@/lib/service-client';
import { indiaTimeOf, type SessionInput, type StaffSession } from '@/lib/sessions/session';
import { certificationCourses, diplomaCourses, optionValues } from '@/content/forms/options';
import { SessionRoster } from './session-roster';
import { type Column, TableFrame } from './table-states';
import styles from './dashboard.module.css';

const courseNames = [...optionValues(certificationCourses), ...optionValues(diplomaCourses)];

const blank: SessionInput = {
  kind: 'masterclass',
  title: '',
  startsAt: '',
  durationMinutes: 120,
  capacity: 50,
  mode: 'online',
  meetingUrl: '',
  location: '',
};

const inputOf = (s: StaffSession): SessionInput => ({
  kind: s.kind,
  title: s.title,
  startsAt: indiaTimeOf(s.startsAt),
  durationMinutes: s.durationMinutes,
  capacity: s.capacity,
  mode: s.mode,
  meetingUrl: s.meetingUrl,
  location: s.location,
});

/** A session's form: create, or change one (its start in India time). */
function SessionForm({
  editing,
  onSaved,
  onCancel,
}: {
  editing: StaffSession | undefined;
  onSaved: (message: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [input, setInput] = useState<SessionInput>(editing ? inputOf(editing) : blank);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState('');
  useEffect(() => setInput(editing ? inputOf(editing) : blank), [editing]);
  const set = <K extends keyof SessionInput>(key: K, value: SessionInput[K]) =>
    setInput((v) => ({ ...v, [key]: value }));

  const field = (key: keyof SessionInput, label: string, control: React.ReactNode) => (
    <div className={styles.field}>
      <label htmlFor={`${id}-${key}`}>{label}</label>
      {control}
      {errors[key] ? (
        <span id={`${id}-${key}-error`} className={styles.error}>
          {errors[key]}
        </span>
      ) : null}
    </div>
  );
  const described = (key: string) => (errors[key] ? `${id}-${key}-error` : undefined);
  /** What ties a text or number box to `key` of the session being edited: its id, value, error and change. */
  const bound = (key: 'title' | 'durationMinutes' | 'capacity' | 'meetingUrl' | 'location') => ({
    id: `${id}-${key}`,
    value: input[key],
    'aria-describedby': described(key),
    onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
      setInput((v) => ({ ...v, [key]: typeof v[key] === 'number' ? Number(e.target.value) : e.target.value })),
  });

  return (
    <form
      className={styles.workForm}
      aria-label={editing ? `Change the session of ${editing.label}` : 'New session or intake'}
      onSubmit={async (e) => {
        e.preventDefault();
        setProblem('');
        const res = editing ? await updateSessionCall(editing.id, input) : await createSessionCall(input);
        setErrors(res.errors);
        if (!res.ok) return setProblem(res.message || 'Not saved.');
        onSaved(
          `${editing ? 'Session changed. Registrants with a verified payment get the update.' : 'Session added.'} ${res.message}`,
        );
        if (!editing) setInput(blank);
      }}
    >
      <h2 className={styles.detailTitle}>{editing ? `Change ${editing.label}` : 'New session or intake'}</h2>
      <div className={styles.toolbar}>
        {field(
          'kind',
          'Kind',
          <select
            id={`${id}-kind`}
            value={input.kind}
            disabled={Boolean(editing)}
            onChange={(e) => set('kind', e.target.value === 'course' ? 'course' : 'masterclass')}
          >
            <option value="masterclass">Masterclass session</option>
            <option value="course">Course intake</option>
          </select>,
        )}
        {input.kind === 'course'
          ? field(
              'title',
              'Course',
              <>
                <input {...bound('title')} list={`${id}-courses`} />
                {/* The forms' course names: a diploma's intake (named "Diploma …") is offered on the diploma form too. */}
                <datalist id={`${id}-courses`}>
                  {courseNames.map((name) => (
                    <option key={name} value={name} />
                  ))}
                </datalist>
              </>,
            )
          : null}
        {field(
          'startsAt',
          'Start (India time)',
          <input
            id={`${id}-startsAt`}
            type="datetime-local"
            required
            value={input.startsAt.replace(' ', 'T')}
            aria-describedby={described('startsAt')}
            onChange={(e) => set('startsAt', e.target.value.replace('T', ' '))}
          />,
        )}
        {field('durationMinutes', 'Minutes', <input {...bound('durationMinutes')} type="number" min={15} max={1440} />)}
        {field('capacity', 'Seats', <input {...bound('capacity')} type="number" min={1} max={10000} />)}
        {input.kind === 'course'
          ? field(
              'mode',
              'Mode',
              <select
                id={`${id}-mode`}
                value={input.mode}
                onChange={(e) => set('mode', e.target.value === 'offline' ? 'offline' : 'online')}
              >
                <option value="online">Online</option>
                <option value="offline">Offline</option>
              </select>,
            )
          : null}
        {input.mode === 'online'
          ? field(
              'meetingUrl',
              'Meeting link (private)',
              <input {...bound('meetingUrl')} type="url" placeholder="https://meet.google.com/…" />,
            )
          : field('location', 'Location', <input {...bound('location')} />)}
      </div>
      <p role="alert" className={styles.error}>
        {problem}
      </p>
      <span className={styles.actions}>
        <button type="submit" className="btn btn-primary">
          {editing ? 'Save changes' : 'Add'}
        </button>
        {editing ? (
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            Stop editing
          </button>
        ) : null}
      </span>
    </form>
  );
}

/**
 * Sessions and intakes: staff add, change and cancel masterclass sessions (start in India time,
 * duration, seats, the private meeting link) and course intakes, and open a session's roster.
 */
export function SessionsView() {
  const [sessions, setSessions] = useState<StaffSession[] | undefined>();
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [editing, setEditing] = useState<StaffSession | undefined>();
  const [rosterOf, setRosterOf] = useState<StaffSession | undefined>();
  const [unseated, setUnseated] = useState<Unseated>({ count: 0, schedules: [] });

  const reload = useCallback(async () => {
    const list = await listStaffSessions();
    if (!list.ok) return setError(failureText(list));
    setSessions(list.value.sessions);
    setUnseated(list.value.unseated);
    setError('');
  }, []);
  useEffect(() => void reload(), [reload]);

  const cancel = async (s: StaffSession) => {
    if (!window.confirm(`Cancel ${s.label}? Everyone holding a seat is told.`)) return;
    const res = await cancelSessionCall(s.id);
    setNotice(res.ok ? `${s.label} is cancelled; its registrants are told. ${res.message}` : res.message);
    await reload();
  };

  const columns: Column<StaffSession>[] = [
    { name: 'Starts (IST)', className: styles.nowrap, cell: (s) => s.label },
    {
      name: 'What',
      cell: (s) =>
        `${s.kind === 'masterclass' ? 'Masterclass' : `${s.title} (${s.mode})`}${s.mode === 'offline' && s.location ? ` · ${s.location}` : ''}`,
    },
    { name: 'Seats taken', className: styles.nowrap, cell: (s) => `${s.taken} of ${s.capacity}` },
    { name: 'Status', cell: (s) => (s.status === 'cancelled' ? 'Cancelled' : 'Scheduled') },
    {
      name: 'Actions',
      className: styles.actionsCell,
      headClass: styles.actionsCell,
      cell: (s) => (
        <span className={styles.actions}>
          <button type="button" className="btn btn-ghost" onClick={() => setRosterOf(s)}>
            Roster<span className="visually-hidden"> of {s.label}</span>
          </button>
          {s.status === 'scheduled' ? (
            <>
              <button type="button" className="btn btn-ghost" onClick={() => setEditing(s)}>
                Edit<span className="visually-hidden"> {s.label}</span>
              </button>
              <button type="button" className="btn btn-ghost" onClick={() => void cancel(s)}>
                Cancel<span className="visually-hidden"> {s.label}</span>
              </button>
            </>
          ) : null}
        </span>
      ),
    },
  ];

  return (
    <div className={styles.tableBlock}>
      <p role="status" className={styles.saved}>
        {notice}
      </p>
      <SessionForm
        editing={editing}
        onSaved={(message) => {
          setNotice(message);
          setEditing(undefined);
          void reload();
        }}
        onCancel={() => setEditing(undefined)}
      />
      <p role="alert" className={styles.error}>
        {error}
      </p>
      {sessions && sessions.length === 0 ? <p>No sessions yet: add the first above.</p> : null}
      {unseated.count > 0 ? (
        <p data-testid="unseated-sign-ups">
          No seat: {unseated.count} masterclass {unseated.count === 1 ? 'sign-up' : 'sign-ups'} of the last 30 days
          named a schedule that is no session here ({unseated.schedules.map((s) => `"${s}"`).join(', ')}), so they hold
          no seat and are in no roster. Find them in the Masterclass table and tell them their session.
        </p>
      ) : null}
      {sessions && sessions.length > 0 ? (
        <TableFrame label="Sessions and intakes" columns={columns} rows={sessions} rowKey={(s) => s.id} />
      ) : null}
      {rosterOf ? <SessionRoster session={rosterOf} /> : null}
    </div>
  );
}
