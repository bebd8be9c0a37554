import { randomBytes } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { FixedFacts } from '@/lib/forms/declaration';
import type { Person } from '@/lib/forms/person';
import { masterclassFacts } from '@/lib/forms/masterclass';
import { SCHEDULE_KEY, sessionRefusal, WAITLIST_KEY, waitlistMessage } from '@/lib/sessions/choice';
import { INTAKE_KEY, intakeName, intakesFor, isIntakeForm } from '@/lib/sessions/intake';
import { nextWithSeats } from '@/lib/sessions/session';
import type { TicketView } from '@/lib/sessions/ticket';
import type { DoorBody } from '../forms/form-door';
import type { Store } from '../store/store';
import { RegistrantLinks } from './join';
import { keepIdsAboveRestores, registrantSecret, upcomingSessions } from './sessions-store';
import type { SeatView } from './seats-store';
import { type StaffSessionGuards, type StaffSessionRoutes, staffSessionRoutes } from './staff-session-routes';
import { DoorTickets } from './tickets';
import { visitorRoutes } from './visitor-routes';
import { joinWaitlist, type OfferTerms, passOnOffers, refillSession } from './waitlist-store';

/** True for the error a sign-up gets from the database when its session has no seat left. */
export function isSessionFull(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | undefined;
  return e?.code === 'SF001' || (typeof e?.message === 'string' && /session \d+ is full/.test(e.message));
}

/**
 * A registration's body with its chosen intake taken out (the intake's id to store), or why its
 * session or intake cannot be taken: `field` names the choice, `full` when it is refused because
 * nothing named has a seat (the waitlist is offered).
 */
type IntakeSplit =
  | { ok: true; body: DoorBody; intake?: string }
  | { ok: false; message: string; field?: string; full?: boolean };

export interface SessionServiceOptions {
  store: Store;
  siteUrl: string;
  now?: () => Date;
  /** How long a seat offered to the first person waiting is held for them (WAITLIST_OFFER_HOURS). */
  offerHours?: number;
  /** How long before a session starts its offers close, whatever their hours (WAITLIST_OFFER_CLOSES_MINUTES). */
  offerClosesMinutes?: number;
  /** How long before a session starts the door's check-in opens (CHECK_IN_OPENS_MINUTES). */
  checkInOpensMinutes?: number;
}

/** What a sign-up sent to the waitlist is told. */
type WaitlistAnswer = { message: string; place: number };

/** The sessions service: its links' secret is read (or made) once at start. */
export interface SessionService {
  links: RegistrantLinks;
  tickets: DoorTickets;
  /** SITE_URL, without a trailing slash: where registrants' links and certificates' QR codes lead. */
  siteUrl: string;
  /** How long before a session starts its door opens: attendance counts from then until its end. */
  checkInOpensMinutes: number;
  /** The message for a registration refused because its session or intake is full, offering the next one. */
  fullMessage(form: string): Promise<string>;
  /**
   * Takes a certification or diploma registration's optional intake out of what was sent (the form's
   * declaration does not know the key): its id when it names an upcoming intake of that form.
   */
  splitIntake(form: string, body: DoorBody): Promise<IntakeSplit>;
  /**
   * A masterclass sign-up must name an upcoming session (there is no fallback schedule): one that
   * names none, or one that cannot be chosen any more, is refused with the sessions' state. Answers
   * the form's fixed values too (the bookable sessions; none for a form without sessions).
   */
  checkSession(form: string, body: DoorBody): Promise<{ fixed: FixedFacts; refusal?: IntakeSplit & { ok: false } }>;
  /** Takes a registration's waitlist choice out of what was sent: whether it asks to wait when full. */
  splitWaitlist(form: string, body: DoorBody): { body: DoorBody; wait: boolean };
  /** Puts a checked registration whose session is full on its waitlist; undefined when it names no session. */
  joinWaitlist(form: string, payload: Record<string, unknown>, person: Person): Promise<WaitlistAnswer | undefined>;
  /** The periodic check: lapses unanswered offers at `now` and offers the free seats to those waiting. */
  passOnOffers(now: Date): Promise<{ lapsed: number; offered: number }>;
  /** Offers a session's free seats (after a cancellation, a refund, added capacity). */
  refill(sessionId: number): Promise<number>;
  routes(guards: { publicGuards: readonly MiddlewareHandler[] }): ReturnType<typeof visitorRoutes>;
  /** The staff's routes: sessions and intakes, their rosters and waitlists, the door's check-in. */
  staffRoutes(guards: StaffSessionGuards): StaffSessionRoutes;
}

