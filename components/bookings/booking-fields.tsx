'use client';

import { useFormikContext } from 'formik';
import { createContext, useContext, useEffect } from 'react';
import { DeclaredFields } from '@/components/forms/declared-fields';
import { FieldError, FieldLabel, SelectField } from '@/components/forms/fields';
import { describedBy, useFieldUi } from '@/components/forms/form-ui';
import formStyles from '@/components/forms/forms.module.css';
import { bookingPage } from '@/content/forms/booking';
import type { FormOption } from '@/content/forms/options';
import { ANY_ENGINEER, type Availability, type AvailableDay, type ClockTime } from '@/lib/bookings/booking-contract';
import type { BookingValues } from '@/lib/forms/booking';
import type { FieldDeclaration } from '@/lib/forms/declaration';
import { dayLabel, dayOf, engineersOf, freeStarts, startLabel, workingStarts } from './free-starts';
import styles from './bookings.module.css';

/** What the page is built with: the studio's services, rooms, engineers, rules and working hours. */
export type BookingCatalogue = Pick<Availability, 'services' | 'rooms' | 'engineers' | 'rules'> & {
  /** The studio's working hours, for the starts offered without the service's list (no JavaScript). */
  readonly open: ClockTime;
  readonly close: ClockTime;
};

/** A time refused because it was taken meanwhile: the service's message and the day's free starts now. */
export interface Refusal {
  readonly message: string;
  readonly day: AvailableDay;
  /** When it came: each refusal is news, even with the same words. */
  readonly at: number;
}

/** What the booking's fields read: the build's catalogue, the service's availability once it came, the last refusal. */
interface BookingLive {
  readonly catalogue: BookingCatalogue;
  readonly availability: Availability | undefined;
  readonly refusal: Refusal | undefined;
}

export const BookingContext = createContext<BookingLive | undefined>(undefined);

function useBooking(): BookingLive & { lists: Pick<Availability, 'services' | 'rooms' | 'engineers' | 'rules'> } {
  const live = useContext(BookingContext);
  if (!live) throw new Error('A booking field outside the booking form');
  return { ...live, lists: live.availability ?? live.catalogue };
}

const options = (items: ReadonlyArray<{ id: string; name: string }>): FormOption[] =>
  items.map((item) => ({ value: item.id, label: item.name }));

export function ServiceField() {
  const { lists } = useBooking();
  return <SelectField name="service" label="Service" options={options(lists.services)} required />;
}

/** The room; a change of room lets go of an engineer who does not work in it. */
export function RoomField() {
  const { lists } = useBooking();
  const { values, setFieldValue } = useFormikContext<BookingValues>();
  useEffect(() => {
    if (values.engineer === ANY_ENGINEER || values.room === '') return;
    if (!engineersOf(lists.engineers, values.room).some((e) => e.id === values.engineer))
      void setFieldValue('engineer', ANY_ENGINEER, false);
  }, [values.room, values.engineer, lists.engineers, setFieldValue]);
  return <SelectField name="room" label="Room" options={options(lists.rooms)} required />;
}

export function EngineerField() {
  const { lists } = useBooking();
  const { values } = useFormikContext<BookingValues>();
  const choices = [
    { value: ANY_ENGINEER, label: bookingPage.anyEngineer },
    ...options(engineersOf(lists.engineers, values.room)),
  ];
  return <SelectField name="engineer" label="Engineer" options={choices} required />;
}

/**
 * The day: a date field in the page's HTML (and without JavaScript); once the service's list is
 * here, a choice among the coming days, each with its number of free starts for the room and
 * engineer chosen.
 */
