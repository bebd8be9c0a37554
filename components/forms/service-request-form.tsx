'use client';

import { useRouter } from 'next/navigation';
import { projectTypes } from '@/content/forms/options';
import { serviceRequestForm } from '@/lib/forms/service-request';
import { digitsOnly } from '@/lib/forms/typing';
import { SelectField, TextField } from './fields';
import { InboxForm } from './inbox-form';
import type { VisitorFormProps } from './talent-show-form';
import styles from './forms.module.css';

/** The service request form: checked on each change; success goes to /Services-Thanku. */
export function ServiceRequestForm({ endpoint, send, minFillMs, labelledBy }: VisitorFormProps) {
  const router = useRouter();
  return (
    <InboxForm
      module={serviceRequestForm}
      endpoint={endpoint}
      send={send}
      minFillMs={minFillMs}
      timing="change"
      labelledBy={labelledBy}
      onSuccess={() => router.push('/Services-Thanku')}
    >
      <div className={styles.twoCols}>
        <TextField name="name" label="Name" required autoComplete="name" />
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
        <TextField name="social" label="Social media handle or link (optional)" />
      </div>
      <SelectField name="projectType" label="Project type" options={projectTypes} required />
      <TextField
        name="platform"
        label="Platform"
        required
        hint="Where will it be released or used? For example Spotify, YouTube, a film or an ad."
      />
      <TextField name="mood" label="Mood" required hint="How should it feel? For example upbeat, dark, romantic." />
      <TextField
        name="referenceLinks"
        label="Reference links"
        required
        rows={3}
        hint="Links to songs or videos close to what you have in mind."
      />
      <TextField name="additionalInfo" label="Additional info" required rows={4} />
      <TextField name="heardFrom" label="How did you hear about us?" required />
    </InboxForm>
  );
}
