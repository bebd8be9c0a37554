/** @jest-environment node */
import { inboxForms } from '@/lib/forms/registry';
import { formTimestamp } from '@/lib/forms/timestamp';
import { claimMessages } from '@/lib/payments/claim';
import type { ReferencePrefix } from '@/lib/payments/payables';
import { createReference } from '@/lib/payments/reference';
import { INTAKE_KEY } from '@/lib/sessions/intake';
import { claimOutcome, decideClaimForm } from '@/server/payments/claim-form';
import { askLink, yourDataBodies } from '@/server/privacy/data-requests';
import { checkBody } from '@/server/platform/validate';
import type { DoorBody } from '@/server/forms/form-door';
import { decideForm, type FormFacts, noFacts, storedOutcome } from '@/server/forms/form-decision';
import { TS, validQuery } from '../forms/fixtures';

/**
 * The public POSTs' rules as plain functions: every input a parameter (the form, what came through
 * the door, the sessions' facts, the clock, the pages' origin, the store's result), no request and
 * no database.
 */

const query = inboxForms.query;
const talent = inboxForms['talent-show'];
const masterclass = inboxForms.masterclass;
const clock = new Date('2025-07-01T08:35:09Z');
const json = (fields: DoorBody['fields']): DoorBody => ({ kind: 'json', fields });
const html = (fields: DoorBody['fields']): DoorBody => ({ kind: 'form', fields });
const queryJson = json({ ...query.toPayload(validQuery, TS) } as Record<string, string>);
const decide = (form = query, sent = queryJson, facts: FormFacts = noFacts(sent), pageOrigin = '') =>
  decideForm({ form, sent, facts, now: clock, pageOrigin });

describe("a visitor form's decision", () => {
  it("a valid JSON payload is to be stored as sent, with its sender and the visitor's wish to wait", () => {
    expect(decide()).toEqual({
      kind: 'store',
      payload: query.toPayload(validQuery, TS),
      person: { name: validQuery.name, email: validQuery.email.toLowerCase(), phone: null },
      wait: false,
    });
    const facts: FormFacts = { ...noFacts(queryJson), wait: true };
    expect(decide(query, queryJson, facts)).toMatchObject({ kind: 'store', wait: true });
  });

  it("an HTML form's payload is stamped with the clock given, in India time", () => {
    const decided = decide(query, html({ ...validQuery }));
    expect(decided).toMatchObject({ kind: 'store' });
    expect(JSON.stringify(decided)).toContain(formTimestamp(clock));
  });

  it('refuses what the declaration refuses, each message beside its field', () => {
    const decided = decide(query, html({ name: 'Ravi', email: 'ravi', query: 'short' }));
    expect(decided).toEqual({
      kind: 'refused',
      status: 400,
      message: 'Some fields are missing or not valid.',
      errors: { email: 'Invalid email format', query: 'Query should be at least 10 characters' },
    });
  });

  it('a bot that filled the honeypot is sent on as if it had worked, nothing stored, to the pages it came from', () => {
    const bot = html({ website: 'spam.example', name: 'x' });
    const to = `https://pages.example${talent.declaration.successPath}`;
    expect(decide(talent, bot, noFacts(bot), 'https://pages.example')).toEqual({
      kind: 'stored',
      summary: talent.messages.success ?? 'Form submitted successfully!',
      to,
    });
    // A JSON body's "website" is no honeypot: the declaration refuses it as unknown.
    expect(decide(query, json({ ...queryJson.fields, website: 'x' }))).toMatchObject({
      kind: 'refused',
      errors: { website: 'Unknown field' },
    });
  });

  it('an intake that cannot be chosen is refused beside the intake; a chosen one is stored with the registration', () => {
    const message = 'That intake cannot be chosen any more.';
    const refused = decide(query, queryJson, { fixed: {}, wait: false, split: { ok: false, message } });
    expect(refused).toEqual({ kind: 'refused', status: 400, message, errors: { [INTAKE_KEY]: message } });
    const chosen = decide(query, queryJson, {
      fixed: {},
      wait: false,
      split: { ok: true, body: queryJson, intake: '7' },
    });
    expect(chosen).toMatchObject({ kind: 'store', payload: { [INTAKE_KEY]: '7' } });
  });

  it("the store's result: stored (leading on, or the form's thanks), waiting with its place, or full beside the session or intake", () => {
    expect(storedOutcome(talent, { kind: 'stored' }, '')).toEqual({
      kind: 'stored',
      summary: talent.messages.success ?? 'Form submitted successfully!',
      to: talent.declaration.successPath,
    });
    expect(storedOutcome(query, { kind: 'stored' }, 'https://pages.example')).toEqual({
      kind: 'stored',
      summary: 'Query submitted successfully!',
    });
    expect(storedOutcome(masterclass, { kind: 'waiting', message: 'Number 3.', place: 3 }, '')).toEqual({
      kind: 'waiting',
      message: 'Number 3.',
      place: 3,
    });
    expect(storedOutcome(masterclass, { kind: 'full', message: 'Full.' }, '')).toEqual({
      kind: 'full',
      message: 'Full.',
      field: 'schedule',
    });
    expect(storedOutcome(inboxForms.diploma, { kind: 'full', message: 'Full.' }, '')).toMatchObject({
      field: INTAKE_KEY,
    });
  });
});

