'use client';

import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { FormModule } from '@/lib/forms/declaration';
import { INTAKE_KEY, intakeName, intakesFor, type IntakeForm } from '@/lib/sessions/intake';
import { fetchPublicSessions } from '@/lib/sessions/public';
import type { PublicSession } from '@/lib/sessions/session';
import { submitForm } from '@/lib/submit';
import type { SendPayload } from './form-engine';
import styles from './masterclass.module.css';

const seatsText = (n: number) => (n === 0 ? 'Full' : n === 1 ? '1 seat left' : `${n} seats left`);

/**
 * A course registration's intake: the upcoming intakes of the form's courses, read from the service
 * when the page opens, for the visitor to choose one or none. The chosen intake's id travels as the
 * optional `Intake` key, to the bundled service only (an external endpoint gets the spec's keys).
 * Where no service answers, or none is scheduled, nothing shows and the form works as before. A full
 * or withdrawn intake refused by the service is said beside the choice, and the list is read again.
 */
export function useCourseIntake<V extends object>(
  module: FormModule<V, IntakeForm>,
  endpoint: string | undefined,
): { picker: ReactNode; send: SendPayload } {
  const [intakes, setIntakes] = useState<PublicSession[] | undefined>();
  const [chosen, setChosen] = useState('');
  const [refusal, setRefusal] = useState('');
  const chosenRef = useRef('');
  const live = useRef(true);

  const choose = useCallback((id: string) => {
    chosenRef.current = id;
    setChosen(id);
  }, []);
  const load = useCallback(
    async (fresh: boolean) => {
      const all = await fetchPublicSessions(fresh);
      if (!live.current || !all) return;
      const list = intakesFor(module.name, all);
      setIntakes(list.length > 0 ? list : undefined);
      if (!list.some((s) => String(s.id) === chosenRef.current && s.seatsLeft > 0)) choose('');
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

  const send: SendPayload = async (payload) => {
    const intake = endpoint === undefined ? chosenRef.current : '';
    const result = await submitForm({
      form: module,
      endpoint,
      payload: intake ? { ...payload, [INTAKE_KEY]: intake } : payload,
    });
    if (result.ok) {
      setRefusal('');
      choose('');
    } else if (result.status === 409 || result.fieldErrors?.[INTAKE_KEY]) {
      setRefusal(result.message ?? '');
      void load(true);
    }
    return result;
  };

  const picker =
    intakes && endpoint === undefined ? (
      <fieldset className={styles.sessions}>
        <legend>Choose your intake</legend>
        {refusal ? (
          <p role="alert" className={styles.sessionFull}>
            {refusal}
          </p>
        ) : null}
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
        {intakes.map((s) => (
          <label key={s.id} className={styles.sessionOption} data-full={s.seatsLeft === 0 || undefined}>
            <input
              type="radio"
              name={INTAKE_KEY}
              value={String(s.id)}
              checked={chosen === String(s.id)}
              disabled={s.seatsLeft === 0}
              onChange={() => {
                setRefusal('');
                choose(String(s.id));
              }}
            />
            <span>
              {intakeName(s)} · {seatsText(s.seatsLeft)}
            </span>
          </label>
        ))}
      </fieldset>
    ) : null;

  return { picker, send };
}
