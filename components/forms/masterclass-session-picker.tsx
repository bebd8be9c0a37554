'use client';

import { useEffect, useRef, useState } from 'react';
import { SCHEDULE_KEY } from '@/lib/sessions/choice';
import { fetchPublicSessions } from '@/lib/sessions/public';
import { nextWithSeats, type PublicSession } from '@/lib/sessions/session';
import { SeatChoices, SeatOption, useChosenBeforeScript } from './seat-option';

/** The sessions shown: the build's copy (no seat counts) until the service's own list arrives. */
interface Shown {
  list: readonly PublicSession[];
  live: boolean;
}

/** A sign-up refused because its session filled up: the service's message, new for each refusal. */
export interface SessionFull {
  message: string;
  at: number;
}

/**
 * The masterclass sessions staff scheduled, for the visitor to pick one (the next with seats is
 * chosen). The page is built with the service's sessions of that moment (`atBuild`), so the choice
 * is sent as `schedule` by the form without JavaScript too; when the page opens, the service's list
 * with seats left replaces them, and the sign-up sends the chosen label (`onChoose` tells the form).
 * Where no session is scheduled, nothing shows and the sign-up keeps the build's schedule. `full`:
 * the chosen session filled while the visitor typed; the picker says so and chooses the next. A
 * session already full shows as "Full — join the waitlist" and stays choosable: `onChoose` says the
 * choice is full, and the form sends the sign-up to its waitlist.
 */
export function MasterclassSessionPicker({
  atBuild,
  onChoose,
  full: refused,
}: {
  atBuild: readonly PublicSession[];
  onChoose: (label: string | undefined, full: boolean) => void;
  full?: SessionFull;
}) {
  const [sessions, setSessions] = useState<Shown>({ list: atBuild, live: false });
  const [chosen, setChosen] = useState(() => nextWithSeats(atBuild)?.label);
  const [full, setFull] = useState('');
  const chosenRef = useRef(chosen);
  const choices = useChosenBeforeScript(SCHEDULE_KEY, setChosen);

  /** The session the visitor picked themselves: kept even when full (they may wait for it). */
  const picked = useRef<string>(undefined);
  const chosenFull = sessions.live && sessions.list.some((s) => s.label === chosen && s.seatsLeft === 0);

  useEffect(() => {
    chosenRef.current = chosen;
    onChoose(chosen, chosenFull);
  }, [chosen, chosenFull, onChoose]);

  useEffect(() => {
    let live = true;
    const isRefusal = Boolean(refused);
    if (refused) setFull(refused.message);
    // The service's list with seats left; again, fresh, after a refusal (a session that filled while
    // the visitor typed), when the next with seats is chosen.
    fetchPublicSessions(isRefusal).then((all) => {
      const list = all?.filter((s) => s.kind === 'masterclass');
      if (!live || !list) return;
      setSessions({ list, live: true });
      // The visitor's own choice stays while it has a seat (and was not just refused).
      // A full session the visitor picked stays too: they are offered its waitlist.
      const kept =
        !isRefusal &&
        list.some((s) => s.label === chosenRef.current && (s.seatsLeft > 0 || s.label === picked.current));
      if (!kept) setChosen(nextWithSeats(list)?.label);
    });
    return () => {
      live = false;
    };
  }, [refused]);

  if (sessions.list.length === 0) return null;
  const pick = (label: string) => {
    picked.current = label;
    setFull('');
    setChosen(label);
  };
  return (
    <SeatChoices legend="Choose your session" refusal={full} ref={choices}>
      {sessions.live && sessions.list.every((s) => s.seatsLeft === 0) ? (
        <p role="status">Every session is full. New sessions are announced here; please check back soon.</p>
      ) : null}
      {sessions.list.map((s) => (
        <SeatOption
          key={s.id}
          name={SCHEDULE_KEY}
          value={s.label}
          checked={chosen === s.label}
          seatsLeft={sessions.live ? s.seatsLeft : undefined}
          onChoose={() => pick(s.label)}
        >
          <time dateTime={s.startsAt}>{s.label}</time>
        </SeatOption>
      ))}
    </SeatChoices>
  );
}
