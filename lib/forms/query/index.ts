import { defineForm } from '../declaration';
import { emailField, nameField } from '../fields';
import { MAX } from '../limits';
import { plainText } from '../rules';

/** Field messages (spec §5) and outcome messages (spec §8) of the query form. */
const m = {
  nameRequired: 'Name is required',
  nameMax: 'Name should not exceed 50 characters',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email format',
  queryRequired: 'Query is required',
  queryMin: 'Query should be at least 10 characters',
  queryMax: 'Query should not exceed 500 characters',
  submit: 'Send Query',
  busy: 'Sending...',
  success: 'Query submitted successfully!',
  failed: 'Submission failed. Please try again.',
  networkError: 'An error occurred. Try again later.',
} as const;

/** Limits of the query form (spec §9). */
const limits = { nameMax: 50, queryMin: 10, queryMax: 500 } as const;

/** How long the success message stays, in milliseconds. */
export const QUERY_SUCCESS_MS = 5000;

export interface QueryValues {
  name: string;
  email: string;
  query: string;
}

/** The query form: markup tags removed, then trimmed, before the rules and before sending. */
export const queryForm = defineForm<QueryValues, 'query'>({
  name: 'query',
  page: '/query',
  title: 'Query',
  transport: 'json',
  lists: 'joined',
  timestamp: 'last',
  messages: m,
  fields: [
    // The spec's limits are on the cleaned text; the raw limits leave room for the tags removed.
    nameField(plainText().required(m.nameRequired).max(limits.nameMax, m.nameMax), {
      hint: `At most ${limits.nameMax} characters.`,
    }),
    emailField(plainText().required(m.emailRequired).email(m.emailInvalid)),
    {
      key: 'query',
      payloadKey: 'Query',
      label: 'Your query',
      control: 'textarea',
      required: true,
      max: MAX.long,
      rule: plainText().required(m.queryRequired).min(limits.queryMin, m.queryMin).max(limits.queryMax, m.queryMax),
      rows: 6,
      hint: `${limits.queryMin} to ${limits.queryMax} characters.`,
    },
  ],
});
