import { type CheckInAnswer, type DoorScan, doorTime } from '@/lib/sessions/ticket';
import { attendanceWindow, type StaffSession } from '@/lib/sessions/session';
import { indiaTimeText } from '@/lib/sessions/choice';
import { canDo, paymentOf } from '@/lib/registrations/lifecycle';
import { actionContext, stateOfSeat } from '../registrations/states-store';
import { checkInSeat, type DoorSeat, doorSeat, doorSeatsOf } from './seats-store';
import { getSession } from './sessions-store';
import type { Store } from '../store/store';
import { DoorTickets } from './tickets';

const paymentWords: Record<ReturnType<typeof paymentOf>, string> = {
  verified: 'paid',
  part: 'paid in part, the rest still due',
  claimed: 'payment sent, not verified yet',
  none: 'not paid',
};

/** The seat a scan names, when its ticket is genuine: by its token, or by its short code among the session's seats. */
async function seatOfScan(
  db: Store['db'],
  tickets: DoorTickets,
  session: StaffSession,
  scan: DoorScan,
): Promise<{ seat: DoorSeat; ticketSession: number } | undefined> {
  if (scan.token) {
    const named = DoorTickets.named(scan.token);
    const seat = named && (await doorSeat(db, named.seatId));
    if (!named || !seat) return undefined;
    const genuine = tickets.verify(scan.token, { ...named, linkKey: seat.linkKey });
    return genuine ? { seat, ticketSession: named.sessionId } : undefined;
  }
  const seat = (await doorSeatsOf(db, session.id)).find((s) => tickets.code(s) === scan.code);
  return seat ? { seat, ticketSession: session.id } : undefined;
}

/**
 * A scan at the door of `session`: checks the ticket's seat in once, or says why not (not a ticket
 * of ours, another session's, cancelled, already used and when). The scan that checked a seat in is
 * answered the same when it is sent again (a phone's queue replayed), so nobody is counted twice.
 */
export async function checkIn(
  db: Store['db'],
  tickets: DoorTickets,
  session: StaffSession,
  scan: DoorScan,
  opensMinutes: number,
): Promise<CheckInAnswer> {
  const found = await seatOfScan(db, tickets, session, scan);
  if (!found) {
    return {
      outcome: 'unknown',
      message: scan.code ? 'No ticket of this session has that code.' : 'This is not a valid ticket.',
    };
  }
  const { seat, ticketSession } = found;
  // The payment as the registration's lifecycle reads it: paid means the price fully received.
  const state = await stateOfSeat(db, seat.seatId);
  const payment = state ? paymentOf(state) : seat.payment;
  const who = { name: seat.name, payment };
  if (seat.sessionId === session.id && ticketSession !== session.id) {
    // Their seat moved here after this ticket was made: the new ticket (or its code) checks them in.
    return {
      outcome: 'other-session',
      ...who,
      message: `${seat.name}: this ticket is from before their seat moved to this session. Use the ticket on their page now, or its code.`,
    };
  }
  if (seat.sessionId !== session.id) {
    const other = await getSession(db, seat.sessionId);
    return {
      outcome: 'other-session',
      ...who,
      message: `${seat.name}: this ticket is not for this session${other ? ` (their seat is in ${other.label})` : ''}.`,
    };
  }
  if (seat.cancelled) return { outcome: 'cancelled', ...who, message: `${seat.name}: this registration is cancelled.` };
  // Attendance counts only inside the session's own time: a scan outside it changes nothing.
  const window = attendanceWindow(session, opensMinutes, Date.parse(scan.scannedAt));
  if (window.state !== 'open') {
    return {
      outcome: 'outside',
      ...who,
      message:
        window.state === 'early'
          ? `${seat.name}: check-in opens at ${indiaTimeText(new Date(window.opensMs).toISOString())}, ${opensMinutes} minutes before the start.`
          : `${seat.name}: this session ended at ${indiaTimeText(new Date(window.endsMs).toISOString())}; check-in is closed.`,
    };
  }
  // Attended already (by the state read after the seat: another phone's scan of the same ticket may
  // have just landed): the check-in below answers "already".
  if (
    state &&
    state.facts.attendedAt === null &&
    !canDo(state, 'check-in', actionContext(session, new Date(scan.scannedAt), opensMinutes))
  ) {
    return { outcome: 'cancelled', ...who, message: `${seat.name}: this registration cannot be checked in.` };
  }
  const after = await checkInSeat(db, seat.seatId, session.id, scan.scanId, new Date(scan.scannedAt));
  const at = after?.checkedInAt ?? scan.scannedAt;
  if (after?.checkedInScan === scan.scanId) {
    return {
      outcome: 'checked-in',
      ...who,
      checkedInAt: at,
      message: `${seat.name}: checked in (${paymentWords[payment]}).`,
    };
  }
  return {
    outcome: 'already',
    ...who,
    checkedInAt: at,
    message: `${seat.name}: already checked in at ${doorTime(at)}.`,
  };
}
