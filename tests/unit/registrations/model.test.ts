/** @jest-environment node */
import fc from 'fast-check';
import type { Hono } from 'hono';
import { priceOfSupply } from '@/lib/books/config';
import { type Stage, stateOf } from '@/lib/registrations/lifecycle';
import { factsOf, factsSql } from '@/server/registrations/states-store';
import { type SessionService, sessionService } from '@/server/sessions/sessions';
import { seatOfRegistration } from '@/server/sessions/seats-store';
import { keepIdsAboveRestores } from '@/server/sessions/sessions-store';
import { type DumpRecord, dumpDatabase, restoreDatabase } from '@/server/store/dump';
import type { Store } from '@/server/store/store';
import { gstStudio } from '../service/gst-studio';
import { json, masterclassSession, serviceApp, signIn, staffSignedIn } from '../service/service-app';
import { databaseKinds, type TestDatabase } from '../service/test-stores';

/**
 * A registration's life, tested against a small model: random, seeded sequences of what
 * registrants, staff and the clock do to one masterclass session (three seats, two of them taken
 * and one of those claimed when a run starts) are run on the service and on the model, and after
 * every step the service must agree with the model and keep the invariants. The steps: sign-up
 * (or the waitlist), cancel, the clock (offers taken or lapsed), claims (the rest, short, a
 * duplicate, a UTR again), verification (a button, all at once, two staff racing), refund requests
 * and staff's answers (part, full, decline), check-in by hand, the join link, certificates, a backup
 * and its restore, and on the embedded store a move to PostgreSQL. MODEL_RUNS sequences per store
 * (5 unless set); MODEL_SEED replays a failure.
 */

const runs = Number(process.env.MODEL_RUNS ?? 5);
const seed = Number(process.env.MODEL_SEED ?? Math.floor(Math.random() * 2 ** 31));
const password = 'correct horse battery staple';
const books = gstStudio;
const price = priceOfSupply(books, 'masterclass', null).totalPaise;
const capacity = 3;
/**
 * The steps generated per sequence, at most: those the model's state allows run (a verification
 * needs a claim waiting, a refund a request), about 6 of the 10 generated on average.
 */
const maxCommands = 20;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

jest.setTimeout(Math.max(120_000, runs * 6_000));

/**
 * The clock's steps in one run, from the session's start: three well before it (an offer lapses
 * after 24 hours), the door open, during it, after its end (refunds may be asked for), and after
 * the refund window (24 hours after the end).
 */
const phases = [-10 * DAY, -10 * DAY + 25 * HOUR, -10 * DAY + 50 * HOUR, -0.5 * HOUR, 0.5 * HOUR, 3 * HOUR, 28 * HOUR];
const phaseNames = ['before', 'before +25h', 'before +50h', 'door open', 'during', 'ended', 'refunds closed'];
const DOOR = 3;
const DURING = 4;
const ENDED = 5;
/** Offers are made only while a day's hold ends before the offers close (3 hours before the start). */
const offersOpen = (phase: number) => phase < DOOR;

interface Claim {
  utr: string;
  amount: number;
  verified: boolean;
  /** Verified once the registration was invoiced: a duplicate for staff to return. */
  duplicate?: boolean;
  /** Staff returned it. */
  returned?: boolean;
}

/** One person in the model: a registration (with a seat) or a place on the waitlist, and their money. */
interface Person {
  n: number;
  email: string;
  phone: string;
  registrationId: number | null;
  seat: 'live' | 'gone' | null;
  waiting: boolean;
  /** An offer made from the waitlist, not yet taken (claimed), lapsed or given up: the phase it was made in. */
  offeredIn: number | null;
  claims: Claim[];
  received: number;
  refunded: number;
  /** What credit notes took off the invoice: a refund credits only what is not a duplicate's excess. */
  credited: number;
  invoiced: boolean;
  refund: null | 'requested' | 'declined' | 'refunded';
  attended: boolean;
  certified: boolean;
}

interface Model {
  run: number;
  sessionId: number;
  startMs: number;
  phase: number;
  people: Person[];
  /** Whether this run may move the database to PostgreSQL (on PGlite, with PostgreSQL at hand, once). */
  movable: boolean;
  /** A backup taken during the run: the database's records, and the model as it was then. */
  backup?: { records: DumpRecord[]; people: Person[] };
}

interface Real {
  app: Hono;
  cookie: string;
  store: Store;
  sessions: SessionService;
  clock: { at: Date };
  /** Every invoice and credit-note number seen, with the document it was issued to (kept across restores). */
  issued: Map<string, number>;
  /** Moves the data to a new PostgreSQL database and serves from it (absent where there is none to move to). */
  moveToPostgres?: () => Promise<void>;
}

const liveSeats = (m: Model) => m.people.filter((p) => p.seat === 'live').length;
const waiting = (m: Model) => m.people.filter((p) => p.waiting);
const full = (m: Model) => liveSeats(m) + waiting(m).length >= capacity;
const net = (p: Person) => p.received - p.refunded;
/** What the studio keeps as the supply's value: the invoice less its credit notes. */
const held = (p: Person) => (p.invoiced ? price : 0) - p.credited;

