'use client';

import Link from 'next/link';
import type { ReactNode } from 'react';
import { masterclass } from '@/content/forms/masterclass';
import { saveMasterclassContact } from '@/lib/handoff';
import { masterclassForm } from '@/lib/forms/masterclass';
import { reportSessionFull } from '@/lib/sessions/choice';
import { submitForm } from '@/lib/submit';
import { CheckboxField } from './fields';
import { FormEngine } from './form-engine';
import type { VisitorFormProps } from './talent-show-form';

/**
 * The masterclass sign-up: the name field has focus on load, Confirm My Seat stays disabled until
 * the terms box is ticked, and on success the name, e-mail and phone travel to /payment in session storage.
 */
export function MasterclassForm(props: VisitorFormProps & { lead?: ReactNode }) {
  return (
    <FormEngine
      module={masterclassForm}
      timing="submit"
      canSubmit={(values) => values.agreeTerms}
      blockedHint="Tick the box above to agree to the masterclass terms and confirm your seat."
      onSuccess={(values) => saveMasterclassContact({ name: values.name, email: values.email, phone: values.phone })}
      send={async (payload) => {
        const result = await submitForm({ form: masterclassForm, endpoint: props.endpoint, payload });
        // A full session: the session picker says so and offers the next one.
        if (!result.ok && result.status === 409) reportSessionFull(result.message ?? '');
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
