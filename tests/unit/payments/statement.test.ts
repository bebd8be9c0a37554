import {
  amountPaise,
  guessMapping,
  headerSignature,
  matchStatement,
  readStatement,
  utrIn,
  type ClaimForMatch,
} from '@/lib/payments/statement';

/** A bank account statement as Indian banks export it: account details, then the table. */
const bankStatement = [
  'Account Statement,,,,,,',
  'Account No,XXXXXXXX1234,,,,,',
  'Period,01/11/2026 - 24/11/2026,,,,,',
  '',
  'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance',
  '20/11/26,UPI-ASHA RAO-asha@okbank-412345678901-Masterclass,0000412345678901,20/11/26,,"1,499.00","51,499.00"',
  '21/11/26,NEFT DR-RENT,N123,21/11/26,"20,000.00",,"31,499.00"',
  '22/11/26,UPI-RAVI K-ravi@upi-412345678902-UPI,0000412345678902,22/11/26,,999.00,"32,498.00"',
  '23/11/26,UPI-NEW PAYER-x@upi-412345678903-UPI,0000412345678903,23/11/26,,"2,000.00","34,498.00"',
  '23/11/26,CASH DEPOSIT,,23/11/26,,500.00,"34,998.00"',
  '** End of statement **',
].join('\r\n');

const claims: ClaimForMatch[] = [
  { id: 1, utr: '412345678901', amountPaise: 149_900, status: 'pending' },
  { id: 2, utr: '412345678902', amountPaise: 149_900, status: 'pending' },
  { id: 3, utr: '412345678999', amountPaise: 149_900, status: 'pending' },
];

describe('reading a statement', () => {
  it('finds the header below the account details and reads each credit with its line', () => {
    const read = readStatement(bankStatement);
    if (!read.ok) throw new Error(read.message);
    expect(read.mapping).toEqual({ utr: 'Narration', amount: 'Deposit Amt.', date: 'Date' });
    expect(read.credits).toEqual([
      { line: 6, utr: '412345678901', amountPaise: 149_900, date: '20/11/26' },
      { line: 8, utr: '412345678902', amountPaise: 99_900, date: '22/11/26' },
      { line: 9, utr: '412345678903', amountPaise: 200_000, date: '23/11/26' },
      { line: 10, utr: null, amountPaise: 50_000, date: '23/11/26' },
    ]);
    expect(read.problems).toEqual([]);
  });

  it('reads a UPI business app export with its own UTR column', () => {
    const csv = 'Transaction ID,UTR No,Amount,Status,Created On\nT1,412345678901,1499,SUCCESS,2026-11-20 10:00\n';
    const read = readStatement(csv);
    expect(read.ok && read.credits).toEqual([
      { line: 2, utr: '412345678901', amountPaise: 149_900, date: '2026-11-20 10:00' },
    ]);
  });

  it('names the line of an amount it cannot read, and goes on', () => {
    const read = readStatement('UTR,Amount\n412345678901,1499\n412345678902,abc\n');
    expect(read.ok && read.problems).toEqual([{ line: 3, message: 'Line 3: the amount "abc" is not a number.' }]);
    expect(read.ok && read.credits).toHaveLength(1);
  });

  it('names the line where a file stops being CSV', () => {
    const read = readStatement('UTR,Amount\n412345678901,1499\n"412345678902,999\n');
    expect(read).toMatchObject({ ok: false, reason: 'malformed' });
    expect(!read.ok && read.message).toMatch(/^Line 3: this is not a CSV table we can read/);
  });

  it('says a file with one line holds no table', () => {
    expect(readStatement('hello')).toMatchObject({
      ok: false,
      reason: 'malformed',
      message: 'Line 1: the file holds no table of transactions.',
    });
  });

  it('asks staff for the columns of a layout it does not know, then uses and remembers their choice', () => {
    const csv = 'Ref,Rupees,When\n412345678901,1499,today\n';
    const unknown = readStatement(csv);
    expect(unknown).toMatchObject({ ok: false, reason: 'mapping', header: ['Ref', 'Rupees', 'When'] });
    const chosen = { utr: 'Ref', amount: 'Rupees' };
    expect(readStatement(csv, { chosen })).toMatchObject({
      ok: true,
      credits: [{ utr: '412345678901', amountPaise: 149_900 }],
    });
    const remembered = new Map([[headerSignature(['Ref', 'Rupees', 'When']), chosen]]);
    expect(readStatement(csv, { remembered: (s) => remembered.get(s) })).toMatchObject({ ok: true, mapping: chosen });
    expect(readStatement(csv, { chosen: { utr: 'Nope', amount: 'Rupees' } })).toMatchObject({
      ok: false,
      reason: 'mapping',
    });
  });
});

describe('cells', () => {
  it.each([
    ['1,499.00', 149_900],
    ['₹ 1,499', 149_900],
    ['1499.5', 149_950],
    ['1,499.00 Cr', 149_900],
    ['', 0],
    ['-', 0],
    ['12abc', undefined],
  ])('amount %p is %p paise', (cell, paise) => expect(amountPaise(cell)).toBe(paise));

  it('finds a 12-digit UTR alone or in a narration, never inside a longer number', () => {
    expect(utrIn('UPI/412345678901/ASHA')).toBe('412345678901');
    expect(utrIn('412345678901')).toBe('412345678901');
    expect(utrIn('0000412345678901')).toBeNull();
    expect(utrIn('NEFT 12345')).toBeNull();
  });

  it('guesses no mapping from a header without an amount', () => {
    expect(guessMapping(['Date', 'Narration', 'Balance'])).toBeUndefined();
  });
});

describe('matching credits to claims', () => {
  it('proposes exact matches, lists wrong amounts and credits no claim names; changes nothing', () => {
    const read = readStatement(bankStatement);
    if (!read.ok) throw new Error(read.message);
    const result = matchStatement(read.credits, [
      ...claims,
      { id: 4, utr: '412345678903', amountPaise: 200_000, status: 'verified' },
    ]);
    expect(result.matches.map((m) => [m.claim.id, m.credit.line])).toEqual([[1, 6]]);
    expect(result.mismatches.map((m) => [m.claim.id, m.credit.amountPaise])).toEqual([[2, 99_900]]);
    expect(result.unclaimed.map((c) => c.line)).toEqual([10]);
    expect(result.alreadyReviewed).toBe(1);
    expect(claims.every((c) => c.status === 'pending')).toBe(true);
  });

  it('lists a claim once when several lines carry its UTR, as a match when one of them has its amount', () => {
    const read = readStatement(
      [
        'Date,Narration,Deposit Amt.',
        '20/11/26,UPI-412345678901,"1,499.00"',
        '20/11/26,UPI-412345678901,"1,499.00"',
        '21/11/26,UPI-412345678902,500.00',
        '22/11/26,UPI-412345678902,"1,499.00"',
        '23/11/26,UPI-412345678999,1.00',
        '23/11/26,UPI-412345678999,2.00',
      ].join('\n'),
    );
    if (!read.ok) throw new Error(read.message);
    const result = matchStatement(read.credits, claims);
    expect(result.matches.map((m) => [m.claim.id, m.credit.line])).toEqual([
      [1, 2],
      [2, 5],
    ]);
    expect(result.mismatches.map((m) => [m.claim.id, m.credit.amountPaise])).toEqual([[3, 100]]);
    expect(result.repeated).toBe(3);
  });
});
