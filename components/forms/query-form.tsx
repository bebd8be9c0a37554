'use client';

import { queryForm, queryLimits, QUERY_SUCCESS_MS } from '@/lib/forms/query';
import { TextField } from './fields';
import { InboxForm } from './inbox-form';
import type { VisitorFormProps } from './talent-show-form';

/** The "Submit Your Query" form: the success message stays 5 seconds and the fields are cleared. */
export function QueryForm({ endpoint, send, minFillMs, labelledBy }: VisitorFormProps) {
  return (
    <InboxForm
      module={queryForm}
      endpoint={endpoint}
      send={send}
      minFillMs={minFillMs}
      timing="touched"
      labelledBy={labelledBy}
      successMs={QUERY_SUCCESS_MS}
    >
      <TextField
        name="name"
        label="Name"
        required
        autoComplete="name"
        hint={`At most ${queryLimits.nameMax} characters.`}
      />
      <TextField name="email" label="Email" type="email" required autoComplete="email" inputMode="email" />
      <TextField
        name="query"
        label="Your query"
        required
        rows={6}
        hint={`${queryLimits.queryMin} to ${queryLimits.queryMax} characters.`}
      />
    </InboxForm>
  );
}
