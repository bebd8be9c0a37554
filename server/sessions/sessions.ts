import { randomBytes } from 'node:crypto';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { mixed } from 'yup';
import { every } from 'hono/combine';
import { createMiddleware } from 'hono/factory';
import { validator } from 'hono/validator';
import { number, object } from 'yup';
import type { FixedFacts } from '@/lib/forms/declaration';
import type { Person } from '@/lib/forms/person';
import { masterclassFacts } from '@/lib/forms/masterclass';
import { WAITLIST_KEY } from '@/lib/sessions/choice';
import { joinPrefix } from '@/lib/sessions/registrant';
import { INTAKE_KEY, intakeName, intakesFor, isIntakeForm } from '@/lib/sessions/intake';
import {
  joinState,
  nextWithSeats,
  sessionBody,
  sessionInputOf,
  type PublicSession,
  type StaffSession,
} from '@/lib/sessions/session';
import {
  bearerToken,
  type JoinAnswer,
  type RegistrantAnswer,
  registrantRefusals,
  seatFixed,
} from '@/lib/sessions/registrant';
import type { StaffVars } from '../platform/auth';
import type { DoorBody } from '../forms/form-door';
import { checkIn } from './door';
import { type LinkPurpose, RegistrantLinks, registrantPagePath } from './join';
import { DoorTickets } from './tickets';
import {
  cancelSeat,
  cancelSession,
  createSession,
  getSession,
  keepIdsAboveRestores,
  markJoined,
  moveSeat,
  registrantSecret,
  roster,
  type SeatView,
  seatOfRegistration,
  staffSessions,
  unseatedSignUps,
  upcomingSessions,
  updateSession,
} from './sessions-store';
import type { Store } from '../store/store';
import { scanBody, scanOf, type TicketView } from '@/lib/sessions/ticket';
import { joinWaitlist, moveOnWaitlist, passOnOffers, refillSession, waitingPlaces, waitlistOf } from './waitlist-store';
import { jsonOf, sentObject } from '../platform/validate';
import { jsonBody } from '../platform/http';

/** What a registrant's routes know once their link is checked. */
type RegistrantVars = { seat: SeatView };

/** What staff are told of the pages' own copy of the sessions (for visitors without JavaScript) after a change. */
const pagesRebuilding = 'The site is being rebuilt with this change for visitors without JavaScript (see Site builds).';
const pagesAtNextStart =
  'Visitors without JavaScript see this change once the site is started again; with rebuilds on (REBUILD_SECRET) the site is rebuilt at once.';

/** Seconds the public list of sessions may be cached: seats left are at most this old. */
const sessionsMaxAge = 30;

const publicOf = (s: StaffSession): PublicSession => ({
  id: s.id,
  kind: s.kind,
  title: s.title,
  label: s.label,
  startsAt: s.startsAt,
  durationMinutes: s.durationMinutes,
  mode: s.mode,
  location: s.mode === 'offline' ? s.location : '',
  seatsLeft: s.seatsLeft,
});

/** The public read: the upcoming sessions and intakes with seats left, nothing private. */
export async function publicSessions(db: Store['db'], now: Date): Promise<PublicSession[]> {
  return (await upcomingSessions(db, now)).map(publicOf);
}

/** True for the error a sign-up gets from the database when its session has no seat left. */
export function isSessionFull(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | undefined;
  return e?.code === 'SF001' || (typeof e?.message === 'string' && /session \d+ is full/.test(e.message));
}

/** A registration's body with its chosen intake taken out (the intake's id to store), or why the intake cannot be taken. */
type IntakeSplit = { ok: true; body: DoorBody; intake?: string } | { ok: false; message: string };

export interface SessionServiceOptions {
  store: Store;
  siteUrl: string;
  now?: () => Date;
  /** The masterclass sessions of the build being served (its pages send their labels). */
  buildStarts?: () => readonly string[] | undefined;
  /** How long a seat offered to the first person waiting is held for them (WAITLIST_OFFER_HOURS). */
  offerHours?: number;
}

/** What a sign-up sent to the waitlist is told. */
type WaitlistAnswer = { message: string; place: number };

