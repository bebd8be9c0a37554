'use client';

import { useEffect, useState } from 'react';
import { chooseSchedule, onSessionFull, setBookableLabels } from '@/lib/sessions/choice';
import { fetchPublicSessions } from '@/lib/sessions/public';
import { nextWithSeats, type PublicSession } from '@/lib/sessions/session';
import { SeatChoices, SeatOption } from './seat-option';

/**
 * The masterclass sessions staff scheduled, with seats left, read from the service when the page
 * opens: the visitor picks one (the next with seats is chosen), and the sign-up sends its label as
 * `schedule`. Where no service answers, nothing shows and the sign-up keeps the build's schedule.
 */
export function MasterclassSessionPicker() {
  const [sessions, setSessions] = useState<PublicSession[] | undefined>();
  const [chosen, setChosen] = useState<string | undefined>();
  const [full, setFull] = useState('');

  useEffect(() => {
    let live = true;
    const load = (fresh: boolean) =>
      fetchPublicSessions(fresh).then((all) => {
        const list = all?.filter((s) => s.kind === 'masterclass');
        if (!live || !list || list.length === 0) return;
        setBookableLabels(list.map((s) => s.label));
        const next = nextWithSeats(list)?.label;
        chooseSchedule(next);
        setChosen(next);
        setSessions(list);
      });
    void load(false);
    // A session that filled while the visitor typed: say so, and choose the next with seats.
    const stop = onSessionFull((message) => {
      setFull(message);
      void load(true);
    });
    return () => {
      live = false;
      stop();
      chooseSchedule(undefined);
    };
  }, []);

  if (!sessions) return null;
  const pick = (label: string) => {
    setFull('');
    chooseSchedule(label);
    setChosen(label);
  };
  return (
    <SeatChoices legend="Choose your session" refusal={full}>
      {sessions.every((s) => s.seatsLeft === 0) ? (
        <p role="status">Every session is full. New sessions are announced here; please check back soon.</p>
      ) : null}
      {sessions.map((s) => (
        <SeatOption
          key={s.id}
          name="masterclass-session"
          value={s.label}
          checked={chosen === s.label}
          seatsLeft={s.seatsLeft}
          onChoose={() => pick(s.label)}
        >
          <time dateTime={s.startsAt}>{s.label}</time>
        </SeatOption>
      ))}
    </SeatChoices>
  );
}
