'use client';

import Link from 'next/link';
import { useState } from 'react';
import { masterclass } from '@/content/forms/masterclass';
import { saveMasterclassContact } from '@/lib/handoff';
import { masterclassForm } from '@/lib/forms/masterclass';
import { SCHEDULE_KEY } from '@/lib/sessions/choice';
import type { PublicSession } from '@/lib/sessions/session';
import { submitForm } from '@/lib/submit';
import { CheckboxField } from './fields';
import { FormEngine } from './form-engine';
import { MasterclassSessionPicker, type SessionFull } from './masterclass-session-picker';
import type { VisitorFormProps } from './talent-show-form';

/**
 * The masterclass sign-up: it starts with the choice of session (the service's sessions the page was
 * built with, `atBuild`), the name field has focus on load, Confirm My Seat stays disabled until the
 * terms box is ticked, and on success the name, e-mail and phone travel to /payment in session storage.
 */
export function MasterclassForm({ atBuild, ...props }: VisitorFormProps & { atBuild: readonly PublicSession[] }) {
  const [chosen, setChosen] = useState<string>();
  const [full, setFull] = useState<SessionFull>();
  return (
    <FormEngine
      module={masterclassForm}
      timing="submit"
      canSubmit={(values) => values.agreeTerms}
      blockedHint="Tick the box above to agree to the masterclass terms and confirm your seat."
      onSuccess={(values) => saveMasterclassContact({ name: values.name, email: values.email, phone: values.phone })}
      lead={<MasterclassSessionPicker atBuild={atBuild} onChoose={setChosen} full={full} />}
      send={async (payload) => {
        const sent = chosen ? { ...payload, [SCHEDULE_KEY]: chosen } : payload;
        const result = await submitForm({ form: masterclassForm, endpoint: props.endpoint, payload: sent });
        // A full session: the session picker says so and offers the next one.
        if (!result.ok && result.status === 409) setFull({ message: result.message ?? '', at: Date.now() });
        return result;
      }}
      slots={{
        agreeTerms: (
          <CheckboxField name="agreeTerms">
            {masterclass.form.termsLabelBefore}
            <Link href="/masterClass-Terms">{masterclass.form.termsLinkText}</Link>
          </CheckboxField>
        ),
      }}
      {...props}
    />
  );
}