/** The sessions service: its links' secret is read (or made) once at start. */
export interface SessionService {
  links: RegistrantLinks;
  tickets: DoorTickets;
  /** SITE_URL, without a trailing slash: where registrants' links and certificates' QR codes lead. */
  siteUrl: string;
  /**
   * A form's fixed values as they stand now: for the masterclass, the labels of the upcoming
   * sessions a sign-up may carry, and the next with seats for one that carries none (no JavaScript).
   */
  formFacts(form: string): Promise<FixedFacts>;
  /** The message for a registration refused because its session or intake is full, offering the next one. */
  fullMessage(form: string): Promise<string>;
  /**
   * Takes a certification or diploma registration's optional intake out of what was sent (the form's
   * declaration does not know the key): its id when it names an upcoming intake of that form.
   */
  splitIntake(form: string, body: DoorBody): Promise<IntakeSplit>;
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

/** What the visitors' and registrants' routes need of the sessions service. */
interface VisitorDeps {
  store: Store;
  now: () => Date;
  links: RegistrantLinks;
  /** The door ticket of a seat, if it has one. */
  ticketOf: (seat: SeatView) => TicketView | undefined;
  /** The upcoming masterclass sessions (a seat may move to those with seats left). */
  masterclasses: () => Promise<StaffSession[]>;
  fullMessage: (form: string) => Promise<string>;
  refill: (sessionId: number) => Promise<number>;
  publicGuards: readonly MiddlewareHandler[];
}

/** The body of a registrant's move: the session to move their seat to (its id, a number or its digits). */
export const moveBody = object({
  sessionId: number()
    .typeError(registrantRefusals.chooseSession)
    .required(registrantRefusals.chooseSession)
    .integer(registrantRefusals.chooseSession)
    .positive(registrantRefusals.chooseSession)
    // Past the database's integer: no session has it.
    .max(2 ** 31 - 1, registrantRefusals.chooseSession),
})
  .typeError(registrantRefusals.chooseSession)
  .nonNullable(registrantRefusals.chooseSession);

/**
 * The visitors' and registrants' routes, chained so that the browser's typed client knows them:
 * the public list of sessions, and the registrant's page, move, cancel and join link, each with the
 * link's token in `Authorization: Bearer` (never in an address).
 */
export function visitorRoutes(deps: VisitorDeps) {
  const { store, now, links } = deps;
  /** The seat a request's `Authorization: Bearer` token opens for `purpose`, if its link is valid. */
  const seatOf = async (c: Context, purpose: LinkPurpose): Promise<SeatView | undefined> => {
    const token = bearerToken(c.req.header('Authorization'));
    return token === undefined ? undefined : links.verify(purpose, token, (id) => seatOfRegistration(store.db, id));
  };
  /** The registrant's routes: each gets the seat their page link opens, or answers that the link is not valid. */
  const registrantSeat = createMiddleware<{ Variables: RegistrantVars }>(async (c, next) => {
    const seat = await seatOf(c, 'page');
    if (!seat) return c.json({ message: registrantRefusals.badLink }, 404);
    c.set('seat', seat);
    await next();
  });
  const registrant = [every(...deps.publicGuards), registrantSeat] as const;
  /** Why a registrant cannot move or cancel this seat now, if so. */
  const fixedOf = (seat: SeatView) =>
    seatFixed(
      { cancelled: seat.cancelledAt !== null, kind: seat.session.kind, startsAt: seat.session.startsAt },
      now().getTime(),
    );
  /** Refuses a change to a seat that cannot change (before its body is read). */
  const changeable = createMiddleware<{ Variables: RegistrantVars }>(async (c, next) => {
    const why = fixedOf(c.get('seat'));
    if (why) return c.json({ message: why }, 409);
    await next();
  });
  return new Hono()
    .get('/sessions', async (c) => {
      const sessions = await publicSessions(store.db, now());
      c.header('Cache-Control', `public, max-age=${sessionsMaxAge}`);
      return c.json({ sessions }, 200);
    })
    .get('/registrant', ...registrant, async (c) => {
      const seat = c.get('seat');
      const fixed = fixedOf(seat);
      const others = fixed
        ? []
        : (await deps.masterclasses()).filter((s) => s.id !== seat.session.id && s.seatsLeft > 0);
      const status = seat.cancelledAt
        ? 'cancelled'
        : seat.verified
          ? 'verified'
          : seat.claimed
            ? 'claimed'
            : 'registered';
      const waiting = await waitingPlaces(store.db, seat.email);
      const waitlist = [];
      for (const w of waiting) {
        const session = await getSession(store.db, w.sessionId);
        if (session) waitlist.push({ session: publicOf(session), place: w.place });
      }
      c.header('Cache-Control', 'no-store');
      return c.json(
        {
          registration: {
            reference: `#${seat.registrationId}`,
            status,
            session: publicOf(seat.session),
            sessionCancelled: seat.session.status === 'cancelled',
          },
          moveTo: others.map(publicOf),
          fixed: fixed ?? null,
          ticket: deps.ticketOf(seat) ?? null,
          waitlist,
        } satisfies RegistrantAnswer,
        200,
      );
    })
    .post('/registrant/move', ...registrant, changeable, jsonBody, jsonOf(moveBody), async (c) => {
      const seat = c.get('seat');
      const to = c.req.valid('json').sessionId;
      const outcome = await moveSeat(store.db, seat.seatId, to, now());
      if (outcome === 'full') return c.json({ message: await deps.fullMessage('masterclass') }, 409);
      if (outcome === 'same') return c.json({ message: registrantRefusals.same }, 409);
      // Changed since it was read (cancelled, or its session started): refused as it now is.
      if (outcome === 'fixed') return c.json({ message: registrantRefusals.started }, 409);
      if (outcome !== 'moved') return c.json({ message: registrantRefusals.target }, 409);
      await deps.refill(seat.session.id);
      return c.json({ message: 'Your seat has moved.' }, 200);
    })
    .post('/registrant/cancel', ...registrant, changeable, async (c) => {
      const seat = c.get('seat');
      if (seat.session.status === 'cancelled') return c.json({ message: registrantRefusals.studioCancelled }, 409);
      if (!(await cancelSeat(store.db, seat.seatId, now())))
        return c.json({ message: registrantRefusals.started }, 409);
      await deps.refill(seat.session.id);
      return c.json({ message: 'Your registration is cancelled.' }, 200);
    })
    .post('/join', every(...deps.publicGuards), async (c) => {
      const seat = await seatOf(c, 'join');
      c.header('Cache-Control', 'no-store');
      const answer = (a: JoinAnswer) => c.json(a, 200);
      if (!seat || seat.cancelledAt || seat.session.status === 'cancelled' || !seat.verified) {
        return seat
          ? answer({ state: 'closed' })
          : c.json({ state: 'closed', message: registrantRefusals.badLink }, 404);
      }
      const at = joinState(Date.parse(seat.session.startsAt), seat.session.durationMinutes, now().getTime());
      if (at.state === 'open' && seat.session.meetingUrl) {
        await markJoined(store.db, seat.seatId);
        return answer({ state: 'open', url: seat.session.meetingUrl });
      }
      if (at.state === 'early') return answer({ state: 'early', opensAt: new Date(at.opensMs).toISOString() });
      return answer({ state: at.state === 'open' ? 'no-link' : 'over' });
    })
    .get('/join/:token', (c) =>
      // A join link e-mailed before links carried the token in the fragment: the page takes it from here.
      c.redirect(`${registrantPagePath}#${joinPrefix}${c.req.param('token')}`, 303),
    );
}

/** What the staff's session routes are given by the service: who is staff, and who hears of a change. */
interface StaffSessionGuards {
  staffOnly: MiddlewareHandler<{ Variables: StaffVars }>;
  /** Hears each change staff make to the sessions (by whom): the pages' copy is built again. */
  changed?: ((who: string) => Promise<void>) | undefined;
}

/** Which way staff move a waiting person. */
const waitlistMoveBody = sentObject({
  direction: mixed<'up' | 'down'>()
    .oneOf(['up', 'down'], 'Say which way to move: "up" or "down".')
    .required('Say which way to move: "up" or "down".'),
});

/**
 * The staff's routes for sessions and intakes (all staff only): the list, create, change and cancel
 * (each change rebuilds the pages' copy), a session's roster and waitlist, moving a waiting person,
 * and the door's check-in of a scanned ticket or typed code.
 */
function staffSessionRoutes(
  opts: StaffSessionGuards & {
    store: Store;
    tickets: DoorTickets;
    now: () => Date;
    refill: (sessionId: number) => Promise<number>;
  },
) {
  const { store, tickets, now, refill, staffOnly, changed } = opts;
  const sessionId = validator('param', (value: Record<string, string>, c) => {
    const id = Number(value.id);
    return Number.isSafeInteger(id) && id > 0 ? { id } : c.json({ message: 'There is no such session.' }, 404);
  });
  /** A waiting person's entry on a session's waitlist (the path holds digits only). */
  const entryOf = validator('param', (value: Record<string, string>, c) => {
    const id = Number(value.id);
    return Number.isSafeInteger(id) && id > 0
      ? { id, entry: Number(value.entry) }
      : c.json({ message: 'There is no such session.' }, 404);
  });
  const noSession = (c: Context) => c.json({ message: 'There is no such session, or it was cancelled.' }, 404);
  /** After a change staff made: the pages' copy of the sessions; answers what staff are told about that copy. */
  const afterChange = async (c: Context<{ Variables: StaffVars }>): Promise<string> => {
    if (!changed) return pagesAtNextStart;
    await changed(c.get('staff').name);
    return pagesRebuilding;
  };
  return new Hono<{ Variables: StaffVars }>()
    .get('/sessions/manage', staffOnly, async (c) =>
      c.json({ sessions: await staffSessions(store.db, now()), unseated: await unseatedSignUps(store.db) }, 200),
    )
    .post('/sessions/manage', staffOnly, jsonBody, jsonOf(sessionBody), async (c) => {
      const session = await createSession(store.db, sessionInputOf(c.req.valid('json')));
      return c.json({ session, message: await afterChange(c) }, 201);
    })
    .patch('/sessions/manage/:id{[0-9]+}', staffOnly, sessionId, jsonBody, jsonOf(sessionBody), async (c) => {
      const session = await updateSession(store.db, c.req.valid('param').id, sessionInputOf(c.req.valid('json')));
      if (!session) return noSession(c);
      // Added capacity goes to the people waiting first.
      await refill(session.id);
      return c.json({ session: await getSession(store.db, session.id), message: await afterChange(c) }, 200);
    })
    .post('/sessions/manage/:id{[0-9]+}/cancel', staffOnly, sessionId, async (c) => {
      const session = await cancelSession(store.db, c.req.valid('param').id);
      return session ? c.json({ session, message: await afterChange(c) }, 200) : noSession(c);
    })
    .get('/sessions/manage/:id{[0-9]+}/roster', staffOnly, sessionId, async (c) => {
      const session = await getSession(store.db, c.req.valid('param').id);
      if (!session) return noSession(c);
      const [seats, waitlist] = await Promise.all([roster(store.db, session.id), waitlistOf(store.db, session.id)]);
      return c.json({ session, roster: seats, waitlist }, 200);
    })
    .post(
      '/sessions/manage/:id{[0-9]+}/waitlist/:entry{[0-9]+}/move',
      staffOnly,
      entryOf,
      jsonBody,
      jsonOf(waitlistMoveBody),
      async (c) => {
        const { direction } = c.req.valid('json');
        const { id, entry } = c.req.valid('param');
        if (!(await moveOnWaitlist(store.db, id, entry, direction))) {
          return c.json(
            {
              message: `That person cannot move ${direction}: they are not waiting, or already ${direction === 'up' ? 'first' : 'last'}.`,
            },
            409,
          );
        }
        return c.json({ waitlist: await waitlistOf(store.db, id) }, 200);
      },
    )
    .post('/sessions/manage/:id{[0-9]+}/check-in', staffOnly, sessionId, jsonBody, jsonOf(scanBody), async (c) => {
      const session = await getSession(store.db, c.req.valid('param').id);
      if (!session) return noSession(c);
      if (session.mode !== 'offline') {
        return c.json({ message: 'This session is online: its attendance is the join link.' }, 409);
      }
      const answer = await checkIn(store.db, tickets, session, scanOf(c.req.valid('json'), now().getTime()));
      const status = answer.outcome === 'checked-in' ? 200 : answer.outcome === 'unknown' ? 404 : 409;
      return c.json(answer, status);
    });
}

export type StaffSessionRoutes = ReturnType<typeof staffSessionRoutes>;

export async function sessionService(opts: SessionServiceOptions): Promise<SessionService> {
  const { store } = opts;
  const now = opts.now ?? (() => new Date());
  const offerHours = opts.offerHours ?? 24;
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
  const formFacts = async (form: string): Promise<FixedFacts> => {
    if (form !== 'masterclass') return {};
    const list = await masterclasses();
    return masterclassFacts({
      chosen: nextWithSeats(list)?.label,
      bookable: list.map((s) => s.label),
      buildStarts: opts.buildStarts?.(),
      nowMs: now().getTime(),
    });
  };

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

  const splitWaitlist: SessionService['splitWaitlist'] = (form, body) => {
    if (form !== 'masterclass' && !isIntakeForm(form)) return { body, wait: false };
    const { [WAITLIST_KEY]: sent, ...fields } = body.fields;
    return { body: { ...body, fields }, wait: sent === 'true' || sent === 'on' || sent === '1' };
  };

  const joinFull: SessionService['joinWaitlist'] = async (form, payload, person) => {
    const joined = await joinWaitlist(store.db, { form, payload, person }, now(), offerHours);
    if (joined === 'no-session') return undefined;
    const where = form === 'masterclass' ? 'session' : 'intake';
    return {
      place: joined.place,
      message:
        joined.place === 0
          ? `A seat in this ${where} has just freed and is held for you for ${offerHours} hours: we have e-mailed you the payment page.`
          : `This ${where} is full. You are number ${joined.place} on its waitlist: when a seat frees we e-mail you an offer that holds it for you for ${offerHours} hours.`,
    };
  };

  const refill = (sessionId: number) => refillSession(store.db, sessionId, now(), offerHours);

  const routes: SessionService['routes'] = ({ publicGuards }) =>
    visitorRoutes({ store, now, links, ticketOf, masterclasses, fullMessage, refill, publicGuards });

  return {
    links,
    siteUrl: opts.siteUrl.replace(/\/$/, ''),
    tickets,
    formFacts,
    fullMessage,
    splitIntake,
    splitWaitlist,
    joinWaitlist: joinFull,
    passOnOffers: (at) => passOnOffers(store.db, at, offerHours),
    refill,
    routes,
    staffRoutes: (guards) => staffSessionRoutes({ store, tickets, now, refill, ...guards }),
  };
}
