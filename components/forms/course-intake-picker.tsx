'use client';

import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { FormModule } from '@/lib/forms/declaration';
import { WAITLIST_KEY } from '@/lib/sessions/choice';
import { INTAKE_KEY, intakeName, intakesFor, type IntakeForm } from '@/lib/sessions/intake';
import { fetchPublicSessions } from '@/lib/sessions/public';
import type { PublicSession } from '@/lib/sessions/session';
import { submitForm } from '@/lib/submit';
import { FormEngine, type SendPayload, type VisitorFormProps } from './form-engine';
import styles from './masterclass.module.css';
import { JoinWaitlist } from './join-waitlist';
import { SeatChoices, SeatOption, useChosenBeforeScript } from './seat-option';

/** The intakes shown: the build's copy (no seat counts) until the service's own list arrives. */
interface Shown {
  list: readonly PublicSession[];
  live: boolean;
}

/**
 * A course registration's intake: the upcoming intakes of the form's courses for the visitor to
 * choose one or none. The page is built with the service's intakes of that moment (`atBuild`), so
 * the choice works without JavaScript; when the page opens, the service's list (with seats left)
 * replaces them. The chosen intake's id travels as the optional `Intake` key, to the bundled
 * service only (an external endpoint gets the spec's keys). With no intake anywhere, nothing shows
 * and the form works as before. A full intake shows as "Full — join the waitlist" and stays
 * choosable: the registration then goes to its waitlist (the button says Join the waitlist). A full
 * or withdrawn intake refused by the service is said beside the choice, and the list is read again.
 */
function useCourseIntake<V extends object>(
  module: FormModule<V, IntakeForm>,
  endpoint: string | undefined,
  atBuild: readonly PublicSession[],
): { picker: ReactNode; send: SendPayload; waiting: boolean } {
  const [intakes, setIntakes] = useState<Shown>({ list: atBuild, live: false });
  const [chosen, setChosen] = useState('');
  const [refusal, setRefusal] = useState('');
  /** The intake refused as full (its id and name), whose waitlist the visitor may join. */
  const [fullIntake, setFullIntake] = useState<{ id: string; name: string }>();
  const waitFor = useRef<string>(undefined);
  const chosenRef = useRef('');
  const live = useRef(true);

  const choose = useCallback((id: string) => {
    chosenRef.current = id;
    setChosen(id);
  }, []);
  const choices = useChosenBeforeScript(INTAKE_KEY, choose);
  const load = useCallback(
    async (fresh: boolean) => {
      const all = await fetchPublicSessions(fresh);
      if (!live.current || !all) return;
      const list = intakesFor(module.name, all);
      setIntakes({ list, live: true });
      // A full intake the visitor chose stays chosen unless it was just refused: they may wait for it.
      if (!list.some((s) => String(s.id) === chosenRef.current && (s.seatsLeft > 0 || !fresh))) choose('');
    },
    [module.name, choose],
  );

  useEffect(() => {
    live.current = true;
    void load(false);
    return () => {
      live.current = false;
    };
  }, [load]);

  /** A full intake chosen on the page: the registration goes to its waitlist (the bundled service only). */
  const waiting =
    endpoint === undefined && intakes.live && intakes.list.some((s) => String(s.id) === chosen && s.seatsLeft === 0);

  const send: SendPayload = async (payload) => {
    const wait = waitFor.current ?? (waiting ? chosenRef.current : undefined);
    waitFor.current = undefined;
    const intake = endpoint === undefined ? (wait ?? chosenRef.current) : '';
    const result = await submitForm({
      form: module,
      endpoint,
      payload: intake ? { ...payload, [INTAKE_KEY]: intake, ...(wait ? { [WAITLIST_KEY]: 'true' } : {}) } : payload,
    });
    const named = intakes.list.find((s) => String(s.id) === intake);
    setFullIntake(!result.ok && result.status === 409 && named ? { id: intake, name: intakeName(named) } : undefined);
    if (result.ok) {
      setRefusal('');
      // Waiting: the intake stays chosen, its waitlist joined.
      if (!result.queued) choose('');
    } else if (result.status === 409 || result.fieldErrors?.[INTAKE_KEY]) {
      setRefusal(result.message ?? '');
      void load(true);
    }
    return result;
  };

  const picker =
    intakes.list.length > 0 && endpoint === undefined ? (
      <SeatChoices legend="Choose your intake" refusal={refusal} ref={choices}>
        <label className={styles.sessionOption}>
          <input
            type="radio"
            name={INTAKE_KEY}
            value=""
            checked={chosen === ''}
            onChange={() => {
              setRefusal('');
              choose('');
            }}
          />
          <span>No intake yet: we will write to you when the next one opens</span>
        </label>
        {intakes.list.map((s) => (
          <SeatOption
            key={s.id}
            name={INTAKE_KEY}
            value={String(s.id)}
            checked={chosen === String(s.id)}
            seatsLeft={intakes.live ? s.seatsLeft : undefined}
            onChoose={() => {
              setRefusal('');
              choose(String(s.id));
            }}
          >
            {intakeName(s)}
          </SeatOption>
        ))}
        {fullIntake ? (
          <JoinWaitlist
            kind="intake"
            what={`the intake ${fullIntake.name}`}
            onJoin={() => (waitFor.current = fullIntake.id)}
          />
        ) : null}
      </SeatChoices>
    ) : null;

  return { picker, send, waiting };
}

/** What a course registration form is given: its intakes as the page was built (lib/sessions/at-build.ts). */
export interface CourseFormProps extends VisitorFormProps {
  atBuild?: readonly PublicSession[];
}

/** A course registration form (certification or diploma) with its intake choice; `?course=…` ticks that course. */
export function CourseRegistrationForm<V extends { courses: string[] }>({
  module,
  atBuild = [],
  ...props
}: CourseFormProps & { module: FormModule<V, IntakeForm> }) {
  const { picker, send, waiting } = useCourseIntake(module, props.endpoint, atBuild);
  return (
    <FormEngine
      module={module}
      timing="touched"
      submitLabel={waiting ? 'Join the waitlist' : undefined}
      preselect={{ param: 'course', field: 'courses' }}
      send={send}
      {...props}
    >
      {picker}
    </FormEngine>
  );
}