/** The stage the model expects of a person, by the lifecycle's words (written here on its own). */
function expectedStage(p: Person): Stage {
  if (p.registrationId === null) return p.waiting ? 'waitlisted' : 'cancelled';
  const refundedOut = p.refunded > 0 && !(p.invoiced && net(p) >= price);
  if (p.seat === 'gone') {
    // A duplicate returned leaves the fee received: nothing of the fee is refunded.
    if (p.refunded === 0 || (p.invoiced && net(p) >= price)) return 'cancelled';
    return p.refunded >= p.received ? 'refunded-full' : 'refunded-part';
  }
  if (refundedOut) return p.refunded >= p.received ? 'refunded-full' : 'refunded-part';
  if (!p.invoiced) return p.offeredIn !== null && p.claims.length === 0 ? 'offered' : 'held';
  if (p.certified) return 'certified';
  return p.attended ? 'attended' : 'confirmed';
}

/** The model's view of the periodic check: claimed offers taken, unanswered ones lapsed, free seats offered. */
function passOnOffersInModel(m: Model, nowMs: number): void {
  for (const p of m.people) {
    if (p.offeredIn === null) continue;
    if (p.claims.length > 0) p.offeredIn = null;
    else if (m.startMs + (phases[p.offeredIn] ?? 0) + 24 * HOUR <= nowMs) {
      p.offeredIn = null;
      p.seat = 'gone';
    }
  }
  offerInModel(m);
}

/** Free seats go to the first people waiting, while offers are open. */
function offerInModel(m: Model): void {
  if (!offersOpen(m.phase)) return;
  while (liveSeats(m) < capacity) {
    const [first] = waiting(m);
    if (!first) return;
    first.waiting = false;
    first.seat = 'live';
    first.offeredIn = m.phase;
  }
}

const nowOf = (m: Model) => m.startMs + (phases[m.phase] ?? 0);

/** The service's registration ids of people the model saw offered a seat (the offer made the registration). */
async function learnOffers(m: Model, r: Real): Promise<void> {
  for (const p of m.people) {
    if (p.seat === null || p.registrationId !== null) continue;
    const [row] = await r.store.db.query<{ registration_id: number | null }>(
      'SELECT registration_id FROM waitlist WHERE session_id = $1 AND email = $2 AND registration_id IS NOT NULL',
      [m.sessionId, p.email],
    );
    if (!row?.registration_id) throw new Error(`${p.email} was to be offered a seat, and was not`);
    p.registrationId = Number(row.registration_id);
  }
}

const stepFailure = (what: string, detail: unknown) => new Error(`${what}: ${JSON.stringify(detail)}`);

