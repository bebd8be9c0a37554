'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { masterclass } from '@/content/forms/masterclass';
import { masterclassLevels } from '@/content/forms/options';
import { saveMasterclassEmail } from '@/lib/handoff';
import { masterclassForm } from '@/lib/forms/masterclass';
import { digitsOnly, lettersAndWhitespace } from '@/lib/forms/typing';
import { CheckboxField, RadioGroup, TextField } from './fields';
import { InboxForm } from './inbox-form';
import type { VisitorFormProps } from './talent-show-form';

/**
 * The masterclass sign-up: the name field has focus on load, Confirm My Seat stays disabled until
 * the terms box is ticked, and on success the e-mail travels to /payment in session storage.
 */
export function MasterclassForm({ endpoint, send, minFillMs, labelledBy }: VisitorFormProps) {
  const router = useRouter();
  return (
    <InboxForm
      module={masterclassForm}
      endpoint={endpoint}
      send={send}
      minFillMs={minFillMs}
      timing="submit"
      labelledBy={labelledBy}
      canSubmit={(values) => values.agreeTerms}
      blockedHint="Tick the box above to agree to the masterclass terms and confirm your seat."
      onSuccess={(values) => {
        saveMasterclassEmail(values.email.trim());
        router.push('/payment');
      }}
    >
      <TextField name="name" label="Name" required autoComplete="name" transform={lettersAndWhitespace} autoFocus />
      <TextField name="email" label="Email" type="email" required autoComplete="email" inputMode="email" />
      <TextField
        name="phone"
        label="Phone"
        type="tel"
        required
        autoComplete="tel-national"
        inputMode="numeric"
        transform={digitsOnly}
        hint="10 digits, without +91."
      />
      <TextField name="city" label="City" required autoComplete="address-level2" />
      <RadioGroup name="level" legend="Your level" options={masterclassLevels} inline />
      <CheckboxField name="agreeTerms">
        {masterclass.form.termsLabelBefore}
        <Link href="/masterClass-Terms">{masterclass.form.termsLinkText}</Link>
      </CheckboxField>
    </InboxForm>
  );
}
