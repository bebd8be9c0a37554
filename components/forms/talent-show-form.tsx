'use client';

import { useRouter } from 'next/navigation';
import { performanceTypes, talentCategories } from '@/content/forms/options';
import { talentShow } from '@/content/forms/talent-show';
import { talentShowForm } from '@/lib/forms/talent-show';
import { TextField, SelectField } from './fields';
import { InboxForm, type SendPayload } from './inbox-form';
import styles from './forms.module.css';

export interface VisitorFormProps {
  endpoint?: string;
  send?: SendPayload;
  minFillMs?: number;
  labelledBy: string;
}

/** The talent show registration (the reading with a demo link and a photo or logo link). */
export function TalentShowForm({ endpoint, send, minFillMs, labelledBy }: VisitorFormProps) {
  const router = useRouter();
  return (
    <InboxForm
      module={talentShowForm}
      endpoint={endpoint}
      send={send}
      minFillMs={minFillMs}
      timing="submit"
      labelledBy={labelledBy}
      onSuccess={() => router.push('/submission-successfully')}
    >
      <div className={styles.twoCols}>
        <TextField name="fullName" label="Full name" required autoComplete="name" />
        <TextField name="stageName" label="Stage name" required autoComplete="nickname" />
        <TextField name="contactNumber" label="Contact number" type="tel" required autoComplete="tel" inputMode="tel" />
        <TextField name="email" label="Email" type="email" required autoComplete="email" inputMode="email" />
        <SelectField name="category" label="Category" options={talentCategories} required />
        <SelectField name="performanceType" label="Performance type" options={performanceTypes} required />
      </div>
      <TextField name="demoLink" label="Demo link" type="url" required inputMode="url" hint={talentShow.linksHint} />
      <TextField
        name="photoLink"
        label="Photo or logo link"
        type="url"
        required
        inputMode="url"
        hint={talentShow.linksHint}
      />
      <TextField name="bio" label="Bio" required rows={4} />
      <TextField name="signature" label="Signature (type your full name)" required autoComplete="name" />
    </InboxForm>
  );
}
