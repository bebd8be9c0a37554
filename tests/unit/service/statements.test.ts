/** @jest-environment node */
import { openedStaffSite } from './service-app';
import { databaseKinds } from './test-stores';

jest.setTimeout(120_000);

const password = 'statement import password';

const post = (body: unknown, cookie = ''): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
  body: JSON.stringify(body),
});

const claim = (utr: string, amountPaise: number) => ({
  utr,
  contact: `98765${utr.slice(-5)}`,
  reference: 'MCFRI2PM0001',
  amountPaise,
});

describe.each(databaseKinds)('bank statement import on %s', (_label, make) => {
  const site = openedStaffSite(make, password);

  beforeAll(async () => {
    for (const [utr, paise] of [
      ['512345678901', 149_900],
      ['512345678902', 149_900],
      ['512345678903', 99_900],
    ] as const) {
      expect((await site.app.request('/api/payments/claims', post(claim(utr, paise)))).status).toBe(201);
    }
  });

  const statement = [
    'Date,Narration,Deposit Amt.',
    '20/11/26,UPI-A-512345678901-X,"1,499.00"',
    '21/11/26,UPI-B-512345678902-X,999.00',
    '22/11/26,UPI-C-512345678903-X,999.00',
    '22/11/26,UPI-D-512345678904-X,500.00',
  ].join('\n');

  it('is for staff only', async () => {
    expect((await site.app.request('/api/payments/statement', post({ csv: statement }))).status).toBe(401);
    expect((await site.app.request('/api/payments/claims/verify', post({ ids: [1] }))).status).toBe(401);
  });

  it('proposes matches and lists the rest, verifying nothing until staff confirm', async () => {
    const res = await site.app.request('/api/payments/statement', post({ csv: statement }, site.cookie));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.matches.map((m: { claim: { utr: string } }) => m.claim.utr)).toEqual(['512345678901', '512345678903']);
    expect(body.mismatches).toEqual([
      expect.objectContaining({ claim: expect.objectContaining({ utr: '512345678902', amountPaise: 149_900 }) }),
    ]);
    expect(body.unclaimed).toEqual([{ line: 5, utr: '512345678904', amountPaise: 50_000, date: '22/11/26' }]);
    const pending = await site.store.db.query(`SELECT 1 FROM payment_claims WHERE status = 'pending'`);
    expect(pending).toHaveLength(3);

    // A registration that came after the claim: verifying matches it, as a single review does.
    const registration = {
      name: 'Asha Rao',
      email: 'asha@example.com',
      phone: '9876578901',
      city: 'Pune',
      level: 'Beginner',
      schedule: 'Fri 2pm',
    };
    expect((await site.app.request('/api/forms/masterclass', post(registration))).status).toBe(201);
    const ids = body.matches.map((m: { claim: { id: number } }) => m.claim.id);
    const verify = await site.app.request('/api/payments/claims/verify', post({ ids }, site.cookie));
    expect(await verify.json()).toMatchObject({ verified: 2, alreadyVerified: 0 });
    const rows = await site.store.db.query<{
      utr: string;
      status: string;
      reviewed_by: string;
      registration_form: string;
    }>('SELECT utr, status, reviewed_by, registration_form FROM payment_claims ORDER BY utr');
    expect(rows.map((r) => [r.utr, r.status, r.reviewed_by, r.registration_form])).toEqual([
      ['512345678901', 'verified', 'meera', 'masterclass'],
      ['512345678902', 'pending', null, null],
      ['512345678903', 'verified', 'meera', null],
    ]);
    const again = await (
      await site.app.request('/api/payments/statement', post({ csv: statement }, site.cookie))
    ).json();
    expect(again).toMatchObject({ matches: [], alreadyReviewed: 2 });
  });

  it("takes a long statement (a year's export, beyond the other routes' 64 KB), and says when one is over 4 MB", async () => {
    const lines = ['Date,Narration,Deposit Amt.'];
    for (let i = 1; i <= 2000; i++)
      lines.push(`20/11/26,UPI-PAYER ${i}-payer${i}@upi-${700000000000 + i}-MC,"1,499.00"`);
    const csv = lines.join('\n');
    expect(csv.length).toBeGreaterThan(64 * 1024);
    const res = await site.app.request('/api/payments/statement', post({ csv }, site.cookie));
    expect(res.status).toBe(200);
    expect((await res.json()).unclaimed).toHaveLength(2000);
    const huge = await site.app.request('/api/payments/statement', post({ csv: csv.repeat(40) }, site.cookie));
    expect(huge.status).toBe(413);
    expect((await huge.json()).message).toBe('The statement is too large (at most 4 MB). Export a shorter period.');
    // Every other route keeps its bound.
    expect(
      (await site.app.request('/api/payments/claims/verify', post({ ids: [], pad: csv }, site.cookie))).status,
    ).toBe(413);
  });

  it('asks for the columns of an unknown layout once, then remembers them', async () => {
    const csv = 'Ref,Rupees\n512345678902,1499\n';
    const ask = await site.app.request('/api/payments/statement', post({ csv }, site.cookie));
    expect(ask.status).toBe(200);
    expect(await ask.json()).toMatchObject({ kind: 'choose-columns', header: ['Ref', 'Rupees'] });
    const chosen = await site.app.request(
      '/api/payments/statement',
      post({ csv, mapping: { utr: 'Ref', amount: 'Rupees' } }, site.cookie),
    );
    expect((await chosen.json()).matches).toHaveLength(1);
    const next = await site.app.request(
      '/api/payments/statement',
      post({ csv: 'Ref,Rupees\n512345678999,10\n' }, site.cookie),
    );
    expect(next.status).toBe(200);
    expect((await next.json()).unclaimed).toHaveLength(1);
  });

  it('answers a malformed file, a bad body or bad ids with a message, never a 500', async () => {
    const malformed = await site.app.request(
      '/api/payments/statement',
      post({ csv: 'UTR,Amount\n"1,2\n' }, site.cookie),
    );
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).message).toMatch(/^Line 2: /);
    for (const body of [{}, { csv: 1 }, { csv: '', extra: 1 }, { csv: 'a', mapping: { utr: '' } }]) {
      expect((await site.app.request('/api/payments/statement', post(body, site.cookie))).status).toBe(400);
    }
    for (const body of [{}, { ids: [] }, { ids: ['1'] }, { ids: [-1] }, { ids: 3 }]) {
      expect((await site.app.request('/api/payments/claims/verify', post(body, site.cookie))).status).toBe(400);
    }
    const huge = await site.app.request(
      '/api/payments/statement',
      post({ csv: 'x'.repeat(5 * 1024 * 1024) }, site.cookie),
    );
    expect(huge.status).toBe(413);
  });
});