export async function sessionService(opts: SessionServiceOptions): Promise<SessionService> {
  const { store } = opts;
  const now = opts.now ?? (() => new Date());
  const offerHours = opts.offerHours ?? 24;
  const terms: OfferTerms = { hours: offerHours, closesMinutesBefore: opts.offerClosesMinutes ?? 180 };
  const checkInOpensMinutes = opts.checkInOpensMinutes ?? 60;
  // A restored database issues no id it issued before (links are keyed per seat besides).
  await keepIdsAboveRestores(store.db);
  const secret = await registrantSecret(store.db, randomBytes(32).toString('base64url'));
  const links = new RegistrantLinks(secret, opts.siteUrl.replace(/\/$/, ''));
  const tickets = new DoorTickets(secret);
  /** The door ticket of a seat in an offline session or intake that is not cancelled. */
  const ticketOf = (seat: SeatView): TicketView | undefined =>
    seat.session.mode === 'offline' && !seat.cancelledAt && seat.session.status === 'scheduled'
      ? tickets.view({ seatId: seat.seatId, sessionId: seat.session.id, linkKey: seat.linkKey })
      : undefined;
  const masterclasses = async () => (await upcomingSessions(store.db, now())).filter((s) => s.kind === 'masterclass');

  const intakes = async (form: string) =>
    isIntakeForm(form) ? intakesFor(form, await upcomingSessions(store.db, now())) : [];

  const fullMessage = async (form: string) => {
    if (isIntakeForm(form)) {
      const next = nextWithSeats(await intakes(form));
      return next
        ? `That intake is full. An intake with seats is ${intakeName(next)} (${next.seatsLeft} left): choose it, or register without an intake, and send again.`
        : 'That intake is full. Choose "No intake yet" and send again: we will write to you when the next intake opens.';
    }
    const next = nextWithSeats(await masterclasses());
    return next
      ? `That session is full. The next session with seats is ${next.label} (${next.seatsLeft} left): choose it and confirm again.`
      : 'That session is full, and no other session has seats yet. Please check back soon.';
  };

  const splitIntake = async (form: string, body: DoorBody): Promise<IntakeSplit> => {
    // Other forms keep the key, and their declaration refuses it as unknown.
    if (!isIntakeForm(form)) return { ok: true, body };
    const { [INTAKE_KEY]: sent, ...fields } = body.fields;
    if (sent === undefined || sent === '') return { ok: true, body: { ...body, fields } };
    const id = typeof sent === 'string' && /^[0-9]{1,9}$/.test(sent) ? Number(sent) : Number.NaN;
    if (!(await intakes(form)).some((s) => s.id === id)) {
      return {
        ok: false,
        message: 'That intake cannot be chosen any more. Choose another intake, or "No intake yet", and send again.',
      };
    }
    return { ok: true, body: { ...body, fields }, intake: String(id) };
  };

  const checkSession: SessionService['checkSession'] = async (form, body) => {
    if (form !== 'masterclass') return { fixed: {} };
    const list = await masterclasses();
    const fixed = masterclassFacts({
      chosen: nextWithSeats(list)?.label,
      bookable: list.map((s) => s.label),
      nowMs: now().getTime(),
    });
    const sent = body.fields[SCHEDULE_KEY];
    if (typeof sent === 'string' && list.some((s) => s.label === sent)) return { fixed };
    const refusal = sessionRefusal(list, typeof sent === 'string' && sent !== '' ? sent : undefined);
    return { fixed, refusal: { ok: false, field: SCHEDULE_KEY, ...refusal } };
  };

  const splitWaitlist: SessionService['splitWaitlist'] = (form, body) => {
    if (form !== 'masterclass' && !isIntakeForm(form)) return { body, wait: false };
    const { [WAITLIST_KEY]: sent, ...fields } = body.fields;
    return { body: { ...body, fields }, wait: sent === 'true' || sent === 'on' || sent === '1' };
  };

  const joinFull: SessionService['joinWaitlist'] = async (form, payload, person) => {
    const joined = await joinWaitlist(store.db, { form, payload, person }, now(), terms);
    if (joined === 'no-session') return undefined;
    return {
      place: joined.place,
      message: waitlistMessage(form === 'masterclass' ? 'session' : 'intake', joined, offerHours),
    };
  };

  const refill = (sessionId: number) => refillSession(store.db, sessionId, now(), terms);

  const routes: SessionService['routes'] = ({ publicGuards }) =>
    visitorRoutes({
      store,
      now,
      links,
      ticketOf,
      masterclasses,
      fullMessage,
      refill,
      publicGuards,
      opensMinutes: checkInOpensMinutes,
    });

  return {
    links,
    siteUrl: opts.siteUrl.replace(/\/$/, ''),
    checkInOpensMinutes,
    tickets,
    fullMessage,
    splitIntake,
    checkSession,
    splitWaitlist,
    joinWaitlist: joinFull,
    passOnOffers: (at) => passOnOffers(store.db, at, terms),
    refill,
    routes,
    staffRoutes: (guards) => staffSessionRoutes({ store, tickets, now, refill, checkInOpensMinutes, ...guards }),
  };
}
