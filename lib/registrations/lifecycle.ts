/**
 * A registration's life, written once: its states, every action that moves it with the guard that
 * allows it, and its state derived from what is stored of it. The service asks `canDo` before it
 * changes a registration (the database's constraints stay the last word under races), and the
 * registrant's page and the staff roster show the words of `stateWords`. Pure: no module state.
 */

/** Where a registration stands. */
export type Stage =
  /** On a full session's waitlist: no seat yet. */
  | 'waitlisted'
  /** Offered a freed seat from the waitlist, held for them until the offer lapses; nothing paid. */
  | 'offered'
  /** A seat, its price not fully received yet (nothing claimed, a claim waiting, or part received). */
  | 'held'
  /** The price fully received (its invoice issued). */
  | 'confirmed'
  /** Paid, and attended inside the session's own time (the door's check-in or the join link). */
  | 'attended'
  /** Paid, attended, and its certificate issued. */
  | 'certified'
  /** The seat given up (by the registrant, a lapsed offer, or staff) with nothing refunded. */
  | 'cancelled'
  /** Part of what was received refunded (the seat kept, or released by staff's choice). */
  | 'refunded-part'
  /** Everything received refunded: the seat released. */
  | 'refunded-full';

const stages: readonly Stage[] = [
  'waitlisted',
  'offered',
  'held',
  'confirmed',
  'attended',
  'certified',
  'cancelled',
  'refunded-part',
  'refunded-full',
];

/** What is stored of a registration, as the service reads it. */
export interface RegistrationFacts {
  /** Its seat, or null while it only waits on a waitlist. */
  seat: { cancelled: boolean } | null;
  /** Its waitlist entry's status, if it came from (or is on) a waitlist. */
  waitlist: 'waiting' | 'offered' | 'taken' | 'lapsed' | null;
  /** The price to receive (its invoice's total once issued). */
  pricePaise: number;
  /** What its verified claims add up to. */
  receivedPaise: number;
  /** Whether a claim of it waits for staff. */
  claimPending: boolean;
  /** Whether its invoice is issued (the price was received in full when it was). */
  invoiced: boolean;
  /** What was refunded of it (completed refunds). */
  refundedPaise: number;
  /** When it attended (checked in or joined), if it did. */
  attendedAt: string | null;
  /** Whether its certificate is issued. */
  certified: boolean;
}

/** A registration's state: its stage, and the facts it was derived from (the guards read them). */
export interface RegistrationState {
  stage: Stage;
  facts: RegistrationFacts;
}

/** Whether the price is fully received: its invoice issued, or its verified claims cover the price. */
const priceReceived = (f: Pick<RegistrationFacts, 'invoiced' | 'receivedPaise' | 'pricePaise'>): boolean =>
  f.invoiced || (f.pricePaise > 0 && f.receivedPaise >= f.pricePaise);

/** Whether the fee is still received in full though something was refunded (a duplicate payment returned). */
const feeKept = (f: RegistrationFacts): boolean => f.invoiced && f.receivedPaise - f.refundedPaise >= f.pricePaise;

/**
 * The stage of a registration whose seat is released, by what was refunded of it: a duplicate
 * payment returned leaves the fee received, and the fee is what a refund stage speaks of.
 */
function releasedStage(f: RegistrationFacts): Stage {
  if (f.refundedPaise <= 0 || feeKept(f)) return 'cancelled';
  return f.refundedPaise >= f.receivedPaise ? 'refunded-full' : 'refunded-part';
}

/** A registration's state, derived from its stored facts. */
export function stateOf(facts: RegistrationFacts): RegistrationState {
  const stage = ((): Stage => {
    const f = facts;
    if (!f.seat) return f.waitlist === 'waiting' ? 'waitlisted' : 'cancelled';
    if (f.seat.cancelled) return releasedStage(f);
    // A refund of a duplicate payment leaves the price received: the registration stays paid.
    if (f.refundedPaise > 0 && !feeKept(f))
      return f.refundedPaise >= f.receivedPaise ? 'refunded-full' : 'refunded-part';
    if (!priceReceived(f))
      return f.waitlist === 'offered' && !f.claimPending && f.receivedPaise === 0 ? 'offered' : 'held';
    if (f.certified) return 'certified';
    return f.attendedAt ? 'attended' : 'confirmed';
  })();
  return { stage, facts };
}

