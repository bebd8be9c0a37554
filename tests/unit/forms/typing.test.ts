import { digitsOnly, hasDigit, lettersAndSpaces, lettersAndWhitespace, stripMarkup } from '@/lib/forms/typing';
import { formatRupees } from '@/lib/payments/money';
import { formTimestamp } from '@/lib/forms/timestamp';
import { spamVerdict, tooFastMessage } from '@/lib/forms/anti-spam';
import { joinList, splitJoin } from '@/lib/forms/rules';
import { prices } from '@/content/prices';

describe('typing rules', () => {
  it('keeps digits only and caps phone numbers at 10', () => {
    expect(digitsOnly('+91 98765-43210')).toBe('9198765432');
    expect(digitsOnly('98765 43210 99')).toBe('9876543210');
    expect(digitsOnly('abc')).toBe('');
  });

  it('strips everything but letters and whitespace (masterclass name)', () => {
    expect(lettersAndWhitespace('Asha R4o!\tK.')).toBe('Asha Ro\tK');
    expect(lettersAndWhitespace('अनन्या 2')).toBe('अनन्या ');
  });

  it('strips everything but letters and spaces (certification full name)', () => {
    expect(lettersAndSpaces("D'Souza-Rao 3\t")).toBe('DSouzaRao ');
  });

  it('strips markup tags but keeps the text and lone angle brackets', () => {
    expect(stripMarkup('<b>Hello</b> <script src="x">alert(1)</script>')).toBe('Hello alert(1)');
    expect(stripMarkup('2 < 3 and 5 > 4')).toBe('2 < 3 and 5 > 4');
    expect(stripMarkup('<img src=x onerror=alert(1)>hi')).toBe('hi');
  });

  it('tells text with digits', () => {
    expect(hasDigit('Pune 2')).toBe(true);
    expect(hasDigit('Pune')).toBe(false);
  });
});

describe('helpers', () => {
  it('formats paise as rupees', () => {
    expect(formatRupees(prices.masterclass)).toBe('₹99');
    expect(formatRupees(11682)).toBe('₹116.82');
    expect(formatRupees(prices.courseRegistration)).toBe('₹999');
    expect(formatRupees(117882)).toBe('₹1,178.82');
    expect(() => formatRupees(1.5)).toThrow(RangeError);
  });

  it('writes the Timestamp as the en-IN date and time in India, whatever the zone of the machine', () => {
    // 08:35:09 UTC is 14:05:09 in India (UTC+5:30); the test's own zone does not matter.
    const date = new Date(Date.UTC(2025, 6, 1, 8, 35, 9));
    expect(formTimestamp(date)).toMatch(/^1\/7\/2025, 2:05:09\s?pm$/i);
    expect(formTimestamp(new Date(Date.UTC(2025, 6, 1, 20, 0, 0)))).toMatch(/^2\/7\/2025, 1:30:00\s?am$/i);
  });

  it('judges spam: honeypot first, then the minimum fill time', () => {
    expect(spamVerdict({ honeypot: 'x', startedAt: 0, now: 10_000, minFillMs: 3000 })).toBe('bot');
    expect(spamVerdict({ honeypot: '', startedAt: 0, now: 2999, minFillMs: 3000 })).toBe('too-fast');
    expect(spamVerdict({ honeypot: ' ', startedAt: 0, now: 3000, minFillMs: 3000 })).toBe('ok');
    expect(tooFastMessage).toBe('Please take a moment to check your details, then send again.');
  });

  it('joins lists with ", " and recognises joins of options that hold commas', () => {
    const short = 'Diploma in Music Production';
    const long = 'Diploma in Music Production, Sound Designing & Music Business';
    const options = [short, long];
    expect(joinList(['A', 'B'])).toBe('A, B');
    expect(splitJoin(joinList([long, short]), options)).toEqual([long, short]);
    expect(splitJoin(long, options)).toEqual([long]);
    expect(splitJoin('Diploma in Music Production, Sound Designing', options)).toBeUndefined();
    expect(splitJoin(joinList([short, short]), options)).toBeUndefined();
    expect(splitJoin('', options)).toBeUndefined();
  });
});
