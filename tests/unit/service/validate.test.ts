/** @jest-environment node */
import { Hono } from 'hono';
import { maxStoredInteger, storedIdOf } from '@/lib/stored-integer';
import { linkTokenParts } from '@/lib/sessions/registrant';
import { DoorTickets } from '@/server/sessions/tickets';
import { checkBody, idParams, oneLine, sentObject, storedInteger } from '@/server/platform/validate';

/**
 * The service's builders of body schemas (server/platform/validate.ts). `oneLine`: a registrant's refund
 * reason, staff's decline reason and a certificate's revoke reason are each one line, not blank, at
 * most so many characters as sent, refused with their own message.
 */
const say = 'Give the reason in a line.';
const cast = sentObject({ reason: oneLine(10, say) }).strict(false);
const strict = sentObject({ reason: oneLine(10, say) });
const refused = (where = 'reason') => ({ ok: false, message: say, errors: { [where]: say } });

describe('one line of text, at most N characters', () => {
  it('is read as one trimmed line where the body is cast, and as sent in a strict body', () => {
    expect(checkBody(cast, { reason: ' to\n\n go ' })).toEqual({ ok: true, value: { reason: 'to go' } });
    expect(checkBody(strict, { reason: ' to\n\n go ' })).toEqual({ ok: true, value: { reason: ' to\n\n go ' } });
  });

  it('counts its characters as sent: ten pass; eleven, a trailing space among them, do not', () => {
    expect(checkBody(cast, { reason: 'x'.repeat(10) }).ok).toBe(true);
    for (const schema of [cast, strict]) {
      expect(checkBody(schema, { reason: 'x'.repeat(11) })).toEqual(refused());
      expect(checkBody(schema, { reason: `${'x'.repeat(10)} ` })).toEqual(refused());
    }
  });

  it.each([
    ['missing', {}],
    ['empty', { reason: '' }],
    ['blank', { reason: ' \n\t ' }],
    ['a number', { reason: 42 }],
    ['a list', { reason: ['a reason'] }],
    ['null', { reason: null }],
  ])('is refused with its message when %s, in a cast body and a strict one alike', (_, body) => {
    expect(checkBody(cast, body)).toEqual(refused());
    expect(checkBody(strict, body)).toEqual(refused());
  });
});

/**
 * The numbers the database keeps (lib/stored-integer.ts): an id in a path or a token, and an id or
 * an amount in a body, each refused past PostgreSQL's `integer` (2,147,483,647) before it reaches it.
 */
describe('a number the database can keep', () => {
  it.each([
    ['1', 1],
    ['0042', 42],
    ['2147483647', maxStoredInteger],
    ['2147483648', undefined],
    ['9999999999999999999', undefined],
    ['0', undefined],
    ['-1', undefined],
    ['1e3', undefined],
    ['0x10', undefined],
    ['1.5', undefined],
    [' 7', undefined],
    ['', undefined],
  ])('the id written %j is %p', (digits, id) => {
    expect(storedIdOf(digits)).toBe(id);
  });

  it('refuses a path id past the range with 404 and its message, and gives the route the numbers', async () => {
    const app = new Hono().get(
      '/sessions/:id/waitlist/:entry',
      idParams('There is no such session.', 'id', 'entry'),
      (c) => c.json(c.req.valid('param')),
    );
    expect(await (await app.request('/sessions/2147483647/waitlist/3')).json()).toEqual({
      id: maxStoredInteger,
      entry: 3,
    });
    for (const path of [
      '/sessions/2147483648/waitlist/3',
      '/sessions/1/waitlist/2147483648',
      '/sessions/0x10/waitlist/1',
    ]) {
      const res = await app.request(path);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'There is no such session.' });
    }
  });

  it.each([2147483648, 1e19, 0, -1, 1.5, '12', null])(
    "refuses %p in a body with the field's own message",
    (amountPaise) => {
      const say = 'Give the amount refunded, in paise.';
      expect(checkBody(sentObject({ amountPaise: storedInteger(say) }), { amountPaise })).toEqual({
        ok: false,
        message: say,
        errors: { amountPaise: say },
      });
    },
  );

  it('takes a body number from 1 to 2,147,483,647', () => {
    const amount = sentObject({ amountPaise: storedInteger('Give the amount.') });
    expect(checkBody(amount, { amountPaise: maxStoredInteger })).toEqual({
      ok: true,
      value: { amountPaise: maxStoredInteger },
    });
    expect(checkBody(amount, { amountPaise: 1 })).toEqual({ ok: true, value: { amountPaise: 1 } });
  });

  it("reads no registration or seat from a link's or a ticket's token past the range", () => {
    const signature = 'A'.repeat(27);
    expect(linkTokenParts(`2147483647.${signature}`)).toEqual({ registrationId: maxStoredInteger, signature });
    expect(linkTokenParts(`2147483648.${signature}`)).toBeUndefined();
    expect(DoorTickets.named(`T12.2147483647.${'A'.repeat(22)}`)).toEqual({ seatId: 12, sessionId: maxStoredInteger });
    expect(DoorTickets.named(`T2147483648.1.${'A'.repeat(22)}`)).toBeUndefined();
    expect(DoorTickets.named(`T1.9999999999.${'A'.repeat(22)}`)).toBeUndefined();
  });
});
