'use client';

import { talentShowForm } from '@/lib/forms/talent-show';
import { FormEngine, type NoScriptContact, type SendPayload } from './form-engine';

export interface VisitorFormProps {
  endpoint?: string;
  send?: SendPayload;
  minFillMs?: number;
  labelledBy: string;
  /** The studio's e-mail and WhatsApp, shown instead of the button when a form cannot work without script. */
  contact?: NoScriptContact;
}

/** The talent show registration; errors show after a submit, success goes to the thank-you page. */
export function TalentShowForm(props: VisitorFormProps) {
  return <FormEngine module={talentShowForm} timing="submit" {...props} />;
}
