'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormEngine, type VisitorFormProps } from '@/components/forms/form-engine';
import type { Availability } from '@/lib/bookings/booking-contract';
import { fetchAvailability, heldPagePath, holdBooking } from '@/lib/bookings/bookings-client';
import { bookingFormFor, bookingRequestOf } from '@/lib/forms/booking';
import type { SubmitResult } from '@/lib/submit';
import {
  BookingContext,
  type BookingCatalogue,
  BusinessFields,
  DayField,
  EngineerField,
  HoursField,
  type Refusal,
  RoomField,
  ServiceField,
  StartField,
} from './booking-fields';
import { BookingEstimate } from './booking-estimate';
import { indiaToday } from './free-starts';

/** How many days ahead the page offers. */
const BOOKING_DAYS = 28;

const businessKeys: readonly string[] = ['gstin', 'legalName', 'address'];

/**
 * The booking of studio time, through the form engine (draft kept in the tab, typing before the
 * script adopted, field messages in place, the HTML form posting to the service without
 * JavaScript). Once live it reads the coming weeks' free starts from the service; a held booking
 * opens /book/held with its reference, a time taken meanwhile shows the day's new free starts with
 * everything typed kept, and the service's field messages show beside their fields.
 */
export function BookingForm({
  catalogue,
  labelledBy,
  minFillMs,
}: Pick<VisitorFormProps, 'labelledBy' | 'minFillMs'> & { catalogue: BookingCatalogue }) {
  const router = useRouter();
  const form = useMemo(() => bookingFormFor(catalogue.rules.minHours), [catalogue.rules.minHours]);
  const [availability, setAvailability] = useState<Availability>();
  const [refusal, setRefusal] = useState<Refusal>();
  const held = useRef('');

  useEffect(() => {
    let live = true;
    void fetchAvailability(indiaToday(Date.now()), BOOKING_DAYS).then((read) => {
      if (live && read) setAvailability(read);
    });
    return () => {
      live = false;
    };
  }, []);

  const slots = useMemo(
    () => ({
      service: <ServiceField />,
      room: <RoomField />,
      engineer: <EngineerField />,
      date: <DayField />,
      start: <StartField />,
      hours: (
        <>
          <HoursField />
          <BookingEstimate />
        </>
      ),
      gstin: <BusinessFields fields={form.declaration.fields.filter((f) => businessKeys.includes(f.key))} />,
      legalName: null,
      address: null,
    }),
    [form],
  );

  const send = async (payload: Parameters<typeof bookingRequestOf>[0]): Promise<SubmitResult> => {
    const sent = await holdBooking(bookingRequestOf(payload));
    if (sent.ok) {
      held.current = sent.held.reference;
      setRefusal(undefined);
      return { ok: true };
    }
    if (sent.taken) setRefusal({ message: sent.taken.error, day: sent.taken.day, at: Date.now() });
    return sent.status === 0
      ? { ok: false, reason: 'network' }
      : {
          ok: false,
          reason: 'status',
          status: sent.status,
          ...(sent.message !== undefined ? { message: sent.message } : {}),
          ...(sent.fieldErrors ? { fieldErrors: sent.fieldErrors } : {}),
        };
  };

  return (
    <BookingContext.Provider value={{ catalogue, availability, refusal }}>
      <FormEngine
        module={form}
        timing="touched"
        labelledBy={labelledBy}
        {...(minFillMs !== undefined ? { minFillMs } : {})}
        slots={slots}
        send={send}
        onSuccess={() => router.push(heldPagePath(held.current))}
      />
    </BookingContext.Provider>
  );
}