/** The service agrees with the model, and keeps the invariants, after a step. */
async function check(m: Model, r: Real): Promise<void> {
  await learnOffers(m, r);
  const db = r.store.db;
  const pattern = `m${m.run}p%@example.com`;
  const violations = await db.query<{ problem: string }>(
    `SELECT 'seats taken above capacity' AS problem
       WHERE (SELECT count(*) FROM held_seats WHERE session_id = $1) > (SELECT capacity FROM class_sessions WHERE id = $1)
     UNION ALL SELECT 'registration ' || f.id || ' holds no seat' FROM form_submissions f
       WHERE f.person_email LIKE $2 AND NOT EXISTS (SELECT 1 FROM session_seats s WHERE s.registration_id = f.id)
     UNION ALL SELECT 'registration ' || registration_id || ' has two invoices' FROM invoices
       WHERE registration_id IS NOT NULL AND NOT issued_twice GROUP BY registration_id HAVING count(*) > 1
     UNION ALL SELECT 'invoice number ' || number || ' issued twice' FROM invoices GROUP BY number HAVING count(*) > 1
     UNION ALL SELECT 'credit note number ' || number || ' issued twice' FROM credit_notes GROUP BY number HAVING count(*) > 1
     UNION ALL SELECT 'registration ' || i.registration_id || ': invoiced less credited ' || (i.total_paise - m.credited)
         || ' above received less refunded ' || m.net
       FROM invoices i JOIN form_submissions f ON f.id = i.registration_id,
       LATERAL (SELECT
         (SELECT coalesce(sum(amount_paise), 0) FROM payment_claims c WHERE c.registration_id = f.id AND c.status = 'verified')
           - (SELECT coalesce(sum(r.amount_paise), 0) FROM refunds r JOIN invoices j ON j.id = r.invoice_id
              WHERE j.registration_id = f.id AND r.status = 'refunded') AS net,
         (SELECT coalesce(sum(n.total_paise), 0) FROM credit_notes n WHERE n.invoice_id = i.id) AS credited) m
       WHERE f.person_email LIKE $2 AND NOT i.issued_twice AND i.total_paise - m.credited > m.net
     UNION ALL SELECT 'certificate ' || c.serial || ' without paid attendance inside the session before it was issued'
       FROM certificates c JOIN session_seats s ON s.id = c.seat_id JOIN class_sessions x ON x.id = s.session_id
       WHERE x.id = $1 AND NOT (
         coalesce(s.checked_in_at, s.joined_at) BETWEEN x.starts_at - interval '60 minutes'
           AND x.starts_at + make_interval(mins => x.duration_minutes)
         AND c.issued_at >= x.starts_at + make_interval(mins => x.duration_minutes)
         AND EXISTS (SELECT 1 FROM invoices i WHERE i.registration_id = s.registration_id AND NOT i.issued_twice))`,
    [m.sessionId, pattern],
  );
  const documents = await db.query<{ number: string; id: number }>(
    `SELECT 'invoice ' || i.number AS number, i.id FROM invoices i
       JOIN session_seats s ON s.registration_id = i.registration_id WHERE s.session_id = $1
     UNION ALL SELECT 'credit note ' || n.number, n.id FROM credit_notes n JOIN invoices i ON i.id = n.invoice_id
       JOIN session_seats s ON s.registration_id = i.registration_id WHERE s.session_id = $1`,
    [m.sessionId],
  );
  for (const d of documents) {
    const first = r.issued.get(d.number);
    if (first !== undefined && first !== Number(d.id))
      violations.push({ problem: `${d.number} issued again (to ${d.id}, first to ${first}) after a restore` });
    r.issued.set(d.number, Number(d.id));
  }
  if (violations.length > 0)
    throw stepFailure(
      'invariants broken',
      violations.map((v) => v.problem),
    );

  const rows = await db.query<Record<string, unknown>>(
    `SELECT f.person_email AS email, x.* FROM (${factsSql} WHERE s.session_id = $1) x
     JOIN form_submissions f ON f.id = x.registration_id`,
    [m.sessionId],
  );
  const heldRows = await db.query<{ registration_id: number; held: number }>(
    `SELECT i.registration_id, i.total_paise - (SELECT coalesce(sum(n.total_paise), 0) FROM credit_notes n
       WHERE n.invoice_id = i.id) AS held FROM invoices i JOIN session_seats s ON s.registration_id = i.registration_id
     WHERE s.session_id = $1 AND NOT i.issued_twice`,
    [m.sessionId],
  );
  const heldOf = new Map(heldRows.map((h) => [Number(h.registration_id), Number(h.held)]));
  const seen = rows.map((row) => {
    const facts = factsOf(row);
    return {
      email: String(row.email),
      live: facts.seat?.cancelled === false,
      attended: facts.attendedAt !== null,
      received: facts.receivedPaise,
      refunded: facts.refundedPaise,
      held: heldOf.get(Number(row.registration_id)) ?? 0,
      invoiced: facts.invoiced,
      certified: facts.certified,
      stage: stateOf(facts).stage,
    };
  });
  const expected = m.people
    .filter((p) => p.registrationId !== null)
    .map((p) => ({
      email: p.email,
      live: p.seat === 'live',
      attended: p.attended,
      received: p.received,
      refunded: p.refunded,
      held: held(p),
      invoiced: p.invoiced,
      certified: p.certified,
      stage: expectedStage(p),
    }));
  const byEmail = (a: { email: string }, b: { email: string }) => a.email.localeCompare(b.email);
  expect(seen.sort(byEmail)).toEqual(expected.sort(byEmail));
  const onList = await db.query<{ email: string }>(
    "SELECT email FROM waitlist WHERE session_id = $1 AND status = 'waiting' ORDER BY position, id",
    [m.sessionId],
  );
  expect(onList.map((w) => w.email)).toEqual(waiting(m).map((p) => p.email));
}

/** Sends a request and checks its status against the model's. */
async function expectStatus(res: Response | Promise<Response>, status: number, what: string): Promise<unknown> {
  const answer = await res;
  const body = await answer.json().catch(() => ({}));
  if (answer.status !== status) throw stepFailure(`${what}: expected ${status}, got ${answer.status}`, body);
  return body;
}

/**
 * A person of the model the command picks (by `pick`): among those `likely` allows (the step would
 * change something for them) when there are any, else among those `fits` allows; undefined when none fits.
 */
const chosen = (
  m: Model,
  pick: number,
  fits: (p: Person) => boolean,
  likely: (p: Person) => boolean = fits,
): Person | undefined => {
  const likelyOnes = m.people.filter((p) => fits(p) && likely(p));
  const fitting = likelyOnes.length > 0 && pick % 4 !== 3 ? likelyOnes : m.people.filter(fits);
  return fitting[pick % Math.max(1, fitting.length)];
};

const hasRegistration = (p: Person) => p.registrationId !== null;

/** How many times each step ran (printed after the runs: what the sequences reached). */
const ran = new Map<string, number>();

