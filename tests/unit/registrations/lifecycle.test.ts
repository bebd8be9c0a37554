import {
  type ActionContext,
  canDo,
  certifyRefusal,
  type RegistrationFacts,
  stateOf,
  stateWords,
  transitions,
} from '@/lib/registrations/lifecycle';

const HOUR = 3_600_000;
const startsAt = '2031-06-06T08:30:00.000Z';
const start = Date.parse(startsAt);
const at = (ms: number): ActionContext => ({
  nowMs: ms,
  session: { kind: 'masterclass', startsAt, durationMinutes: 120, cancelled: false },
  opensMinutes: 60,
  refundWindowHours: 48,
});

const held: RegistrationFacts = {
  seat: { cancelled: false },
  waitlist: null,
  pricePaise: 11_682,
  receivedPaise: 0,
  claimPending: false,
  invoiced: false,
  refundedPaise: 0,
  attendedAt: null,
  certified: false,
};
const paid: RegistrationFacts = { ...held, receivedPaise: 11_682, invoiced: true };

describe('a registration’s stage, from its stored facts', () => {
  it.each([
    ['on a waitlist', { ...held, seat: null, waitlist: 'waiting' }, 'waitlisted'],
    ['offered a seat, nothing claimed', { ...held, waitlist: 'offered' }, 'offered'],
    ['offered a seat, a claim sent', { ...held, waitlist: 'offered', claimPending: true }, 'held'],
    ['a seat, nothing paid', held, 'held'],
    ['a seat, part of the price received', { ...held, receivedPaise: 100 }, 'held'],
    ['the price received', paid, 'confirmed'],
    ['paid and attended', { ...paid, attendedAt: startsAt }, 'attended'],
    ['attended, not paid', { ...held, attendedAt: startsAt }, 'held'],
    ['certified', { ...paid, attendedAt: startsAt, certified: true }, 'certified'],
    ['given up', { ...held, seat: { cancelled: true } }, 'cancelled'],
    ['a lapsed offer', { ...held, waitlist: 'lapsed', seat: { cancelled: true } }, 'cancelled'],
    ['part refunded, seat kept', { ...paid, refundedPaise: 5_000 }, 'refunded-part'],
    ['all refunded, seat released', { ...paid, refundedPaise: 11_682, seat: { cancelled: true } }, 'refunded-full'],
    ['a duplicate payment refunded', { ...paid, receivedPaise: 23_364, refundedPaise: 11_682 }, 'confirmed'],
    [
      'given up, a duplicate payment returned',
      { ...paid, receivedPaise: 23_364, refundedPaise: 11_682, seat: { cancelled: true } },
      'cancelled',
    ],
  ] as const)('%s', (_what, facts, stage) => {
    expect(stateOf(facts as RegistrationFacts).stage).toBe(stage);
  });
});

