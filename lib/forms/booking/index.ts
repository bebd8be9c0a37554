import type { TestContext } from 'yup';
import { gstinProblem } from '@/lib/books/gstin';
import { ANY_ENGINEER, type BookingRequest } from '@/lib/bookings/booking-contract';
import { defineForm, type FieldDeclaration, type FormModule, type Payload } from '../declaration';
import { emailField, mobileField, nameField } from '../fields';
import { MAX } from '../limits';
import { BASIC_EMAIL, TEN_DIGITS, text } from '../rules';
import { hasDigit } from '../typing';

/**
 * The booking of studio time (/book): what the visitor picks (service, room, engineer, day, start,
 * hours), who they are, and for a business its GSTIN, legal name and address. Each value's key is
 * the key of the service's `BookingRequest`, so the page's script sends the same keys as the HTML
 * form does without it. The service checks everything again (the time still free, within working
 * hours and notice); these rules catch what can be told on the page, the GSTIN's check character
 * by the books' own check.
 */

/** Field messages and outcome messages of the booking form. */
export const bookingMessages = {
  service: 'Choose a service',
  room: 'Choose a room',
  engineer: 'Choose an engineer, or any engineer',
  date: 'Choose a day',
  start: 'Choose a start time',
  hours: 'Choose how many hours',
  nameRequired: 'Name is required',
  nameDigits: 'Name cannot contain numbers',
  email: 'Valid email required',
  phone: 'Enter a valid 10-digit phone number',
  business: 'For a business booking, give its GSTIN, legal name and address together',
  submit: 'Hold this time',
  busy: 'Holding...',
  success: 'Your time is held. Opening the deposit details...',
  failed: 'The booking was not held: see the messages above.',
  networkError: 'The booking could not be sent. Check your connection and try again: what you typed is kept.',
} as const;

export interface BookingValues {
  service: string;
  room: string;
  engineer: string;
  date: string;
  start: string;
  hours: string;
  name: string;
  email: string;
  phone: string;
  gstin: string;
  legalName: string;
  address: string;
}

const businessKeys = ['gstin', 'legalName', 'address'] as const;

/** True when the business part is left empty or given whole. */
function businessTogether(this: TestContext, value: string | undefined): boolean {
  const parent = this.parent as Partial<BookingValues>;
  const any = businessKeys.some((key) => (parent[key] ?? '').trim() !== '');
  return !any || (value ?? '').trim() !== '';
}

/** Upper case without spaces, as a GSTIN is written. */
const gstinTyping = (value: string): string => value.toUpperCase().replace(/\s+/g, '');

/** A choice among the studio's (the options are the page's, from the service's lists). */
const choice = (
  key: keyof BookingValues & string,
  label: string,
  message: string,
): FieldDeclaration<BookingValues> => ({
  key,
  payloadKey: key,
  label,
  control: 'select',
  required: true,
  max: MAX.short,
  rule: text().required(message),
});

const business = (
  key: (typeof businessKeys)[number],
  label: string,
  extra: Partial<FieldDeclaration<BookingValues>>,
): FieldDeclaration<BookingValues> => ({
  key,
  payloadKey: key,
  label,
  control: 'text',
  max: MAX.short,
  rule: text().test('together', bookingMessages.business, businessTogether),
  ...extra,
});

/** The booking form, its hours starting at the studio's minimum (`minHours`). */
export function bookingFormFor(minHours: number): FormModule<BookingValues, 'booking'> {
  const m = bookingMessages;
  return defineForm<BookingValues, 'booking'>({
    name: 'booking',
    page: '/book',
    title: 'Studio booking',
    transport: 'json',
    lists: 'joined',
    messages: m,
    fields: [
      choice('service', 'Service', m.service),
      choice('room', 'Room', m.room),
      { ...choice('engineer', 'Engineer', m.engineer), initial: ANY_ENGINEER },
      { ...choice('date', 'Day', m.date), control: 'text' },
      choice('start', 'Start', m.start),
      { ...choice('hours', 'Hours', m.hours), initial: String(minHours) },
      nameField(
        text()
          .required(m.nameRequired)
          .test('no-digits', m.nameDigits, (v) => !hasDigit(v)),
        { payloadKey: 'name' },
      ),
      emailField(text().required(m.email).matches(BASIC_EMAIL, m.email), { payloadKey: 'email', half: true }),
      mobileField(text().required(m.phone).matches(TEN_DIGITS, m.phone), { payloadKey: 'phone', half: true }),
      business('gstin', 'GSTIN', {
        typing: gstinTyping,
        max: 15,
        rule: text()
          .test('together', m.business, businessTogether)
          .test('gstin', '', function checkGstin(value: string | undefined) {
            const problem = value ? gstinProblem(value) : undefined;
            return problem ? this.createError({ message: `The GSTIN ${problem}` }) : true;
          }),
        autoComplete: 'off',
      }),
      business('legalName', 'Legal name of the business', { autoComplete: 'organization' }),
      business('address', 'Address of the business', {
        control: 'textarea',
        rows: 3,
        max: MAX.long,
        autoComplete: 'street-address',
      }),
    ],
  });
}

/** The request the page's script sends: the form's payload, the business part only when given. */
export function bookingRequestOf(payload: Payload): BookingRequest {
  const value = (key: keyof BookingValues) => {
    const v = payload[key];
    return typeof v === 'string' ? v : '';
  };
  const request: BookingRequest = {
    service: value('service'),
    room: value('room'),
    engineer: value('engineer'),
    date: value('date'),
    start: value('start'),
    hours: value('hours'),
    name: value('name'),
    email: value('email'),
    phone: value('phone'),
  };
  return value('gstin') === '' && value('legalName') === '' && value('address') === ''
    ? request
    : { ...request, gstin: value('gstin'), legalName: value('legalName'), address: value('address') };
}
