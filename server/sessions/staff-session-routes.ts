import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { mixed } from 'yup';
import { attendanceWindow, sessionBody, sessionInputOf } from '@/lib/sessions/session';
import { personKeyOf } from '@/lib/privacy/person';
import { logAction } from '../privacy/access-log-store';
import { subjectHash } from '../privacy/people-store';
import { markAttendedByHand } from './seats-store';
import { canDo } from '@/lib/registrations/lifecycle';
import { actionContext, statesOfSession } from '../registrations/states-store';
import { scanBody, scanOf } from '@/lib/sessions/ticket';
import type { StaffVars } from '../platform/auth';
import { jsonBody } from '../platform/http';
import { idParams, jsonOf, oneLine, sentObject, storedInteger } from '../platform/validate';
import type { Store } from '../store/store';
import { checkIn } from './door';
import {
  cancelSession,
  createSession,
  getSession,
  roster,
  staffSessions,
  unseatedSignUps,
  updateSession,
} from './sessions-store';
import type { DoorTickets } from './tickets';
import { moveOnWaitlist, waitlistOf } from './waitlist-store';

/** What staff are told of the pages' own copy of the sessions (for visitors without JavaScript) after a change. */
const pagesRebuilding = 'The site is being rebuilt with this change for visitors without JavaScript (see Site builds).';
const pagesAtNextStart =
  'Visitors without JavaScript see this change once the site is started again; with rebuilds on (REBUILD_SECRET) the site is rebuilt at once.';

/** What the staff's session routes are given by the service: who is staff, and who hears of a change. */
export interface StaffSessionGuards {
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

/** Attendance marked by hand: whose (the registration's number) and why, both required. */
const handMessages = {
  registration: 'Give the registration number, as the roster shows it.',
  reason: 'Give the reason attendance is marked by hand (up to 300 characters).',
} as const;
const attendanceBody = sentObject({
  registration: storedInteger(handMessages.registration).required(handMessages.registration),
  reason: oneLine(300, handMessages.reason).required(handMessages.reason),
});

/** What staff are told when attendance cannot be marked by hand. */
const handRefusals = {
  'no-seat': 'That registration holds no seat in this session.',
  cancelled: 'That registration is cancelled: attendance is not marked.',
  already: 'That registration is already checked in (or joined by its link).',
  early: 'This session has not opened its door yet: attendance counts only inside its own time.',
} as const;

/**
 * The staff's routes for sessions and intakes (all staff only): the list, create, change and cancel
 * (each change rebuilds the pages' copy), a session's roster and waitlist, moving a waiting person,
 * and the door's check-in of a scanned ticket or typed code.
 */
export function staffSessionRoutes(
  opts: StaffSessionGuards & {
    store: Store;
    tickets: DoorTickets;
    now: () => Date;
    refill: (sessionId: number) => Promise<number>;
    /** How long before a session starts its door's check-in opens (CHECK_IN_OPENS_MINUTES). */
    checkInOpensMinutes: number;
  },
) {
  const { store, tickets, now, refill, staffOnly, changed, checkInOpensMinutes } = opts;
  const sessionId = idParams('There is no such session.', 'id');
  /** A waiting person's entry on a session's waitlist. */
  const entryOf = idParams('There is no such session, or no such person waiting for it.', 'id', 'entry');
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
      const scan = scanOf(c.req.valid('json'), now().getTime());
      const answer = await checkIn(store.db, tickets, session, scan, checkInOpensMinutes);
      const status = answer.outcome === 'checked-in' ? 200 : answer.outcome === 'unknown' ? 404 : 409;
      return c.json(answer, status);
    })
    .post(
      '/sessions/manage/:id{[0-9]+}/attendance',
      staffOnly,
      sessionId,
      jsonBody,
      jsonOf(attendanceBody),
      async (c) => {
        const session = await getSession(store.db, c.req.valid('param').id);
        if (!session || session.status === 'cancelled') return noSession(c);
        const { registration, reason } = c.req.valid('json');
        const at = now();
        const window = attendanceWindow(session, checkInOpensMinutes, at.getTime());
        const startMs = Date.parse(session.startsAt);
        const by = c.get('staff').name;
        // The lifecycle decides first; the store's locked checks stay the last word under races.
        const state = (await statesOfSession(store.db, session.id)).get(registration);
        if (
          state &&
          state.facts.attendedAt === null &&
          !canDo(state, 'check-in', actionContext(session, at, checkInOpensMinutes))
        ) {
          return c.json({ message: handRefusals[state.facts.seat?.cancelled ? 'cancelled' : 'early'] }, 409);
        }
        const outcome = await markAttendedByHand(store.db, {
          sessionId: session.id,
          registrationId: registration,
          by,
          reason,
          at,
          window: {
            opensMs: window.state === 'early' ? window.opensMs : startMs - checkInOpensMinutes * 60_000,
            endsMs: startMs + session.durationMinutes * 60_000,
          },
          log: (tx, email) => {
            const key = personKeyOf(email);
            const detail = `attendance marked by hand: registration #${registration}, ${session.label}; reason: ${reason}`;
            return logAction(tx, by, 'change', key ? subjectHash(key) : '', detail, at);
          },
        });
        if (outcome !== 'marked') return c.json({ message: handRefusals[outcome] }, 409);
        return c.json({ message: `Attendance of registration #${registration} is marked.` }, 200);
      },
    );
}

export type StaffSessionRoutes = ReturnType<typeof staffSessionRoutes>;