describe('what may be done, by the transitions table', () => {
  it('names each action with a guard and a target', () => {
    for (const t of transitions) {
      expect(t.guard).not.toBe('');
      expect(t.from.length).toBeGreaterThan(0);
    }
  });

  it('cancels a masterclass seat only before its start (checked in early too), never a refunded one', () => {
    expect(canDo(stateOf(held), 'cancel', at(start - HOUR))).toBe(true);
    const early = stateOf({ ...paid, attendedAt: new Date(start - 30 * 60_000).toISOString() });
    expect(early.stage).toBe('attended');
    expect(canDo(early, 'cancel', at(start - 10 * 60_000))).toBe(true);
    expect(canDo(early, 'cancel', at(start + 1))).toBe(false);
    expect(canDo(stateOf(held), 'cancel', at(start + 1))).toBe(false);
    expect(canDo(stateOf({ ...paid, refundedPaise: 1 }), 'cancel', at(start - HOUR))).toBe(false);
    const course = { ...at(start - HOUR), session: { ...at(0).session, kind: 'course' as const } };
    expect(canDo(stateOf(held), 'cancel', course)).toBe(false);
  });

  it('certifies only the price fully received, attendance inside the session, after its end', () => {
    const attended = stateOf({ ...paid, attendedAt: new Date(start - 30 * 60_000).toISOString() });
    const after = at(start + 3 * HOUR);
    expect(canDo(attended, 'certify', after)).toBe(true);
    expect(certifyRefusal(attended, at(start + HOUR))).toBe('not-ended');
    // One claim verified for part of the price is not paid.
    const short = stateOf({ ...held, receivedPaise: 100, attendedAt: startsAt });
    expect(certifyRefusal(short, after)).toBe('not-paid');
    const early = stateOf({ ...paid, attendedAt: new Date(start - 2 * HOUR).toISOString() });
    expect(certifyRefusal(early, after)).toBe('not-attended');
    expect(certifyRefusal(stateOf({ ...paid, seat: { cancelled: true } }), after)).toBe('cancelled');
  });

  it('moves a masterclass seat to another session until its start, an early join included, never one given up', () => {
    const joinedEarly = { ...paid, attendedAt: new Date(start - 20 * 60_000).toISOString() };
    for (const facts of [held, paid, joinedEarly, { ...held, waitlist: 'offered' as const }])
      expect(canDo(stateOf(facts), 'move', at(start - 10 * 60_000))).toBe(true);
    expect(canDo(stateOf(paid), 'move', at(start))).toBe(false);
    expect(canDo(stateOf({ ...held, seat: { cancelled: true } }), 'move', at(start - HOUR))).toBe(false);
    const course = { ...at(start - 48 * HOUR), session: { ...at(0).session, kind: 'course' as const } };
    expect(canDo(stateOf(paid), 'move', course)).toBe(false);
  });

  it('checks in from the door’s opening, once, and never a seat given up', () => {
    expect(canDo(stateOf(held), 'check-in', at(start - 2 * HOUR))).toBe(false);
    expect(canDo(stateOf(held), 'check-in', at(start - 30 * 60_000))).toBe(true);
    expect(canDo(stateOf({ ...paid, attendedAt: startsAt }), 'check-in', at(start))).toBe(false);
    expect(canDo(stateOf({ ...held, seat: { cancelled: true } }), 'check-in', at(start))).toBe(false);
  });

  it('lets a refund be asked for from the start until the terms’ hours after the end, paid in full only', () => {
    expect(canDo(stateOf(paid), 'ask-refund', at(start - 1))).toBe(false);
    expect(canDo(stateOf(paid), 'ask-refund', at(start + HOUR))).toBe(true);
    expect(canDo(stateOf(paid), 'ask-refund', at(start + 2 * HOUR + 49 * HOUR))).toBe(false);
    expect(canDo(stateOf({ ...held, receivedPaise: 100 }), 'ask-refund', at(start + HOUR))).toBe(false);
    // A seat given up after it was paid in full keeps its money to refund; one given up unpaid has none.
    expect(canDo(stateOf({ ...paid, seat: { cancelled: true } }), 'ask-refund', at(start + HOUR))).toBe(true);
    expect(canDo(stateOf({ ...held, seat: { cancelled: true } }), 'ask-refund', at(start + HOUR))).toBe(false);
    // Refunded in part: a request is decided once, so no second refund.
    expect(canDo(stateOf({ ...paid, refundedPaise: 5_000 }), 'refund', at(start + HOUR))).toBe(false);
  });
});

describe('a state in words', () => {
  it('tells the registrant and staff what a held seat waits for', () => {
    expect(stateWords(stateOf(held), 'registrant')).toBe('Registered: waiting for your payment details');
    expect(stateWords(stateOf({ ...held, claimPending: true }), 'registrant')).toBe(
      'Payment details received: our team is verifying them',
    );
    expect(stateWords(stateOf({ ...held, receivedPaise: 100 }), 'staff')).toBe('held (paid in part)');
    expect(stateWords(stateOf(paid), 'registrant')).toBe('Confirmed: your payment is verified');
    expect(stateWords(stateOf({ ...paid, refundedPaise: 5_000 }), 'staff')).toBe('refunded in part');
  });
});
