/** @jest-environment node */
import { registrantRefusals } from '@/lib/sessions/registrant';
import { refundRequestBody } from '@/server/books/books-refunds';
import { moveBody } from '@/server/sessions/visitor-routes';
import { checkBody } from '@/server/platform/validate';

// The bodies a registrant's page sends, as the service's yup schemas read them (pure: no app, no database).

const askWhy = 'Tell us in a few words why the masterclass did not give what it promised.';

describe("a registrant's move", () => {
  it('takes the session as a number, or its digits as the page may send them', () => {
    expect(checkBody(moveBody, { sessionId: 7 })).toEqual({ ok: true, value: { sessionId: 7 } });
    expect(checkBody(moveBody, { sessionId: '7' })).toEqual({ ok: true, value: { sessionId: 7 } });
  });

  it.each([
    ['no session', {}],
    ['a session of null', { sessionId: null }],
    ['a session that is not a number', { sessionId: 'seven' }],
    ['a session of true', { sessionId: true }],
    ['session 0', { sessionId: 0 }],
    ['a negative session', { sessionId: -3 }],
    ['a fraction', { sessionId: 1.5 }],
    ['a number past any session (past the database integer)', { sessionId: 2 ** 31 }],
    ['an object for the session', { sessionId: { id: 7 } }],
  ])('refuses %s with "choose the session", beside the field', (_, body) => {
    expect(checkBody(moveBody, body)).toEqual({
      ok: false,
      message: registrantRefusals.chooseSession,
      errors: { sessionId: registrantRefusals.chooseSession },
    });
  });

  it.each([
    ['null', null],
    ['a list', [7]],
    ['a string', '7'],
  ])('refuses a body of %s with the same words, for the body as a whole', (_, body) => {
    expect(checkBody(moveBody, body)).toEqual({
      ok: false,
      message: registrantRefusals.chooseSession,
      errors: { '': registrantRefusals.chooseSession },
    });
  });
});

describe("a registrant's refund request", () => {
  it('reads the reason as one trimmed line', () => {
    expect(checkBody(refundRequestBody, { reason: '  The session\n\nended   early. ' })).toEqual({
      ok: true,
      value: { reason: 'The session ended early.' },
    });
    expect(checkBody(refundRequestBody, { reason: 'x'.repeat(1000) }).ok).toBe(true);
  });

  it.each([
    ['no reason', {}],
    ['an empty reason', { reason: '' }],
    ['a reason of spaces and line breaks', { reason: ' \n\t ' }],
    ['a reason longer than 1000 characters', { reason: 'x'.repeat(1001) }],
    ['a number for the reason', { reason: 42 }],
    ['a list for the reason', { reason: ['a reason'] }],
    ['an object for the reason', { reason: { text: 'a reason' } }],
    ['a reason of null', { reason: null }],
  ])('refuses %s, asking why in a few words', (_, body) => {
    expect(checkBody(refundRequestBody, body)).toEqual({ ok: false, message: askWhy, errors: { reason: askWhy } });
  });

  it.each([
    ['null', null],
    ['a list', ['a reason']],
    ['a string', 'a reason'],
  ])('refuses a body of %s with the same words', (_, body) => {
    expect(checkBody(refundRequestBody, body)).toEqual({ ok: false, message: askWhy, errors: { '': askWhy } });
  });
});
