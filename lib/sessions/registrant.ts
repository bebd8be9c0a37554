/**
 * A registrant's own page and join link: what the service answers, what a registrant may change, and
 * how the page sends its token (in the Authorization header, never in an address).
 */
import { storedIdOf } from '@/lib/stored-integer';
import type { Stage } from '@/lib/registrations/lifecycle';
import type { PublicSession } from './session';
import type { TicketView } from './ticket';

/** How a join link's fragment starts, before its token (a page link's fragment is the token alone). */
export const joinPrefix = 'join-';

/**
 * A link's token as the service signs it, read: the registration's number and the signature;
 * undefined when it is not one (a number no registration can have included).
 */
export function linkTokenParts(token: string): { registrationId: number; signature: string } | undefined {
  const m = /^([1-9]\d{0,9})\.([\w-]{27})$/.exec(token);
  const registrationId = storedIdOf(m?.[1] ?? '');
  return m?.[2] !== undefined && registrationId !== undefined ? { registrationId, signature: m[2] } : undefined;
}

/** Whether `value` has the form of a link's token. */
export const isLinkToken = (value: string): boolean => linkTokenParts(value) !== undefined;

/** The token of an `Authorization: Bearer` header, if it carries one. */
export function bearerToken(header: string | undefined): string | undefined {
  const token = /^Bearer ([\w.-]{1,64})$/.exec(header ?? '')?.[1];
  return token && isLinkToken(token) ? token : undefined;
}

interface RegistrationView {
  reference: string;
  status: 'registered' | 'claimed' | 'verified' | 'cancelled';
  /** Its stage in the registration's life (lib/registrations/lifecycle.ts). */
  stage: Stage;
  /** Its state in the registrant's words, as the lifecycle says it. */
  words: string;
  session: PublicSession;
  sessionCancelled: boolean;
}

/** GET /api/registrant: the registration, what it may move to, and why it cannot be changed (if so). */
export interface RegistrantAnswer {
  registration: RegistrationView;
  moveTo: PublicSession[];
  /** Why this seat cannot be moved or cancelled here; null when it can. */
  fixed: string | null;
  /** The door ticket of a seat in an offline session or intake; null otherwise. */
  ticket: TicketView | null;
  /** The sessions whose waitlist the registrant's address is on, with their place (1 = next offer). */
  waitlist: Array<{ session: PublicSession; place: number }>;
  /**
   * A seat offered from the waitlist and not yet paid: until when it is held (ISO), and that time as
   * the page shows it; null for any other seat.
   */
  offer: { expiresAt: string; text: string } | null;
}

/** POST /api/join: where the join link leads now. */
export type JoinAnswer =
  | { state: 'open'; url: string }
  | { state: 'early'; opensAt: string }
  | { state: 'no-link' | 'over' | 'closed' };

/** The refusals of the registrant's page, one wording each (the service answers them; the page shows them). */
export const registrantRefusals = {
  badLink: 'This link is not valid. Use the link in your latest e-mail from us.',
  cancelled: 'This registration is already cancelled.',
  course: 'A course intake place cannot be moved or cancelled here: write to us to change your intake.',
  started: 'This session has already started, so your seat can no longer be moved or cancelled.',
  studioCancelled: 'The studio cancelled this session: move to another session, or write to us about a refund.',
  target: 'That session cannot be chosen: choose another upcoming masterclass session with seats.',
  same: 'Your seat is already in that session.',
  chooseSession: 'Choose the session to move to.',
} as const;

/** What decides whether a seat may change. */
export interface SeatState {
  cancelled: boolean;
  kind: PublicSession['kind'];
  startsAt: string;
}

/**
 * Why a registrant cannot move or cancel this seat, or undefined when they can: a course intake
 * place is changed by writing to the studio, and no seat changes once its session has started.
 */
export function seatFixed(seat: SeatState, nowMs: number): string | undefined {
  if (seat.cancelled) return registrantRefusals.cancelled;
  if (seat.kind === 'course') return registrantRefusals.course;
  if (Date.parse(seat.startsAt) <= nowMs) return registrantRefusals.started;
  return undefined;
}
