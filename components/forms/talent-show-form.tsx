'use client';

import { talentShowForm } from '@/lib/forms/talent-show';
import { FormEngine, type VisitorFormProps } from './form-engine';

/** The talent show registration; errors show after a submit, success goes to the thank-you page. */
export function TalentShowForm(props: VisitorFormProps) {
  return <FormEngine module={talentShowForm} timing="submit" {...props} />;
}
