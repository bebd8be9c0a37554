import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import { createMiddleware } from 'hono/factory';
import { object } from 'yup';
import { joinPrefix } from '@/lib/sessions/registrant';
import { joinState, type StaffSession } from '@/lib/sessions/session';
import {
  bearerToken,
  type JoinAnswer,
  type RegistrantAnswer,
  registrantRefusals,
  seatFixed,
} from '@/lib/sessions/registrant';
import type { TicketView } from '@/lib/sessions/ticket';
import { canDo, paymentOf, stateWords } from '@/lib/registrations/lifecycle';
import { actionContext, stateOfRegistration } from '../registrations/states-store';
import { jsonBody } from '../platform/http';
import { jsonOf, storedInteger } from '../platform/validate';
import type { Store } from '../store/store';
import { type LinkPurpose, type RegistrantLinks, registrantPagePath } from './join';
import { publicOf, publicSessions } from './public-sessions';
import { cancelSeat, markJoined, moveSeat, type SeatView, seatOfRegistration } from './seats-store';
import { getSession } from './sessions-store';
import { heldOffer, waitingPlaces } from './waitlist-store';

/** What a registrant's routes know once their link is checked. */
type RegistrantVars = { seat: SeatView };

/** Seconds the public list of sessions may be cached: seats left are at most this old. */
const sessionsMaxAge = 30;

/** What the visitors' and registrants' routes need of the sessions service. */
export interface VisitorDeps {
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
  /** How long before a session starts its door opens (CHECK_IN_OPENS_MINUTES). */
  opensMinutes: number;
}

/** The body of a registrant's move: the session to move their seat to (its id, a number or its digits). */
export const moveBody = object({
  sessionId: storedInteger(registrantRefusals.chooseSession),
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
      const state = await stateOfRegistration(store.db, seat.registrationId);
      const stage = state?.stage ?? (seat.cancelledAt ? 'cancelled' : 'held');
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
            stage,
            words: state ? stateWords(state, 'registrant') : 'Cancelled',
            session: publicOf(seat.session),
            sessionCancelled: seat.session.status === 'cancelled',
          },
          moveTo: others.map(publicOf),
          fixed: fixed ?? null,
          ticket: deps.ticketOf(seat) ?? null,
          waitlist,
          offer: await heldOffer(store.db, seat.registrationId),
        } satisfies RegistrantAnswer,
        200,
      );
    })
    .post('/registrant/move', ...registrant, changeable, jsonBody, jsonOf(moveBody), async (c) => {
      const seat = c.get('seat');
      const to = c.req.valid('json').sessionId;
      const state = await stateOfRegistration(store.db, seat.registrationId);
      if (!state || !canDo(state, 'move', actionContext(seat.session, now(), deps.opensMinutes)))
        return c.json({ message: registrantRefusals.started }, 409);
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
      const state = await stateOfRegistration(store.db, seat.registrationId);
      if (!state || !canDo(state, 'cancel', actionContext(seat.session, now(), deps.opensMinutes)))
        return c.json({ message: registrantRefusals.started }, 409);
      if (!(await cancelSeat(store.db, seat.seatId, now())))
        return c.json({ message: registrantRefusals.started }, 409);
      await deps.refill(seat.session.id);
      return c.json({ message: 'Your registration is cancelled.' }, 200);
    })
    .post('/join', every(...deps.publicGuards), async (c) => {
      const seat = await seatOf(c, 'join');
      c.header('Cache-Control', 'no-store');
      const answer = (a: JoinAnswer) => c.json(a, 200);
      // Only a seat whose price is fully received (its lifecycle's payment) opens the meeting.
      const state = seat && (await stateOfRegistration(store.db, seat.registrationId));
      if (
        !seat ||
        seat.cancelledAt ||
        seat.session.status === 'cancelled' ||
        !state ||
        paymentOf(state) !== 'verified'
      ) {
        return seat
          ? answer({ state: 'closed' })
          : c.json({ state: 'closed', message: registrantRefusals.badLink }, 404);
      }
      const at = joinState(Date.parse(seat.session.startsAt), seat.session.durationMinutes, now().getTime());
      if (at.state === 'open' && seat.session.meetingUrl) {
        await markJoined(store.db, seat.seatId, now());
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