abstract class Step implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick = 0) {}
  abstract name: string;
  check(_m: Readonly<Model>): boolean {
    return true;
  }
  async run(m: Model, r: Real): Promise<void> {
    const name = this.toString().replace(/ ?\(\d+\)$/, '');
    ran.set(name, (ran.get(name) ?? 0) + 1);
    await this.act(m, r);
    await check(m, r);
  }
  abstract act(m: Model, r: Real): Promise<void>;
  toString(): string {
    return `${this.name}(${this.pick})`;
  }
}

/** A step that acts on no one in particular (the owner's): named by its name alone. */
abstract class PlainStep extends Step {
  override toString(): string {
    return this.name;
  }
}

/** A step with a kind (which claim, which refund): picked by fast-check with the person. */
abstract class KindStep<K> extends Step {
  constructor(
    pick: number,
    readonly kind: K,
  ) {
    super(pick);
  }
}

/** A new person signs up: a seat while one is free (and nobody waits), refused when full. */
class SignUp extends Step {
  name = 'sign-up';
  constructor(readonly wait: boolean) {
    super();
  }
  override check(m: Readonly<Model>) {
    return m.phase < DOOR && m.people.length < 8;
  }
  async act(m: Model, r: Real) {
    const n = m.people.length + 1;
    const person: Person = {
      n,
      email: `m${m.run}p${n}@example.com`,
      phone: `9${String(m.run * 10 + n).padStart(9, '0')}`,
      registrationId: null,
      seat: null,
      waiting: false,
      offeredIn: null,
      claims: [],
      received: 0,
      refunded: 0,
      credited: 0,
      invoiced: false,
      refund: null,
      attended: false,
      certified: false,
    };
    const isFull = full(m);
    const [session] = await r.store.db.query<{ label: string }>('SELECT label FROM class_sessions WHERE id = $1', [
      m.sessionId,
    ]);
    const body = {
      name: `Learner ${'ABCDEFGHIJ'[n - 1]}`,
      email: person.email,
      phone: person.phone,
      city: 'Pune',
      level: 'Beginner',
      schedule: session?.label,
      ...(this.wait ? { waitlist: true } : {}),
    };
    const status = !isFull ? 201 : this.wait ? 202 : 409;
    await expectStatus(r.app.request('/api/forms/masterclass', json('POST', body)), status, this.toString());
    if (status === 409) return;
    m.people.push(person);
    if (status === 202) {
      person.waiting = true;
      return;
    }
    const [row] = await r.store.db.query<{ id: number }>(
      'SELECT id FROM form_submissions WHERE person_email = $1 ORDER BY id DESC LIMIT 1',
      [person.email],
    );
    person.registrationId = Number(row?.id);
    person.seat = 'live';
  }
  override toString() {
    return this.wait ? 'sign-up(waitlist if full)' : 'sign-up';
  }
}

/** The registrant's page token of a registration. */
async function pageToken(r: Real, registrationId: number, purpose: 'page' | 'join' = 'page'): Promise<string> {
  const seat = await seatOfRegistration(r.store.db, registrationId);
  if (!seat) throw new Error(`registration ${registrationId} has no seat`);
  return r.sessions.links.token(purpose, seat);
}

/** A registrant cancels from their page: only a seat they hold, before the session starts; its seat is offered on. */
class Cancel extends Step {
  name = 'cancel';
  override check(m: Readonly<Model>) {
    return m.people.some(hasRegistration);
  }
  async act(m: Model, r: Real) {
    const p = chosen(m, this.pick, hasRegistration, (x) => x.seat === 'live');
    if (!p?.registrationId) return;
    const allowed = p.seat === 'live' && m.phase <= DOOR;
    const token = await pageToken(r, p.registrationId);
    const res = r.app.request('/api/registrant/cancel', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
    });
    await expectStatus(res, allowed ? 200 : 409, `cancel of ${p.email}`);
    if (!allowed) return;
    p.seat = 'gone';
    offerInModel(m);
  }
}

/** The clock moves on one to three steps of the run; the periodic check lapses offers and offers seats on. */
class Advance extends Step {
  name = 'advance';
  override check(m: Readonly<Model>) {
    return m.phase < phases.length - 1;
  }
  async act(m: Model, r: Real) {
    m.phase = Math.min(phases.length - 1, m.phase + 1 + (this.pick % 3));
    r.clock.at = new Date(nowOf(m));
    await r.sessions.passOnOffers(r.clock.at);
    passOnOffersInModel(m, nowOf(m));
  }
  override toString() {
    return `advance the clock ${1 + (this.pick % 3)} step(s)`;
  }
}