/** What can be done to a registration. */
export type Action =
  | 'offer'
  | 'lapse'
  | 'claim'
  | 'verify'
  | 'cancel'
  | 'move'
  | 'ask-refund'
  | 'refund'
  | 'decline-refund'
  | 'check-in'
  | 'certify';

/** When an action is asked for: the time, and the session's times (the guards that need them read them). */
export interface ActionContext {
  nowMs: number;
  session: {
    kind: 'masterclass' | 'course';
    startsAt: string;
    durationMinutes: number;
    /** The studio cancelled it. */
    cancelled: boolean;
  };
  /** How long before the start the door opens (CHECK_IN_OPENS_MINUTES): attendance counts from then. */
  opensMinutes: number;
  /** The hours after the end a refund may still be asked for (the masterclass terms). */
  refundWindowHours: number;
}

/** The session's own time in milliseconds: the door opening, the start, the end. */
function sessionTimes(c: ActionContext): { opensMs: number; startMs: number; endMs: number } {
  const startMs = Date.parse(c.session.startsAt);
  return {
    opensMs: startMs - c.opensMinutes * 60_000,
    startMs,
    endMs: startMs + c.session.durationMinutes * 60_000,
  };
}

/** Whether an attendance at `at` counts: inside the session's own time (the door's opening to its end). */
function attendedInside(at: string | null, c: ActionContext): boolean {
  if (at === null) return false;
  const { opensMs, endMs } = sessionTimes(c);
  const ms = Date.parse(at);
  return ms >= opensMs && ms <= endMs;
}

/** One transition: from which stages, by which action, when (the guard, in words and as a test), to which stage. */
export interface Transition {
  from: readonly Stage[];
  action: Action;
  /** The guard in words, as the docs and the refusals say it. */
  guard: string;
  allows: (s: RegistrationState, c: ActionContext) => boolean;
  /** Where it leads; `same` keeps the stage (a record added, nothing moved). */
  to: Stage | 'same' | 'by-payment';
}

const notStarted = (c: ActionContext) => c.nowMs < sessionTimes(c).startMs;
const always = () => true;

/**
 * Every transition of a registration. Joining a waitlist and signing up make a registration (no
 * `from`): the session's seats decide them (the database's seat trigger), not this table.
 */
export const transitions: readonly Transition[] = [
  { from: ['waitlisted'], action: 'offer', guard: 'a seat is free and they are first', allows: always, to: 'offered' },
  {
    from: ['offered'],
    action: 'lapse',
    guard: 'the offer expired with no payment claimed',
    allows: (s) => !s.facts.claimPending && s.facts.receivedPaise === 0,
    to: 'cancelled',
  },
  { from: ['offered', 'held'], action: 'claim', guard: 'a seat not given up', allows: always, to: 'held' },
  {
    // Money that came is verified whatever the seat's state: a cancelled seat's payment is refunded.
    from: stages,
    action: 'verify',
    guard: 'a claim waits (money received is recorded in any state)',
    allows: always,
    to: 'by-payment',
  },
  {
    // Attended before the start is an early check-in or join (the door and the link open before it),
    // or attendance at a time the studio has since moved: not yet the session itself.
    from: ['offered', 'held', 'confirmed', 'attended'],
    action: 'cancel',
    guard: 'a masterclass seat whose session has not started and was not cancelled by the studio',
    allows: (_s, c) => c.session.kind === 'masterclass' && !c.session.cancelled && notStarted(c),
    to: 'cancelled',
  },
  {
    // As for a cancel: attended before the start is an early join, not yet the session itself.
    from: ['offered', 'held', 'confirmed', 'attended'],
    action: 'move',
    guard: 'a masterclass seat whose session has not started',
    allows: (_s, c) => c.session.kind === 'masterclass' && notStarted(c),
    to: 'same',
  },
  {
    // A seat given up after it was paid in full keeps its money to refund.
    from: ['confirmed', 'attended', 'certified', 'cancelled'],
    action: 'ask-refund',
    guard: "a masterclass paid in full, from its start until the terms' hours after its end",
    allows: (s, c) => {
      if (!priceReceived(s.facts)) return false;
      const { startMs, endMs } = sessionTimes(c);
      return (
        c.session.kind === 'masterclass' && c.nowMs >= startMs && c.nowMs <= endMs + c.refundWindowHours * 3_600_000
      );
    },
    to: 'same',
  },
  {
    from: ['confirmed', 'attended', 'certified', 'cancelled'],
    action: 'refund',
    guard: 'the price received in full, a request open, at most what was received less refunds',
    allows: (s) => priceReceived(s.facts),
    to: 'by-payment',
  },
  {
    from: ['confirmed', 'attended', 'certified', 'cancelled'],
    action: 'decline-refund',
    guard: 'the price received in full, a request open',
    allows: (s) => priceReceived(s.facts),
    to: 'same',
  },
  {
    // Paid or not (the door says which); a scan after the end is refused by the door's own window,
    // attendance marked by hand after it is recorded at the end.
    from: ['offered', 'held', 'confirmed', 'refunded-part'],
    action: 'check-in',
    guard: 'a seat not given up, not checked in, the door open (from its opening before the start)',
    allows: (s, c) => !s.facts.seat?.cancelled && s.facts.attendedAt === null && c.nowMs >= sessionTimes(c).opensMs,
    to: 'by-payment',
  },
  {
    from: ['attended', 'refunded-part'],
    action: 'certify',
    guard: "the price fully received, attended inside the session's own time, the session ended",
    allows: (s, c) =>
      !s.facts.seat?.cancelled &&
      priceReceived(s.facts) &&
      attendedInside(s.facts.attendedAt, c) &&
      c.nowMs >= sessionTimes(c).endMs,
    to: 'certified',
  },
];

