/** @jest-environment node */
import { checkBody, oneLine, sentObject } from '@/server/platform/validate';

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
