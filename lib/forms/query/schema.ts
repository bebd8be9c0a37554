import { object } from 'yup';
import { plainText } from '../rules';

/** Field messages (spec §5) and outcome messages (spec §8) of the query form. */
export const queryMessages = {
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
export const queryLimits = { nameMax: 50, queryMin: 10, queryMax: 500 } as const;

/** How long the success message stays, in milliseconds. */
export const QUERY_SUCCESS_MS = 5000;

export interface QueryValues {
  name: string;
  email: string;
  query: string;
}

export const queryInitialValues: QueryValues = { name: '', email: '', query: '' };

const m = queryMessages;

/** Rules on the values as they will be sent: markup tags removed, then trimmed. */
export const queryRules = {
  name: plainText().required(m.nameRequired).max(queryLimits.nameMax, m.nameMax),
  email: plainText().required(m.emailRequired).email(m.emailInvalid),
  query: plainText()
    .required(m.queryRequired)
    .min(queryLimits.queryMin, m.queryMin)
    .max(queryLimits.queryMax, m.queryMax),
};

export const querySchema = object(queryRules);
