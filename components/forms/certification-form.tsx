'use client';

import { useFormikContext } from 'formik';
import { useRouter } from 'next/navigation';
import { certificationCourses, daws, diplomaCourses, learningModes, OTHER_DAW } from '@/content/forms/options';
import { certificationForm, type CertificationValues } from '@/lib/forms/certification';
import { digitsOnly, lettersAndSpaces } from '@/lib/forms/typing';
import { CheckboxGroup, RadioGroup, TextField } from './fields';
import { InboxForm } from './inbox-form';
import type { VisitorFormProps } from './talent-show-form';
import styles from './forms.module.css';

/** The other-DAW text, shown while Other is ticked. */
function OtherDawField() {
  const { values } = useFormikContext<CertificationValues>();
  return values.daw.includes(OTHER_DAW) ? <TextField name="otherDaw" label="Other DAW" required /> : null;
}

/** The certification registration (also offers the diplomas); success goes to /institute/course-payment. */
export function CertificationForm({ endpoint, send, minFillMs, labelledBy }: VisitorFormProps) {
  const router = useRouter();
  return (
    <InboxForm
      module={certificationForm}
      endpoint={endpoint}
      send={send}
      minFillMs={minFillMs}
      timing="touched"
      labelledBy={labelledBy}
      onSuccess={() => router.push('/institute/course-payment')}
    >
      <TextField
        name="fullName"
        label="Full name"
        required
        autoComplete="name"
        transform={lettersAndSpaces}
        hint="Letters and spaces only."
      />
      <div className={styles.twoCols}>
        <TextField name="email" label="Email" type="email" required autoComplete="email" inputMode="email" />
        <TextField
          name="phone"
          label="Phone (optional)"
          type="tel"
          autoComplete="tel-national"
          inputMode="numeric"
          transform={digitsOnly}
          hint="10 digits, without +91."
        />
      </div>
      <CheckboxGroup
        name="courses"
        legend="Courses"
        hint="Choose one or more."
        groups={[
          { heading: 'Certification courses', options: certificationCourses },
          { heading: 'Diploma courses', options: diplomaCourses },
        ]}
      />
      <RadioGroup name="mode" legend="Learning mode" options={learningModes} required inline />
      <CheckboxGroup
        name="daw"
        legend="DAW you use or want to learn"
        hint="Choose one or more."
        groups={[{ options: daws }]}
      />
      <OtherDawField />
      <TextField name="goals" label="Your goals" required rows={3} />
      <TextField name="experience" label="Your music experience (optional)" rows={3} />
      <TextField name="finalNotes" label="Anything else we should know? (optional)" rows={3} />
      <TextField name="hearAboutUs" label="How did you hear about us?" required />
    </InboxForm>
  );
}
