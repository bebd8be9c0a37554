/**
 * What the booking page and the service say to each other: the shapes of `GET
 * /api/bookings/availability` and of `POST /api/bookings`. The page and the service both import
 * these, so they cannot drift apart.
 */

/** A day in India's calendar, YYYY-MM-DD. */
export type IsoDate = string;
/** A time of day in India, HH:MM (24-hour). */
export type ClockTime = string;

/** A kind of studio work sold by the hour, with the SAC code its invoices carry. */
export interface BookableService {
  readonly id: string;
  readonly name: string;
  readonly sac: string;
}

/** A room or an engineer: what is booked, at its rates. */
export interface BookableResource {
  readonly id: string;
  readonly name: string;
  /** Rate per hour, in paise (GST added on top). */
  readonly hourPaise: number;
  /** Rate for a whole working day, in paise (charged instead of hours when it is less). */
  readonly dayPaise: number;
}

export interface BookableEngineer extends BookableResource {
  /** The rooms this engineer works in (room ids). */
  readonly rooms: readonly string[];
}

/** The studio's booking rules, from its settings. */
export interface BookingRules {
  readonly minHours: number;
  readonly maxHours: number;
  /** Hours kept free between two bookings of one room or one engineer. */
  readonly bufferHours: number;
  /** The deposit that confirms a booking, as a percentage of its price with GST. */
  readonly depositPercent: number;
  /** How long a booking is held, waiting for its deposit, before it lapses. */
  readonly holdHours: number;
  /** The least notice between booking and start, in hours. */
  readonly noticeHours: number;
}

/** One day's free starts: for each room and engineer, the starts from which `minHours` are free. */
export interface AvailableDay {
  readonly date: IsoDate;
  /** Working hours of that day, or null when the studio is closed. */
  readonly open: ClockTime | null;
  readonly close: ClockTime | null;
  /** Room id → starts (HH:MM, on the hour) from which at least the minimum hours are free. */
  readonly rooms: Readonly<Record<string, readonly ClockTime[]>>;
  /** Engineer id → starts from which at least the minimum hours are free. */
  readonly engineers: Readonly<Record<string, readonly ClockTime[]>>;
}

/** `GET /api/bookings/availability?from=YYYY-MM-DD&days=N` answers this. */
export interface Availability {
  readonly from: IsoDate;
  readonly services: readonly BookableService[];
  readonly rooms: readonly BookableResource[];
  readonly engineers: readonly BookableEngineer[];
  readonly rules: BookingRules;
  readonly days: readonly AvailableDay[];
}

/** The value of `engineer` that lets the studio choose any engineer free in that room. */
export const ANY_ENGINEER = 'any';

/**
 * `POST /api/bookings`: JSON from the page's script, or the same keys as an HTML form's fields
 * without JavaScript. `gstin`, `legalName` and `address` together, for a business.
 */
export interface BookingRequest {
  readonly service: string;
  readonly room: string;
  /** An engineer's id, or `any`. */
  readonly engineer: string;
  readonly date: IsoDate;
  readonly start: ClockTime;
  /** Whole hours, as text in a form. */
  readonly hours: string | number;
  readonly name: string;
  readonly email: string;
  readonly phone: string;
  readonly gstin?: string;
  readonly legalName?: string;
  readonly address?: string;
}

/** 201: the booking is held until `holdUntil`, waiting for its deposit. */
export interface BookingHeld {
  readonly reference: string;
  /** The deposit asked, in paise, and the whole price with GST. */
  readonly depositPaise: number;
  readonly totalPaise: number;
  /** When the hold lapses, as an ISO instant. */
  readonly holdUntil: string;
  /** The engineer given (the one chosen, or the one the studio chose for `any`). */
  readonly engineer: string;
}

/** 409: that time is taken (by another booking or its buffer); the day's free starts now. */
export interface BookingTaken {
  readonly error: string;
  readonly day: AvailableDay;
}

/**
 * `GET /api/bookings/held/:reference` answers this: what the held booking's page shows (the deposit
 * due and until when), without personal data; 404 `{ message }` for an unknown reference.
 */
export interface HeldBooking {
  readonly reference: string;
  readonly service: string;
  readonly room: string;
  readonly engineer: string;
  readonly date: IsoDate;
  readonly start: ClockTime;
  readonly hours: number;
  readonly depositPaise: number;
  readonly totalPaise: number;
  /** When the hold lapses, as an ISO instant. */
  readonly holdUntil: string;
  /** held: waiting for its deposit; confirmed: paid; cancelled; lapsed: not paid in time. */
  readonly status: 'held' | 'confirmed' | 'cancelled' | 'lapsed';
}
