'use client';

import { useRouter } from 'next/navigation';
import { diplomaCourses, learningModes } from '@/content/forms/options';
import { diplomaForm } from '@/lib/forms/diploma';
import { digitsOnly } from '@/lib/forms/typing';
import { CheckboxGroup, RadioGroup, TextField } from './fields';
import { InboxForm } from './inbox-form';
import type { VisitorFormProps } from './talent-show-form';
import styles from './forms.module.css';

/** The diploma registration; success goes to /institute/course-payment. */
export function DiplomaForm({ endpoint, send, minFillMs, labelledBy }: VisitorFormProps) {
  const router = useRouter();
  return (
    <InboxForm
      module={diplomaForm}
      endpoint={endpoint}
      send={send}
      minFillMs={minFillMs}
      timing="touched"
      labelledBy={labelledBy}
      onSuccess={() => router.push('/institute/course-payment')}
    >
      <TextField name="name" label="Name" required autoComplete="name" />
      <div className={styles.twoCols}>
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
      </div>
      <CheckboxGroup
        name="courses"
        legend="Diploma courses"
        hint="Choose one or more."
        groups={[{ options: diplomaCourses }]}
      />
      <RadioGroup name="mode" legend="Learning mode" options={learningModes} required inline />
      <TextField name="goals" label="Your goals (optional)" rows={3} />
      <TextField name="experience" label="Your music experience (optional)" rows={3} />
    </InboxForm>
  );
}
