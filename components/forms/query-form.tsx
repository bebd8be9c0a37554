'use client';

import { QUERY_SUCCESS_MS, queryForm } from '@/lib/forms/query';
import { FormEngine, type VisitorFormProps } from './form-engine';

/** The "Submit Your Query" form: the success message stays 5 seconds and the fields are cleared. */
export function QueryForm(props: VisitorFormProps) {
  return <FormEngine module={queryForm} timing="touched" successMs={QUERY_SUCCESS_MS} {...props} />;
}
