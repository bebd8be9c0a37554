import { doorTime, normalCode, scanBody, scanOf, shownCode } from '@/lib/sessions/ticket';
import { checkBody } from '@/server/platform/validate';

const now = Date.parse('2031-02-01T04:40:00Z');
const token = 'T12.3.abcdefghijklmnopqrstuv';

/** A scan as the check-in route reads it: the scan, or the message of its refusal. */
const parseScan = (value: unknown, nowMs: number) => {
  const checked = checkBody(scanBody, value);
  return checked.ok ? scanOf(checked.value, nowMs) : checked.message;
};

describe('door tickets: scans as the phone sends them', () => {
  it('takes a typed code in any case, with spaces or a dash, and refuses letters a code never has', () => {
    expect(normalCode(' abcd-2345 ')).toBe('ABCD2345');
    expect(normalCode('ABCD 2345')).toBe('ABCD2345');
    expect(normalCode('ABC0-2345')).toBeUndefined(); // no 0, O, 1, I, L or U
    expect(normalCode('ABCD-234')).toBeUndefined();
    expect(shownCode('ABCD2345')).toBe('ABCD-2345');
  });

  it('keeps a queued scan its own time, unless it is in the future or over a day old', () => {
    const at = (scannedAt: string) => parseScan({ scanId: 'phone-a-0001', token, scannedAt }, now);
    expect(at('2031-02-01T04:35:00Z')).toMatchObject({ scannedAt: '2031-02-01T04:35:00.000Z', token });
    expect(at('2031-02-01T05:00:00Z')).toMatchObject({ scannedAt: '2031-02-01T04:40:00.000Z' });
    expect(at('2031-01-30T04:00:00Z')).toMatchObject({ scannedAt: '2031-02-01T04:40:00.000Z' });
    expect(at('not a time')).toMatchObject({ scannedAt: '2031-02-01T04:40:00.000Z' });
  });

  it('says what is wrong with a scan it cannot take', () => {
    expect(parseScan(null, now)).toBe('Send a ticket or a code.');
    expect(parseScan({ token }, now)).toBe('The scan has no id.');
    expect(parseScan({ scanId: 'x', token }, now)).toBe('The scan has no id.');
    expect(parseScan({ scanId: 'phone-a-0001', token: 'https://example.com' }, now)).toBe(
      'That QR code is not a ticket of ours.',
    );
    expect(parseScan({ scanId: 'phone-a-0001', code: '12' }, now)).toMatch(/^A ticket code is 8 letters/);
    expect(parseScan({ scanId: 'phone-a-0001' }, now)).toBe('Send a ticket or a code.');
  });

  it('tells the door the time a ticket was used in India time', () => {
    expect(doorTime('2031-02-01T13:12:00Z')).toBe('18:42');
  });
});
