import { masterclassLevels, optionValues } from '@/content/forms/options';
import { masterclassSchedule, masterclassScheduleValues } from '@/lib/calendar';
import { SCHEDULE_KEY } from '@/lib/sessions/choice';
import { defineForm, type FixedFacts, mustTick } from '../declaration';
import { emailField, mobileField, nameField } from '../fields';
import { MAX } from '../limits';
import { BASIC_EMAIL, TEN_DIGITS, text } from '../rules';
import { hasDigit, lettersAndWhitespace } from '../typing';

/**
 * The masterclass schedule sent with every sign-up: the build's next session's label, or "Fri 2pm".
 * The session the visitor chose (the form's picker) and the sessions the service takes are given
 * as facts where the payload is made and checked (`masterclassFacts`).
 */
const schedule = {
  label: 'Schedule',
  value: () => masterclassSchedule(),
  accepted: () => masterclassScheduleValues(),
  refused:
    'That session cannot be chosen any more: it has started or was cancelled. Choose another session and confirm again.',
};

/** Field messages (spec §5) of the masterclass sign-up, and its outcome messages. */
const m = {
  nameRequired: 'Name is required',
  nameDigits: 'Name cannot contain numbers',
  email: 'Valid email required',
  phone: 'Enter a valid 10-digit phone number',
  cityRequired: 'City is required',
  cityDigits: 'City name cannot contain numbers',
  /** The level is a fixed choice; this shows only if a draft or a request holds something else. */
  level: 'Choose your level',
  /** Only a form sent without JavaScript can reach the service unticked (the button waits for the box). */
  terms: 'Tick the box to agree to the masterclass terms.',
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

/** The masterclass sign-up: no Timestamp in its payload, a fixed schedule, and on success /payment. */
export const masterclassForm = defineForm<MasterclassValues, 'masterclass'>({
  name: 'masterclass',
  page: '/masterclass',
  title: 'Masterclass sign-up',
  transport: 'script',
  lists: 'joined',
  fixed: { [SCHEDULE_KEY]: schedule },
  messages: m,
  successPath: '/payment',
  fields: [
    nameField(
      text()
        .required(m.nameRequired)
        .test('no-digits', m.nameDigits, (v) => !hasDigit(v)),
      {
        payloadKey: 'name',
        typing: lettersAndWhitespace,
        autoFocus: true,
      },
    ),
    emailField(text().required(m.email).matches(BASIC_EMAIL, m.email), { payloadKey: 'email' }),
    mobileField(text().required(m.phone).matches(TEN_DIGITS, m.phone), { payloadKey: 'phone' }),
    {
      key: 'city',
      payloadKey: 'city',
      label: 'City',
      control: 'text',
      required: true,
      max: MAX.name,
      rule: text()
        .required(m.cityRequired)
        .test('no-digits', m.cityDigits, (v) => !hasDigit(v)),
      autoComplete: 'address-level2',
    },
    {
      key: 'level',
      payloadKey: 'level',
      label: 'Your level',
      control: 'radio',
      max: MAX.short,
      initial: 'Beginner',
      options: masterclassLevels,
      rule: text().required(m.level).oneOf(optionValues(masterclassLevels), m.level),
      inline: true,
    },
    {
      key: 'agreeTerms',
      label: 'I agree to the masterclass terms',
      control: 'checkbox',
      required: true,
      max: 2,
      keepInDraft: false,
      rule: mustTick(m.terms),
    },
  ],
});

/**
 * The schedule's facts of the moment: what a sign-up without a choice carries (`chosen`, else the
 * build's next session) and every label it may carry (the build's sessions and the default, and
 * the `bookable` sessions staff scheduled). `buildStarts`: the sessions the pages were built with.
 */
export function masterclassFacts(opts: {
  chosen: string | undefined;
  bookable: readonly string[];
  buildStarts?: readonly string[];
  nowMs: number;
}): FixedFacts {
  return {
    [SCHEDULE_KEY]: {
      value: opts.chosen ?? masterclassSchedule(opts.nowMs, opts.buildStarts),
      accepted: [...masterclassScheduleValues(opts.buildStarts), ...opts.bookable],
    },
  };
}
