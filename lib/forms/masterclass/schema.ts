import { object } from 'yup';
import { masterclassLevels, optionValues } from '@/content/forms/options';
import { BASIC_EMAIL, TEN_DIGITS, text } from '../rules';
import { hasDigit } from '../typing';

/** Field messages (spec §5) of the masterclass sign-up, and its outcome messages. */
export const masterclassMessages = {
  nameRequired: 'Name is required',
  nameDigits: 'Name cannot contain numbers',
  email: 'Valid email required',
  phone: 'Enter a valid 10-digit phone number',
  cityRequired: 'City is required',
  cityDigits: 'City name cannot contain numbers',
  /** The level is a fixed choice; this shows only if a draft or a request holds something else. */
  level: 'Choose your level',
  submit: 'Confirm My Seat',
  busy: 'Confirming...',
  /**
   * The spec shows nothing on failure; we say so, keep every value, and let the visitor retry
   * rather than leave them wondering whether their seat is booked.
   */
  failed: 'We could not confirm your seat. Please check your connection and try again.',
  networkError: 'We could not confirm your seat. Please check your connection and try again.',
} as const;

export interface MasterclassValues {
  name: string;
  email: string;
  phone: string;
  city: string;
  level: string;
  /** The terms box: enables Confirm My Seat; never sent and never kept in the draft. */
  agreeTerms: boolean;
}

export const masterclassInitialValues: MasterclassValues = {
  name: '',
  email: '',
  phone: '',
  city: '',
  level: 'Beginner',
  agreeTerms: false,
};

const m = masterclassMessages;

export const masterclassRules = {
  name: text()
    .required(m.nameRequired)
    .test('no-digits', m.nameDigits, (v) => !hasDigit(v)),
  email: text().required(m.email).matches(BASIC_EMAIL, m.email),
  phone: text().required(m.phone).matches(TEN_DIGITS, m.phone),
  city: text()
    .required(m.cityRequired)
    .test('no-digits', m.cityDigits, (v) => !hasDigit(v)),
  level: text().required(m.level).oneOf(optionValues(masterclassLevels), m.level),
};

export const masterclassSchema = object(masterclassRules);