/** A registrant sends a payment claim: the rest of the price (or all of it again: a duplicate), part of it, or a UTR sent before. */
class ClaimPayment extends KindStep<'rest' | 'short' | 'same-utr'> {
  name = 'claim';
  override check(m: Readonly<Model>) {
    return m.people.some(hasRegistration) && (this.kind !== 'same-utr' || m.people.some((p) => p.claims.length > 0));
  }
  async act(m: Model, r: Real) {
    const p = chosen(
      m,
      this.pick,
      this.kind === 'same-utr' ? (x) => x.claims.length > 0 : hasRegistration,
      (x) => x.seat === 'live',
    );
    if (!p) return;
    const due = price - p.received;
    const amount = this.kind === 'short' ? Math.max(100, Math.floor(due / 2)) : due > 0 ? due : price;
    const utr =
      this.kind === 'same-utr'
        ? (p.claims[0]?.utr ?? '')
        : String(400_000_000_000 + m.run * 1000 + m.people.reduce((n, x) => n + x.claims.length, 0) + 1);
    const body = { utr, contact: p.email, reference: 'MCK9ZZZZ12345678', amountPaise: amount };
    await expectStatus(
      r.app.request('/api/payments/claims', json('POST', body)),
      this.kind === 'same-utr' ? 409 : 201,
      this.toString(),
    );
    if (this.kind !== 'same-utr') p.claims.push({ utr, amount, verified: false });
  }
  override toString() {
    return `claim ${this.kind} (${this.pick})`;
  }
}

/** The model's verification of a claim: received, and the invoice once the price is. */
function verifiedInModel(p: Person, claim: Claim): void {
  claim.verified = true;
  claim.duplicate = p.invoiced;
  p.received += claim.amount;
  if (!p.invoiced && p.received >= price) p.invoiced = true;
}

const claimId = async (r: Real, utr: string) =>
  Number((await r.store.db.query<{ id: number }>('SELECT id FROM payment_claims WHERE utr = $1', [utr]))[0]?.id);

/**
 * Staff verify one waiting claim (its button), every waiting claim at once (a bank statement's
 * matches), or two staff confirm the same statement at the same moment.
 */
class Verify extends Step {
  name = 'verify';
  constructor(
    pick: number,
    readonly mode: 'button' | 'bulk' | 'race',
  ) {
    super(pick);
  }
  override check(m: Readonly<Model>) {
    return m.people.some((p) => p.claims.some((c) => !c.verified));
  }
  async act(m: Model, r: Real) {
    const pending = m.people.flatMap((p) => p.claims.filter((c) => !c.verified).map((c) => ({ p, c })));
    if (this.mode === 'button') {
      const one = pending[this.pick % pending.length];
      if (!one) return;
      const path = `/api/payments/claims/${await claimId(r, one.c.utr)}`;
      await expectStatus(r.app.request(path, json('PATCH', { status: 'verified' }, r.cookie)), 200, this.toString());
      verifiedInModel(one.p, one.c);
      return;
    }
    const ids = await Promise.all(pending.map(({ c }) => claimId(r, c.utr)));
    const confirm = () =>
      expectStatus(
        r.app.request('/api/payments/claims/verify', json('POST', { ids }, r.cookie)),
        200,
        this.toString(),
      ) as Promise<{ verified: number; alreadyVerified: number }>;
    const answers = await Promise.all(this.mode === 'race' ? [confirm(), confirm()] : [confirm()]);
    // Between them every claim is verified once; each is told what the other did.
    expect(answers.reduce((n, a) => n + a.verified, 0)).toBe(ids.length);
    for (const a of answers) expect(a.verified + a.alreadyVerified).toBe(ids.length);
    // In claim order, as the service issues invoices.
    for (const { p, c } of pending) verifiedInModel(p, c);
  }
  override toString() {
    if (this.mode === 'race') return 'two staff verify all waiting claims at once';
    return this.mode === 'bulk' ? 'verify all waiting claims' : `verify a claim (${this.pick})`;
  }
}

