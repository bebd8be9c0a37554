'use client';

import { SiteLink } from '@/components/shell/site-link';
import { useCallback, useRef, useState } from 'react';
import { masterclass } from '@/content/forms/masterclass';
import { saveMasterclassContact } from '@/lib/handoff';
import { masterclassForm } from '@/lib/forms/masterclass';
import { SCHEDULE_KEY, WAITLIST_KEY } from '@/lib/sessions/choice';
import type { PublicSession } from '@/lib/sessions/session';
import { submitForm } from '@/lib/submit';
import { CheckboxField } from './fields';
import { FormEngine, type VisitorFormProps } from './form-engine';
import { JoinWaitlist } from './join-waitlist';
import { MasterclassSessionPicker, type SessionFull } from './masterclass-session-picker';

/**
 * The masterclass sign-up: it starts with the choice of session (the service's sessions the page was
 * built with, `atBuild`), the name field has focus on load, Confirm My Seat stays disabled until the
 * terms box is ticked, and on success the name, e-mail and phone travel to /payment in session storage.
 */
export function MasterclassForm({ atBuild, ...props }: VisitorFormProps & { atBuild: readonly PublicSession[] }) {
  const [chosen, setChosen] = useState<{ label?: string; full: boolean }>({ full: false });
  const choose = useCallback((label: string | undefined, isFull: boolean) => setChosen({ label, full: isFull }), []);
  /** A full session chosen on the page: the sign-up goes to its waitlist (the bundled service only). */
  const waiting = chosen.full && props.endpoint === undefined;
  const [full, setFull] = useState<SessionFull & { label?: string }>();
  /** The full session the visitor asked to wait for (their "Join the waitlist"), for the next send. */
  const waitFor = useRef<string>(undefined);
  return (
    <FormEngine
      module={masterclassForm}
      timing="submit"
      canSubmit={(values) => values.agreeTerms}
      blockedHint={`Tick the box above to agree to the masterclass terms and ${waiting ? 'join the waitlist' : 'confirm your seat'}.`}
      submitLabel={waiting ? 'Join the waitlist' : undefined}
      onSuccess={(values) => saveMasterclassContact({ name: values.name, email: values.email, phone: values.phone })}
      lead={
        <>
          <MasterclassSessionPicker atBuild={atBuild} onChoose={choose} full={full} />
          {full?.label && props.endpoint === undefined ? (
            <JoinWaitlist
              kind="session"
              what={`the session of ${full.label}`}
              onJoin={() => (waitFor.current = full.label)}
            />
          ) : null}
        </>
      }
      send={async (payload) => {
        const wait = waitFor.current;
        waitFor.current = undefined;
        const label = wait ?? chosen.label;
        const sent = label
          ? { ...payload, [SCHEDULE_KEY]: label, ...(wait || waiting ? { [WAITLIST_KEY]: 'true' } : {}) }
          : payload;
        const result = await submitForm({ form: masterclassForm, endpoint: props.endpoint, payload: sent });
        // A full session: the session picker says so and offers the next one, and its waitlist.
        if (!result.ok && result.status === 409) setFull({ message: result.message ?? '', at: Date.now(), label });
        if (result.ok) setFull(undefined);
        return result;
      }}
      slots={{
        agreeTerms: (
          <CheckboxField name="agreeTerms">
            {masterclass.form.termsLabelBefore}
            <SiteLink href="/masterClass-Terms">{masterclass.form.termsLinkText}</SiteLink>
          </CheckboxField>
        ),
      }}
      {...props}
    />
  );
}