export function DayField() {
  const { availability, refusal, lists } = useBooking();
  const { values } = useFormikContext<BookingValues>();
  const { field, helpers, error, id, errorId, hintId } = useFieldUi<string>('date');
  const common = {
    id,
    name: 'date',
    value: field.value ?? '',
    onChange: (event: { target: { value: string } }) => void helpers.setValue(event.target.value),
    onBlur: field.onBlur,
    'aria-required': true,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(hintId, error && errorId),
    className: formStyles.control,
  } as const;
  const days = availability?.days ?? [];
  const counted = days
    .map((day) => {
      const fresh = dayOf(days, day.date, refusal?.day) ?? day;
      return { date: day.date, free: freeStarts(fresh, values, lists.engineers).length };
    })
    .filter((day) => day.free > 0 || day.date === values.date);
  // A day chosen before the list came (typed, or kept from a draft) stays a choice, said to be full.
  if (values.date !== '' && !counted.some((day) => day.date === values.date))
    counted.unshift({ date: values.date, free: 0 });
  return (
    <div className={formStyles.field}>
      <FieldLabel htmlFor={id} label="Day" required />
      <p id={hintId} className={formStyles.hint}>
        {availability
          ? values.room === ''
            ? bookingPage.dayHintNoRoom
            : bookingPage.dayHint
          : bookingPage.dayHintStatic}
      </p>
      {availability ? (
        <select {...common} className={`${formStyles.control} ${formStyles.select}`}>
          <option value="">-- Select --</option>
          {counted.map((day) => (
            <option key={day.date} value={day.date}>
              {dayLabel(day.date)} (
              {day.free === 0 ? 'no free start' : day.free === 1 ? '1 free start' : `${day.free} free starts`})
            </option>
          ))}
        </select>
      ) : (
        <input type="date" {...common} />
      )}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/**
 * The start: the free starts of the chosen day once the service's list is here (a start that is no
 * longer free is let go), else every start of the working hours. After a refusal the service's
 * message shows here, with the day's new free starts.
 */
export function StartField() {
  const { availability, refusal, catalogue, lists } = useBooking();
  const { values, setFieldValue } = useFormikContext<BookingValues>();
  const { field, helpers, error, id, errorId } = useFieldUi<string>('start');
  const refusalId = `${id}-refusal`;
  const day = availability ? dayOf(availability.days, values.date, refusal?.day) : undefined;
  const starts = availability
    ? day
      ? freeStarts(day, values, lists.engineers)
      : []
    : workingStarts(catalogue.open, catalogue.close, catalogue.rules.minHours);
  const offered = starts.includes(field.value) || field.value === '';
  useEffect(() => {
    if (availability && !offered) void setFieldValue('start', '', false);
  }, [availability, offered, setFieldValue]);
  const refused = refusal && refusal.day.date === values.date;
  return (
    <div className={formStyles.field}>
      <FieldLabel htmlFor={id} label="Start" required />
      <div role="alert">
        {refused ? (
          <p id={refusalId} className={formStyles.error}>
            {refusal.message}
            {starts.length > 0 ? null : ` ${bookingPage.takenDayFull}`}
          </p>
        ) : null}
      </div>
      <select
        id={id}
        name="start"
        value={offered ? field.value : ''}
        onChange={(event) => void helpers.setValue(event.target.value)}
        onBlur={field.onBlur}
        aria-required
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(refused && refusalId, error && errorId)}
        className={`${formStyles.control} ${formStyles.select}`}
      >
        <option value="">{availability && values.date === '' ? bookingPage.pickDayFirst : '-- Select --'}</option>
        {starts.map((start) => (
          <option key={start} value={start}>
            {startLabel(start)}
          </option>
        ))}
      </select>
      <FieldError id={errorId} error={error} />
    </div>
  );
}

export function HoursField() {
  const { lists } = useBooking();
  const { minHours, maxHours } = lists.rules;
  const hours = Array.from({ length: Math.max(0, maxHours - minHours + 1) }, (_, i) => String(minHours + i));
  return (
    <SelectField
      name="hours"
      label="Hours"
      options={hours.map((h) => ({ value: h, label: h === '1' ? '1 hour' : `${h} hours` }))}
      required
    />
  );
}

/** The optional business part: GSTIN, legal name and address (as declared), given together for a B2B tax invoice. */
export function BusinessFields({ fields }: { fields: readonly FieldDeclaration<BookingValues>[] }) {
  return (
    <fieldset className={`${formStyles.fieldset} ${styles.business}`}>
      <legend className={formStyles.label}>{bookingPage.business.legend}</legend>
      <p className={formStyles.hint}>{bookingPage.business.hint}</p>
      <DeclaredFields fields={fields} />
    </fieldset>
  );
}