/** A registrant asks for a refund from their page: paid in full, from the start until a day after the end, once. */
class AskRefund extends Step {
  name = 'ask-refund';
  override check(m: Readonly<Model>) {
    // Asked from the door's opening on: before, every request is refused alike (a few are still sent then).
    return m.phase >= DOOR && m.people.some(hasRegistration);
  }
  async act(m: Model, r: Real) {
    const p = chosen(m, this.pick, hasRegistration, (x) => x.invoiced && x.refund === null);
    if (!p?.registrationId) return;
    const allowed = p.invoiced && p.refund === null && (m.phase === DURING || m.phase === ENDED);
    const res = r.app.request('/api/books/registrant/refund', {
      method: 'POST',
      headers: { Authorization: `Bearer ${await pageToken(r, p.registrationId)}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ reason: 'The session did not cover mixing.' }),
    });
    await expectStatus(res, allowed ? 201 : 409, `refund request of ${p.email}`);
    if (allowed) p.refund = 'requested';
  }
}

/** Staff return a verified duplicate payment (its transfer recorded): what came beyond what the invoice holds, no credit note. */
class ReturnDuplicate extends Step {
  name = 'return a duplicate';
  override check(m: Readonly<Model>) {
    return m.people.some((p) => p.claims.some((c) => c.duplicate && !c.returned));
  }
  async act(m: Model, r: Real) {
    const owed = m.people.flatMap((p) => p.claims.filter((c) => c.duplicate && !c.returned).map((c) => ({ p, c })));
    const one = owed[this.pick % owed.length];
    if (!one) return;
    const amount = Math.min(one.c.amount, net(one.p) - held(one.p));
    const path = `/api/books/duplicates/${await claimId(r, one.c.utr)}/refund`;
    const body = { utr: `UTRDUP${m.run}X${one.p.n}X${one.p.claims.indexOf(one.c)}` };
    await expectStatus(r.app.request(path, json('POST', body, r.cookie)), amount > 0 ? 200 : 409, this.toString());
    if (amount <= 0) return;
    one.c.returned = true;
    one.p.refunded += amount;
  }
  override toString() {
    return `return a duplicate (${this.pick})`;
  }
}

/** Staff answer an open refund request: part of what was received (the seat kept), all of it (released), or a decline. */
class Refund extends KindStep<'part' | 'full' | 'decline'> {
  name = 'refund';
  override check(m: Readonly<Model>) {
    return m.people.some((p) => p.refund === 'requested');
  }
  async act(m: Model, r: Real) {
    const p = chosen(m, this.pick, (x) => x.refund === 'requested');
    if (!p) return;
    const [row] = await r.store.db.query<{ id: number }>(
      `SELECT r.id FROM refunds r JOIN invoices i ON i.id = r.invoice_id WHERE i.registration_id = $1 AND r.status = 'requested'`,
      [p.registrationId],
    );
    const base = `/api/books/refunds/${Number(row?.id)}`;
    if (this.kind === 'decline') {
      await expectStatus(
        r.app.request(`${base}/decline`, json('POST', { reason: 'The terms were met.' }, r.cookie)),
        200,
        this.toString(),
      );
      p.refund = 'declined';
      return;
    }
    const amount = this.kind === 'full' ? net(p) : Math.max(1, Math.floor(net(p) / 3));
    // A duplicate's excess (received beyond what the invoice holds) is paid back first, without a credit note.
    const excess = Math.max(0, net(p) - held(p));
    p.credited += Math.min(held(p), Math.max(0, amount - excess));
    const body = { utr: `UTRREF${m.run}X${p.n}`, amountPaise: amount };
    await expectStatus(r.app.request(`${base}/refund`, json('POST', body, r.cookie)), 200, this.toString());
    p.refund = 'refunded';
    if (amount === net(p)) p.seat = 'gone';
    p.refunded += amount;
    // The seats freed are offered on (none once the session started).
    passOnOffersInModel(m, nowOf(m));
  }
  override toString() {
    return `refund ${this.kind} (${this.pick})`;
  }
}

/**
 * Attendance: staff mark it by hand (refused before the door opens, for a seat given up, or twice;
 * after the end it counts at the end), or the registrant opens the join link (the meeting opens,
 * and counts, for a paid seat from 30 minutes before the start to its end).
 */
class Attend extends KindStep<'by hand' | 'by the join link'> {
  name = 'attend';
  override check(m: Readonly<Model>) {
    // From the day before on (refused until the door opens).
    return m.phase >= DOOR - 1 && m.people.some(hasRegistration);
  }
  async act(m: Model, r: Real) {
    const p = chosen(m, this.pick, hasRegistration, (x) => x.seat === 'live' && !x.attended);
    if (!p?.registrationId) return;
    const what = `${this.kind === 'by hand' ? 'check-in' : 'join'} of ${p.email} (${phaseNames[m.phase]})`;
    if (this.kind === 'by hand') {
      const allowed = p.seat === 'live' && !p.attended && m.phase >= DOOR;
      const body = { registration: p.registrationId, reason: 'The ticket would not scan.' };
      const path = `/api/sessions/manage/${m.sessionId}/attendance`;
      await expectStatus(r.app.request(path, json('POST', body, r.cookie)), allowed ? 200 : 409, what);
      if (allowed) p.attended = true;
      return;
    }
    const res = r.app.request('/api/join', {
      method: 'POST',
      headers: { Authorization: `Bearer ${await pageToken(r, p.registrationId, 'join')}` },
    });
    const paid = p.seat === 'live' && (p.invoiced || p.received >= price);
    const expected = !paid ? 'closed' : m.phase < DOOR ? 'early' : m.phase > DURING ? 'over' : 'open';
    const body = (await expectStatus(res, 200, what)) as { state: string };
    expect(body.state).toBe(expected);
    if (expected === 'open') p.attended = true;
  }
  override toString() {
    return `attend ${this.kind} (${this.pick})`;
  }
}

/** The owner backs the database up (the model remembers itself as it was). */
class BackUp extends PlainStep {
  name = 'back up';
  async act(m: Model, r: Real) {
    const records: DumpRecord[] = [];
    await dumpDatabase(r.store.db, async (record) => {
      records.push(record);
    });
    m.backup = { records, people: structuredClone(m.people) };
  }
}

/** The owner restores that backup over the live database: the run goes on from the backup's people, numbers never reused. */
class Restore extends PlainStep {
  name = 'restore the backup';
  override check(m: Readonly<Model>) {
    return m.backup !== undefined;
  }
  async act(m: Model, r: Real) {
    const backup = m.backup;
    if (!backup) return;
    async function* replay() {
      yield* backup?.records ?? [];
    }
    await restoreDatabase(r.store.db, replay(), { replace: true });
    // As the restore command and the server's start do.
    await keepIdsAboveRestores(r.store.db);
    m.people = structuredClone(backup.people);
    // Restored once: another restore needs another backup.
    m.backup = undefined;
  }
}

/** The owner moves the site's data from the embedded store to PostgreSQL (db:move-to-postgres) and the site goes on there. */
class MoveToPostgres extends PlainStep {
  name = 'move to PostgreSQL';
  override check(m: Readonly<Model>) {
    return m.movable;
  }
  async act(m: Model, r: Real) {
    await r.moveToPostgres?.();
    m.movable = false;
  }
}

/** Staff certify a registration: issued only when paid in full, attended inside the session, after its end. */
class Certify extends Step {
  name = 'certify';
  override check(m: Readonly<Model>) {
    // From the door's opening on (refused until the session ended).
    return m.phase >= DOOR && m.people.some(hasRegistration);
  }
  async act(m: Model, r: Real) {
    const p = chosen(m, this.pick, hasRegistration, (x) => x.attended && !x.certified);
    if (!p?.registrationId) return;
    const earned = p.seat === 'live' && p.invoiced && p.attended && m.phase >= ENDED;
    const body = (await expectStatus(
      r.app.request(
        `/api/sessions/manage/${m.sessionId}/certificates`,
        json('POST', { registrations: [p.registrationId] }, r.cookie),
      ),
      200,
      `certify ${p.email}`,
    )) as { issued: number };
    expect(body.issued).toBe(earned && !p.certified ? 1 : 0);
    if (earned) p.certified = true;
  }
}

const pick = fc.nat({ max: 7 });
const signUp = fc.boolean().map((wait) => new SignUp(wait));
const advance = pick.map((i) => new Advance(i));
const claim = fc
  .tuple(pick, fc.constantFrom('rest', 'rest', 'short', 'same-utr') as fc.Arbitrary<ClaimPayment['kind']>)
  .map(([i, kind]) => new ClaimPayment(i, kind));
const verify = fc
  .tuple(pick, fc.constantFrom('button', 'bulk', 'race') as fc.Arbitrary<Verify['mode']>)
  .map(([i, mode]) => new Verify(i, mode));
const askRefund = pick.map((i) => new AskRefund(i));
const refund = fc
  .tuple(pick, fc.constantFrom('part', 'full', 'decline') as fc.Arbitrary<Refund['kind']>)
  .map(([i, kind]) => new Refund(i, kind));
/**
 * Each step, those deeper in a registration's life more than once (a refund needs a payment
 * verified, the clock past the start, a request, and staff's answer).
 */
const steps = [
  signUp,
  pick.map((i) => new Cancel(i)),
  advance,
  advance,
  advance,
  claim,
  verify,
  verify,
  askRefund,
  askRefund,
  refund,
  refund,
  pick.map((i) => new ReturnDuplicate(i)),
  fc
    .tuple(pick, fc.constantFrom('by hand', 'by the join link') as fc.Arbitrary<Attend['kind']>)
    .map(([i, kind]) => new Attend(i, kind)),
  pick.map((i) => new Certify(i)),
  // A restore costs a second or more: backing up, restoring and moving share one place in the list.
  fc.constantFrom(new BackUp(), new Restore(), new MoveToPostgres()),
];

/**
 * Sequences every run starts with (fast-check's examples), so the deep ends of the life are reached
 * whatever the seed: a duplicate payment verified after a refund in part, a restore, a duplicate
 * payment refunded in part, a short payment made whole, attended and certified, a refund in full
 * releasing the seat.
 */
// biome-ignore format: a fixed sequence reads as one line of steps, in order
const examples: Array<[Iterable<fc.AsyncCommand<Model, Real>>]> = [
  [[new Verify(0, 'button'), new ClaimPayment(0, 'rest'), new Advance(3), new AskRefund(0), new Refund(0, 'part'), new Verify(0, 'button'), new ReturnDuplicate(0), new BackUp(), new ClaimPayment(1, 'rest'), new Verify(0, 'race'), new Restore(), new ClaimPayment(1, 'rest'), new Verify(0, 'bulk'), new Attend(1, 'by the join link')]],
  [[new ClaimPayment(0, 'rest'), new ClaimPayment(0, 'rest'), new Verify(0, 'bulk'), new Advance(2), new Advance(0), new AskRefund(0), new Refund(0, 'part')]],
  [[new ClaimPayment(1, 'short'), new Verify(0, 'button'), new ClaimPayment(1, 'rest'), new Verify(0, 'button'), new Advance(2), new Attend(1, 'by hand'), new Advance(1), new Certify(1), new AskRefund(1), new Refund(0, 'full')]],
];

/** The first session of the runs (14 days apart: each run's clock goes past its session and the refund window). */
const firstStart = Date.parse('2031-03-01T08:30:00Z');

/** PostgreSQL, where the tests have one: the embedded store's runs move their data to it once. */
const postgres = databaseKinds.find(([label]) => label === 'PostgreSQL')?.[1];

describe.each(databaseKinds)('a registration’s life on %s', (label, make) => {
  let database: TestDatabase;
  /** The PostgreSQL database the data moved to, once it moved. */
  let movedTo: TestDatabase | undefined;
  let real: Real;
  let run = 0;
  /** When staff last signed in, by the service's clock. */
  let signedAt = 0;

  beforeAll(async () => {
    database = await make();
    const store = await database.open();
    const clock = { at: new Date(firstStart - 10 * DAY) };
    const now = () => clock.at;
    const served = async (on: Store) => {
      const sessions = await sessionService({ store: on, siteUrl: 'https://studio.example', now, offerHours: 24 });
      const options = {
        rateLimitPerMinute: 1_000_000,
        sessions,
        now,
        books,
        // A sign-in lasts 390 days of the clock (cookies last at most 400): staff sign in again every 300.
        sessionTtlHours: 24 * 390,
      };
      return { sessions, options };
    };
    const { sessions, options } = await served(store);
    const signed = await staffSignedIn(store, 'meera', password, options);
    real = { ...signed, store, sessions, clock, issued: new Map() };
    signedAt = clock.at.getTime();
    if (label === 'PGlite' && postgres) {
      // As db:move-to-postgres does: every row into an empty PostgreSQL, then the site serves from
      // it; staff's sign-in moves with the data.
      real.moveToPostgres = async () => {
        movedTo = await postgres();
        const target = await movedTo.open();
        const records: DumpRecord[] = [];
        await dumpDatabase(real.store.db, async (record) => {
          records.push(record);
        });
        async function* replay() {
          yield* records;
        }
        // Opening the store made its (empty) tables: the move replaces them.
        await restoreDatabase(target.db, replay(), { replace: true });
        await keepIdsAboveRestores(target.db);
        await real.store.close();
        const next = await served(target);
        real.store = target;
        real.sessions = next.sessions;
        real.app = serviceApp(target, next.options);
        real.moveToPostgres = undefined;
      };
    }
  });
  afterAll(async () => {
    await real?.store.close();
    await database?.dispose();
    await movedTo?.dispose();
  });

  /** A fresh run: a new session of three seats (two taken, one of them with its payment claimed), 14 days after the last run's, and the clock 10 days before it. */
  const setup = async (): Promise<{ model: Model; real: Real }> => {
    run += 1;
    const startMs = firstStart + run * 14 * DAY;
    real.clock.at = new Date(startMs + (phases[0] ?? 0));
    if (real.clock.at.getTime() - signedAt > 300 * DAY) {
      real.cookie = await signIn(real.app, 'meera', password);
      signedAt = real.clock.at.getTime();
    }
    const india = new Date(startMs + 5.5 * HOUR).toISOString().slice(0, 10);
    const res = await real.app.request(
      '/api/sessions/manage',
      json('POST', masterclassSession(`${india} 14:00`, capacity), real.cookie),
    );
    const body = (await expectStatus(res, 201, 'a new session')) as { session: { id: number } };
    const model: Model = {
      run,
      sessionId: body.session.id,
      startMs,
      phase: 0,
      people: [],
      // The embedded store's runs move to PostgreSQL only near their end (the runs after it are on
      // PostgreSQL), and the last run at its start if none moved before.
      movable: real.moveToPostgres !== undefined && run > 0.9 * runs,
    };
    if (model.movable && run >= runs) await new MoveToPostgres().run(model, real);
    // Two seats taken, and the first one's payment claimed: every step has someone to act on from the first.
    await new SignUp(false).act(model, real);
    await new SignUp(false).act(model, real);
    await new ClaimPayment(0, 'rest').act(model, real);
    return { model, real };
  };

  it(`keeps its invariants and agrees with the model over ${runs} random sequences (seed ${seed})`, async () => {
    // The seed is in the test's name and in fast-check's report: MODEL_SEED=<seed> replays a failure.
    process.stdout.write(`model test: ${runs} runs, seed ${seed}\n`);
    ran.clear();
    await fc.assert(
      fc.asyncProperty(fc.commands(steps, { maxCommands, size: 'max' }), (cmds) => fc.asyncModelRun(setup, cmds)),
      { numRuns: runs, seed, verbose: 1, examples },
    );
    process.stdout.write(`model test: steps run ${JSON.stringify(Object.fromEntries([...ran].sort()))}\n`);
  });
});