/** Whether `action` may be done to a registration in `state` at `context`. */
export function canDo(state: RegistrationState, action: Action, context: ActionContext): boolean {
  return transitions.some((t) => t.action === action && t.from.includes(state.stage) && t.allows(state, context));
}

/**
 * A registration's payment as the door tells it: paid (the price fully received), part received,
 * claimed (sent, not verified yet) or none.
 */
export function paymentOf(state: RegistrationState): 'verified' | 'part' | 'claimed' | 'none' {
  const f = state.facts;
  if (priceReceived(f)) return 'verified';
  if (f.receivedPaise > 0) return 'part';
  return f.claimPending ? 'claimed' : 'none';
}

/** Why a registration chosen for a certificate gets none (in the order they are told). */
export type CertifyRefusal = 'not-ended' | 'not-paid' | 'not-attended' | 'cancelled';

/** Why `certify` is refused for this state, or undefined when it is allowed. */
export function certifyRefusal(state: RegistrationState, context: ActionContext): CertifyRefusal | undefined {
  if (canDo(state, 'certify', context)) return undefined;
  if (state.facts.seat?.cancelled !== false) return 'cancelled';
  if (context.nowMs < sessionTimes(context).endMs) return 'not-ended';
  if (!priceReceived(state.facts)) return 'not-paid';
  return 'not-attended';
}

/** What the registrant's page says of each state. */
const registrantWords: Record<Stage, string> = {
  waitlisted: 'On the waitlist',
  offered: 'A seat is held for you: send your payment details before the offer ends',
  held: 'Registered: waiting for your payment details',
  confirmed: 'Confirmed: your payment is verified',
  attended: 'Confirmed: your payment is verified',
  certified: 'Confirmed: your payment is verified',
  cancelled: 'Cancelled',
  'refunded-part': 'Part of your payment is refunded',
  'refunded-full': 'Cancelled: your payment is refunded',
};

/** What the staff roster says of each state. */
const staffWords: Record<Stage, string> = {
  waitlisted: 'waitlisted',
  offered: 'offered',
  held: 'held (not paid in full)',
  confirmed: 'confirmed (paid)',
  attended: 'attended',
  certified: 'certified',
  cancelled: 'cancelled',
  'refunded-part': 'refunded in part',
  'refunded-full': 'refunded in full',
};

/**
 * A state in words, for the registrant (their page) or staff (the roster). A held seat with a
 * claim waiting, or part of the price received, says so.
 */
export function stateWords(state: RegistrationState, reader: 'registrant' | 'staff'): string {
  const { stage, facts } = state;
  if (stage === 'held' || stage === 'offered') {
    if (facts.receivedPaise > 0)
      return reader === 'registrant'
        ? 'Part of your payment is received: the rest is still due'
        : 'held (paid in part)';
    if (facts.claimPending)
      return reader === 'registrant'
        ? 'Payment details received: our team is verifying them'
        : 'held (payment claimed)';
  }
  return (reader === 'registrant' ? registrantWords : staffWords)[stage];
}