describe("a payment claim's decision (sent without JavaScript)", () => {
  const claim = { utr: '1234 5678 9012', contact: '9876543210', amountPaise: '49900', prefix: 'MC' };

  it("makes the reference from the page's prefix when the page had none, and stores the claim", () => {
    // The reference's time and random part are parameters too: one made at a known time.
    const made = (prefix: ReferencePrefix) =>
      createReference(prefix, clock.getTime(), (count) => new Uint8Array(count));
    const reference = made('MC');
    expect(decideClaimForm(claim, made)).toEqual({
      kind: 'store',
      input: { utr: '123456789012', contact: '9876543210', reference, amountPaise: 49_900 },
    });
    // One the page's script made is kept.
    expect(decideClaimForm({ ...claim, reference: made('CR') }, made)).toMatchObject({
      input: { reference: made('CR') },
    });
  });

  it('refuses a field sent twice, and a bad UTR beside its field', () => {
    expect(decideClaimForm({ ...claim, utr: ['1', '2'] }, () => 'MC-TEST')).toMatchObject({
      kind: 'refused',
      status: 400,
      errors: { utr: 'Sent more than once: send it once.' },
    });
    expect(decideClaimForm({ ...claim, utr: '12' }, () => 'MC-TEST')).toMatchObject({
      kind: 'refused',
      errors: { utr: claimMessages.utr },
    });
  });

  it('stored: the reference to quote; a UTR claimed before: 409 beside the UTR', () => {
    const input = { utr: '123456789012', contact: '9876543210', reference: 'MC-TEST', amountPaise: 49_900 };
    expect(claimOutcome(input, true)).toMatchObject({ kind: 'received', status: 201, message: claimMessages.received });
    expect(JSON.stringify(claimOutcome(input, true))).toContain('Your payment reference: MC-TEST.');
    expect(claimOutcome(input, false)).toMatchObject({
      kind: 'refused',
      status: 409,
      message: claimMessages.duplicate,
      errors: { utr: claimMessages.duplicate },
    });
  });
});

describe('a "Your data" link asked for', () => {
  const mail = { on: true, off: 'E-mail is not set up.' };

  it('queues the address, lower-cased, and answers the same whether or not it is known, keeping it in the form', async () => {
    const queued: string[] = [];
    const outcome = await askLink(' Asha@Example.com ', mail, async (email) => queued.push(email));
    expect(queued).toEqual(['asha@example.com']);
    expect(outcome).toMatchObject({ kind: 'received', status: 202, kept: true });
  });

  it('refuses an address that is not one (400) and says so when e-mail is off (503), queueing nothing', async () => {
    const queued: string[] = [];
    const queue = async (email: string) => queued.push(email);
    expect(await askLink('asha@', mail, queue)).toEqual({
      kind: 'refused',
      status: 400,
      message: 'Enter a valid e-mail address.',
    });
    expect(await askLink(['a@example.com'], mail, queue)).toMatchObject({ status: 400 });
    expect(await askLink('asha@example.com', { ...mail, on: false }, queue)).toEqual({
      kind: 'refused',
      status: 503,
      message: 'E-mail is not set up.',
    });
    expect(queued).toEqual([]);
  });
});

describe('the "Your data" bodies', () => {
  it('a request is a correction or an erasure, its details trimmed and at most 2,000 characters', () => {
    expect(checkBody(yourDataBodies.request, { kind: 'erasure' })).toEqual({
      ok: true,
      value: { kind: 'erasure', details: '' },
    });
    expect(checkBody(yourDataBodies.request, { kind: 'correction', details: '  my phone is 98…  ' })).toEqual({
      ok: true,
      value: { kind: 'correction', details: 'my phone is 98…' },
    });
    expect(checkBody(yourDataBodies.request, { kind: 'delete' })).toMatchObject({
      ok: false,
      message: 'Ask for a correction or an erasure.',
    });
    expect(checkBody(yourDataBodies.request, { kind: 'correction', details: 'x'.repeat(2001) })).toMatchObject({
      ok: false,
      errors: { details: 'Say what should be corrected (at most 2,000 characters).' },
    });
    expect(checkBody(yourDataBodies.link, { email: 'a@example.com', name: 'Asha' })).toMatchObject({ ok: false });
    expect(checkBody(yourDataBodies.link, {})).toMatchObject({ ok: false, message: 'Enter a valid e-mail address.' });
    expect(checkBody(yourDataBodies.open, {})).toEqual({ ok: true, value: { token: '' } });
  });
});
