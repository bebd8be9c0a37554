/**
 * The booking page's calls to the service, in the browser: the coming days' free starts, the
 * booking itself and, on the page that follows, the held booking's public facts. Through the one
 * way to call (`attempt`) and the one wording of a failure (`failureText`).
 */
import { attempt, failureText, publicClient } from '@/lib/service-client';
import type {
  Availability,
  AvailableDay,
  BookingHeld,
  BookingRequest,
  BookingTaken,
  HeldBooking,
  IsoDate,
} from './booking-contract';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const isDay = (value: unknown): value is AvailableDay =>
  isObject(value) && typeof value.date === 'string' && isObject(value.rooms) && isObject(value.engineers);

const isAvailability = (value: unknown): value is Availability =>
  isObject(value) &&
  Array.isArray(value.services) &&
  Array.isArray(value.rooms) &&
  Array.isArray(value.engineers) &&
  isObject(value.rules) &&
  Array.isArray(value.days) &&
  value.days.every(isDay);

const isHeld = (value: unknown): value is BookingHeld =>
  isObject(value) &&
  typeof value.reference === 'string' &&
  typeof value.depositPaise === 'number' &&
  typeof value.totalPaise === 'number' &&
  typeof value.holdUntil === 'string';

const isTaken = (value: unknown): value is BookingTaken =>
  isObject(value) && typeof value.error === 'string' && isDay(value.day);

/** A body of the shape `is` checks, else a failure to read (attempt makes it an outcome). */
async function checked<T>(res: Response, is: (value: unknown) => value is T): Promise<T> {
  const body: unknown = await res.json();
  if (!is(body)) throw new Error('An answer of another shape');
  return body;
}

/** The service's free starts from `from` for `days` days, or undefined where no service answers (the page keeps its build's lists). */
export async function fetchAvailability(from: IsoDate, days: number): Promise<Availability | undefined> {
  const read = await attempt(
    () => publicClient().bookings.availability.$get({ query: { from, days: String(days) } }),
    (res) => checked(res, isAvailability),
  );
  return read.ok ? read.value : undefined;
}

/** What a booking came to: held, or refused (with the day's free starts when the time was taken). */
export type HoldOutcome =
  | { readonly ok: true; readonly held: BookingHeld }
  | {
      readonly ok: false;
      /** 0: no answer. */
      readonly status: number;
      readonly message: string | undefined;
      readonly fieldErrors?: Readonly<Record<string, string>>;
      /** 409: the time is taken; the service's words and the day as it is now. */
      readonly taken?: BookingTaken;
    };

/** Sends a booking (POST /api/bookings as JSON); never throws. */
export async function holdBooking(request: BookingRequest): Promise<HoldOutcome> {
  let taken: BookingTaken | undefined;
  const sent = await attempt(
    async () => {
      const res = await publicClient().bookings.$post({ json: { ...request, hours: String(request.hours) } });
      // A refusal's body is read by attempt (its message and field errors); a copy gives the day.
      if (res.status === 409) taken = await checked(res.clone(), isTaken).catch(() => undefined);
      return res;
    },
    (res) => checked(res, isHeld),
  );
  if (sent.ok) return { ok: true, held: sent.value };
  return {
    ok: false,
    status: sent.status,
    message: sent.message ?? taken?.error,
    ...(sent.fieldErrors ? { fieldErrors: sent.fieldErrors } : {}),
    ...(taken ? { taken } : {}),
  };
}

/** Where a held booking is shown: /book/held with its reference. */
export function heldPagePath(reference: string): string {
  return `/book/held?${new URLSearchParams({ reference })}`;
}

const isFacts = (value: unknown): value is HeldBooking =>
  isObject(value) &&
  ['reference', 'service', 'room', 'engineer', 'date', 'start', 'holdUntil', 'status'].every(
    (k) => typeof value[k] === 'string',
  ) &&
  ['hours', 'depositPaise', 'totalPaise'].every((k) => typeof value[k] === 'number');

/** The held booking of `reference`, or the words the page shows for why it cannot be read. */
export async function readHeld(
  reference: string,
): Promise<{ ok: true; value: HeldBooking } | { ok: false; message: string }> {
  const read = await attempt(
    () => publicClient().bookings.held[':reference'].$get({ param: { reference } }, { init: { cache: 'no-store' } }),
    (res) => checked(res, isFacts),
  );
  return read.ok ? read : { ok: false, message: failureText(read) };
}
