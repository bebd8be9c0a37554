/** @jest-environment node */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { strFromU8, unzipSync } from 'fflate';
import type { ParsedMail } from 'mailparser';
import type { BooksConfig } from '@/lib/books/config';
import { gstStudio } from './gst-studio';
import { financialYear } from '@/lib/books/tax';
import { isoIndia } from '@/lib/india-time';
import { sessionService } from '@/server/sessions/sessions';
import { invoicePdf, studioSignature } from '@/server/books/books-pdf';
import { OWNER_MEDIA_DIR } from '@/lib/owner/folders';
import { type Invoice, issueInvoices } from '@/server/books/books-store';
import { addClaim } from '@/server/payments/claims-store';
import { erasePerson } from '@/server/privacy/erasure-store';
import { seatOfRegistration } from '@/server/sessions/seats-store';
import { keyOfContact } from '@/lib/privacy/person';
import { mailTo, registrantMail } from './smtp';
import { closeSite, json, scheduleMasterclass, serviceApp, signIn, type StaffSite, testHash } from './service-app';
import { pdfImages, pdfText, withPdf } from './pdf';
import { formulaCells, formulaNames } from '../books/formula-cells';
import { databaseKinds, type TestDatabase } from './test-stores';
import { freePort, suitePort } from '../../free-port';

jest.setTimeout(240_000);

const password = 'correct horse battery staple';
const smtpPort = suitePort();
/** A registrant's request: their page link's token in the Authorization header. */
const asRegistrant = (token: string, init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: { ...(init.headers as Record<string, string>), Authorization: `Bearer ${token}` },
});
/** The page link's token of a registration, as its e-mails carry it. */
async function pageToken(site: Site, registrationId: number): Promise<string> {
  const seat = await seatOfRegistration(site.store.db, registrationId);
  if (!seat) throw new Error(`no seat for registration ${registrationId}`);
  return site.sessions.links.token('page', seat);
}

const books = gstStudio;
const fy = financialYear(new Date());
const today = isoIndia(Date.now()).slice(0, 10);

type Site = StaffSite;

/** A service on a database: a new one, or (`again`) another instance on one already open. */
async function openSite(
  make: () => Promise<TestDatabase>,
  opts: { again?: boolean; now?: () => Date } = {},
): Promise<Site> {
  const db = await make();
  const store = opts.again ? await db.reopen() : await db.open();
  if (!opts.again) await store.addStaff('meera', await testHash(password));
  const sessions = await sessionService({ store, siteUrl: 'https://studio.example' });
  const app = serviceApp(store, {
    rateLimitPerMinute: 100_000,
    sessions,
    books,
    ...(opts.now ? { now: opts.now } : {}),
  });
  return { db, store, app, sessions, cookie: await signIn(app, 'meera', password) };
}

const mailFor = (site: Site, port: number) => registrantMail(site.store, site.sessions, port, 'https://studio.example');
const pdfOf = (mail: ParsedMail | undefined) => mail?.attachments.find((a) => a.contentType === 'application/pdf');

interface Payer {
  name: string;
  email: string;
  phone: string;
  utr: string;
  state?: string;
}

/** A masterclass sign-up and its payment claim (with the state the payer gives, if any). */
async function signUpAndClaim(site: Site, label: string, p: Payer) {
  const form = { name: p.name, email: p.email, phone: p.phone, city: 'Pune', level: 'Beginner', schedule: label };
  expect((await site.app.request('/api/forms/masterclass', json('POST', form))).status).toBe(201);
  const claim = { utr: p.utr, contact: p.email, reference: 'MCK9ZZZZ12345678', amountPaise: 11682 };
  const body = p.state ? { ...claim, state: p.state } : claim;
  expect((await site.app.request('/api/payments/claims', json('POST', body))).status).toBe(201);
}

const claimsOf = async (site: Site) =>
  (await (await site.app.request('/api/payments/claims', { headers: { Cookie: site.cookie } })).json())
    .claims as Array<{
    id: number;
    utr: string;
    registration: { id: number } | null;
  }>;

const invoicesSql = 'SELECT number, seq, claim_id FROM invoices ORDER BY seq';

describe.each(databaseKinds)('the books on %s', (label, make) => {
  let site: Site;
  let mail: Awaited<ReturnType<typeof mailFor>>;

  beforeAll(async () => {
    site = await openSite(make);
    mail = await mailFor(site, smtpPort());
  });
  afterAll(() => closeSite(site, mail));

  it('attaches a tax invoice to the confirmation: CGST + SGST within Maharashtra, IGST for Karnataka', async () => {
    const { app, cookie } = site;
    const session = await scheduleMasterclass(site);
    const people: Payer[] = [
      { name: 'Asha Rao', email: 'asha@example.com', phone: '9876543210', state: 'Maharashtra', utr: '111111111111' },
      { name: 'Ravi Kumar', email: 'ravi@example.com', phone: '9876543211', state: 'karnataka', utr: '222222222222' },
    ];
    for (const p of people) await signUpAndClaim(site, session.label, p);
    // A state that is none is refused with a clear message.
    const wrong = await app.request(
      '/api/payments/claims',
      json('POST', {
        utr: '999999999999',
        contact: 'x@example.com',
        reference: 'MCK9ZZZZ12345678',
        amountPaise: 11682,
        state: 'Atlantis',
      }),
    );
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).errors.state).toMatch(/state of India/);
    await mail.deliver(); // the acknowledgements
    const claims = await claimsOf(site);
    for (const p of people) {
      const claim = claims.find((c) => c.utr === p.utr);
      const verified = await app.request(
        `/api/payments/claims/${claim?.id}`,
        json('PATCH', { status: 'verified' }, cookie),
      );
      expect(verified.status).toBe(200);
    }
    const mails = await mail.deliver();
    const texts: string[] = [];
    for (const [i, p] of people.entries()) {
      const confirmation = mailTo(mails, p.email);
      expect(confirmation?.subject).toContain('your masterclass seat is confirmed');
      const number = `INV/${fy}/0000${i + 1}`;
      expect(confirmation?.text).toContain(`Tax invoice: ${number} (attached)`);
      const attachment = pdfOf(confirmation);
      expect(attachment?.filename).toBe(`INV-${fy}-0000${i + 1}.pdf`);
      const text = pdfText(attachment?.content ?? new Uint8Array());
      texts.push(text);
      for (const line of [
        'Tax invoice',
        `Invoice number: ${number}`,
        `Date: ${today}`,
        'One11 Studios LLP',
        '4 Carter Road, Mumbai, Maharashtra 400050',
        'GSTIN: 27AAPFU0939F1ZV',
        'State: Maharashtra (code 27)',
        p.name,
        'Reverse charge: No',
        'SAC 999293: Online music production masterclass',
        'Taxable value: ₹99.00',
        'Total: ₹116.82',
        'In words: One Hundred Sixteen Rupees And Eighty Two Paise Only',
      ])
        expect(text).toContain(line);
    }
    const [intra = '', inter = ''] = texts;
    expect(intra).toContain('Place of supply: 27-Maharashtra');
    expect(intra).toContain('CGST 9%: ₹8.91');
    expect(intra).toContain('SGST 9%: ₹8.91');
    expect(intra).not.toContain('IGST');
    expect(inter).toContain('State: Karnataka (code 29)');
    expect(inter).toContain('Place of supply: 29-Karnataka');
    expect(inter).toContain('IGST 18%: ₹17.82');
    expect(inter).not.toContain('CGST');
    console.log(`books.test (${label}): the intra-state invoice as received:\n${intra}\ninter-state:\n${inter}`);

    // The registrant downloads it from their page; staff from the dashboard; a wrong token gets nothing.
    const registrationId = claims.find((c) => c.utr === people[1]?.utr)?.registration?.id ?? 0;
    const token = await pageToken(site, registrationId);
    const listed = await (await app.request('/api/books/registrant', asRegistrant(token))).json();
    expect(listed.invoices).toEqual([expect.objectContaining({ number: `INV/${fy}/00002`, totalPaise: 11682 })]);
    const own = await app.request(`/api/books/registrant/invoices/${listed.invoices[0].id}/pdf`, asRegistrant(token));
    expect(own.headers.get('content-type')).toBe('application/pdf');
    expect(pdfText(new Uint8Array(await own.arrayBuffer()))).toContain(`Invoice number: INV/${fy}/00002`);
    const otherToken = await pageToken(site, registrationId - 1);
    const other = await app.request(
      `/api/books/registrant/invoices/${listed.invoices[0].id}/pdf`,
      asRegistrant(otherToken),
    );
    expect(other.status).toBe(404);
    const staffPdf = await app.request(`/api/books/invoices/${listed.invoices[0].id}/pdf`, {
      headers: { Cookie: cookie },
    });
    expect(pdfText(new Uint8Array(await staffPdf.arrayBuffer()))).toContain('IGST 18%: ₹17.82');
    expect((await app.request(`/api/books/invoices/${listed.invoices[0].id}/pdf`)).status).toBe(401);
  });

  it('never changes or deletes an invoice, and will not reject a payment that has one', async () => {
    const { store, app, cookie } = site;
    await expect(
      store.db.write((tx) => tx.query("UPDATE invoices SET recipient_name = 'Someone else'")),
    ).rejects.toThrow(/never changed or deleted/);
    await expect(store.db.write((tx) => tx.query('DELETE FROM invoices'))).rejects.toThrow(/never changed or deleted/);
    await expect(store.db.write((tx) => tx.query('TRUNCATE invoices CASCADE'))).rejects.toThrow(
      /never changed or deleted/,
    );
    const [first] = await store.db.query<{ claim_id: number }>(invoicesSql);
    const rejected = await app.request(
      `/api/payments/claims/${first?.claim_id}`,
      json('PATCH', { status: 'rejected' }, cookie),
    );
    expect(rejected.status).toBe(409);
    expect((await rejected.json()).message).toMatch(/credit note/);
    // Verified again: still one invoice.
    await app.request(`/api/payments/claims/${first?.claim_id}`, json('PATCH', { status: 'verified' }, cookie));
    expect(await store.db.query('SELECT 1 FROM invoices WHERE claim_id = $1', [first?.claim_id])).toHaveLength(1);
  });

  it("keeps a person's invoices when the person is erased, with only their name and state, and says so", async () => {
    const { store } = site;
    const key = keyOfContact('ravi@example.com');
    if (!key) throw new Error('no key');
    const { counts } = await erasePerson(store, key, 'meera', 'test', new Date());
    expect(counts).toMatchObject({ claimsKept: 1, documentsKept: 1 });
    const [invoice] = await store.db.query<Record<string, unknown>>(
      "SELECT recipient_name, recipient_state, number FROM invoices WHERE recipient_name = 'Ravi Kumar'",
    );
    expect(invoice).toEqual({ recipient_name: 'Ravi Kumar', recipient_state: '29', number: `INV/${fy}/00002` });
    expect(JSON.stringify(await store.db.query('SELECT * FROM invoices'))).not.toContain('ravi@example.com');
    const [log] = await store.db.query<{ detail: string }>(
      "SELECT detail FROM privacy_log WHERE action = 'erase' ORDER BY id DESC LIMIT 1",
    );
    expect(log?.detail).toContain('1 invoice(s) and credit note(s) kept under the GST Act (s. 36, at least 72 months)');
  });

  it('gives fifty verifications at once fifty consecutive numbers, on two instances where the database allows', async () => {
    const { store } = site;
    const ids: number[] = [];
    for (let i = 0; i < 60; i++) {
      const id = await addClaim(store, {
        utr: String(500000000000 + i),
        contact: `payer${i}@example.com`,
        reference: 'CRK9ZZZZ12345678',
        amountPaise: 117882,
      });
      ids.push(id ?? 0);
    }
    // PostgreSQL: a second service instance on the same database; PGlite is one process's.
    const other = label === 'PostgreSQL' ? await openSite(async () => site.db, { again: true }) : site;
    const apps = [site, other];
    const before = (await store.db.query(invoicesSql)).length;
    const started = performance.now();
    const answers = await Promise.all(
      ids.slice(0, 50).map((id, i) => {
        const s = apps[i % 2] as Site;
        return s.app.request(`/api/payments/claims/${id}`, json('PATCH', { status: 'verified' }, s.cookie));
      }),
    );
    const ms = performance.now() - started;
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    // The statement import's path: ten more verified together, and two of the fifty again (no new number).
    const batch = await site.app.request(
      '/api/payments/claims/verify',
      json('POST', { ids: [...ids.slice(50), ids[0], ids[1]] }, site.cookie),
    );
    expect((await batch.json()).verified).toBe(10);
    const rows = await store.db.query<{ number: string; seq: number; claim_id: number }>(invoicesSql);
    const seqs = rows.map((r) => Number(r.seq));
    expect(seqs).toEqual(Array.from({ length: before + 60 }, (_, i) => i + 1));
    expect(new Set(rows.map((r) => Number(r.claim_id))).size).toBe(rows.length);
    expect(rows.every((r) => r.number.length <= 16 && /^[A-Z0-9/-]+$/.test(r.number))).toBe(true);
    console.log(
      `books.test (${label}): 50 verifications at once over ${new Set(apps).size} instance(s) in ${Math.round(ms)} ms, then 10 by statement: numbers ${rows[0]?.number} … ${rows.at(-1)?.number}, ${rows.length} invoices, no gap, no repeat`,
    );
    if (other !== site) await other.store.close();
  });

  it('issues a plain payment receipt, with no tax line, for a studio without a GSTIN', async () => {
    const { store } = site;
    const id = await addClaim(store, {
      utr: '888888888888',
      contact: 'meena@example.com',
      reference: 'MCK9ZZZZ12345678',
      amountPaise: 11682,
    });
    await store.db.write((tx) => tx.query("UPDATE payment_claims SET status = 'verified' WHERE id = $1", [id]));
    const unregistered: BooksConfig = { ...books, gstin: null, ratePercent: 0 };
    const [receipt] = await store.db.write((tx) => issueInvoices(tx, [id ?? 0], unregistered));
    expect(receipt).toMatchObject({ kind: 'receipt', cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: 11682 });
    const text = pdfText(await invoicePdf(receipt as Invoice, undefined));
    for (const line of ['Payment receipt', 'Receipt number:', 'One11 Studios LLP', 'Amount paid: ₹116.82'])
      expect(text).toContain(line);
    expect(text).not.toMatch(/GST|Taxable|SAC/);
    // The signatory's block, without an image until the studio puts its signature in its media folder.
    expect(text).toMatch(/For One11 Studios LLP\s+Authorised signatory/);
    expect(withPdf(await invoicePdf(receipt as Invoice, undefined), pdfImages)).toEqual([]);
    // With the studio's scanned signature (studio-media/brand/signature.png): drawn above the words.
    const media = mkdtempSync(path.join(os.tmpdir(), 'studio-media-'));
    mkdirSync(path.join(media, OWNER_MEDIA_DIR, 'brand'), { recursive: true });
    const png = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    writeFileSync(path.join(media, OWNER_MEDIA_DIR, 'brand/signature.png'), png);
    const signed = await invoicePdf(receipt as Invoice, await studioSignature(media));
    rmSync(media, { recursive: true, force: true });
    expect(pdfText(signed)).toMatch(/For One11 Studios LLP\s+Authorised signatory/);
    expect(withPdf(signed, pdfImages)).toEqual(['300x100 image']);
  });

  it("writes visitors' names into the accountant's zip as text no spreadsheet runs", async () => {
    const { app, cookie } = site;
    const session = await scheduleMasterclass(site);
    const payers = formulaNames.map((name, i) => ({
      name,
      email: `formula${i}@example.com`,
      phone: `98765432${String(i).padStart(2, '0')}`,
      utr: String(700000000000 + i),
    }));
    for (const p of payers) await signUpAndClaim(site, session.label, p);
    const claims = await claimsOf(site);
    for (const p of payers) {
      const claim = claims.find((c) => c.utr === p.utr);
      expect(
        (await app.request(`/api/payments/claims/${claim?.id}`, json('PATCH', { status: 'verified' }, cookie))).status,
      ).toBe(200);
    }
    const zip = await app.request(`/api/books/gstr1.zip?month=${today.slice(0, 7)}`, { headers: { Cookie: cookie } });
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual([
      'at.csv',
      'atadj.csv',
      'b2b.csv',
      'b2cl.csv',
      'b2cs.csv',
      'cdnr.csv',
      'cdnur.csv',
      'docs.csv',
      'hsn(b2b).csv',
      'hsn(b2c).csv',
      'invoice-register.csv',
    ]);
    for (const [name, bytes] of Object.entries(files))
      expect([name, formulaCells(strFromU8(bytes))]).toEqual([name, []]);
    const register = strFromU8(files['invoice-register.csv'] ?? new Uint8Array());
    for (const name of ["'@SUM(A:A)", "'+cmd|x", "'-x", "Ann;'=x"]) expect(register).toContain(name);
  });
});

describe.each(databaseKinds)("a month's books with refunds on %s", (label, make) => {
  let site: Site;
  let mail: Awaited<ReturnType<typeof mailFor>>;
  let clock: Date | undefined;

  beforeAll(async () => {
    site = await openSite(make, { now: () => clock ?? new Date() });
    mail = await mailFor(site, await freePort());
  });
  afterAll(() => closeSite(site, mail));

  const asha: Payer = {
    name: 'Asha Rao',
    email: 'asha@example.com',
    phone: '9876543210',
    utr: '111111111111',
    state: 'Maharashtra',
  };
  const ravi: Payer = {
    name: 'Ravi Kumar',
    email: 'ravi@example.com',
    phone: '9876543211',
    utr: '222222222222',
    state: 'Karnataka',
  };
  const chitra: Payer = { name: 'Chitra Iyer', email: 'chitra@example.com', phone: '9876543212', utr: '333333333333' };
  const post = (path: string, body: unknown, cookie = site.cookie) =>
    site.app.request(path, json('POST', body, cookie));
  const tokens = new Map<string, string>();
  const tokenOf = async (p: Payer) => {
    if (!tokens.has(p.utr)) {
      const claim = (await claimsOf(site)).find((c) => c.utr === p.utr);
      tokens.set(p.utr, await pageToken(site, claim?.registration?.id ?? 0));
    }
    return tokens.get(p.utr) ?? '';
  };
  /** A registrant's refund request from their page (their link's token in the header). */
  const askRefund = async (p: Payer, body: unknown) =>
    site.app.request('/api/books/registrant/refund', asRegistrant(await tokenOf(p), json('POST', body)));

  it('refunds by the terms with a credit note, declines with a reason, and exports the month as the return needs it', async () => {
    const session = await scheduleMasterclass(site);
    for (const p of [asha, ravi, chitra]) await signUpAndClaim(site, session.label, p);
    // A course fee paid in Tamil Nadu with no registration, and a masterclass payment of the wrong amount.
    const course = {
      utr: '444444444444',
      contact: 'dev@example.com',
      reference: 'CRK9ZZZZ12345678',
      amountPaise: 117882,
    };
    expect((await post('/api/payments/claims', { ...course, state: 'Tamil Nadu' })).status).toBe(201);
    const odd = { utr: '555555555555', contact: 'odd@example.com', reference: 'MCK9ZZZZ12345678', amountPaise: 10000 };
    expect((await post('/api/payments/claims', odd)).status).toBe(201);
    const claims = await claimsOf(site);
    const idOf = (utr: string) => claims.find((c) => c.utr === utr)?.id;
    // Three by the button, two by the statement import's confirmation.
    for (const p of [asha, ravi, chitra])
      expect(
        (
          await site.app.request(
            `/api/payments/claims/${idOf(p.utr)}`,
            json('PATCH', { status: 'verified' }, site.cookie),
          )
        ).status,
      ).toBe(200);
    expect(
      (await (await post('/api/payments/claims/verify', { ids: [idOf(course.utr), idOf(odd.utr)] })).json()).verified,
    ).toBe(2);
    await mail.deliver();
    for (const p of [asha, ravi, chitra]) await tokenOf(p);

    // Before the session: no refund (the seat can be moved or cancelled instead).
    const unsaid = await askRefund(ravi, { reason: 42 });
    expect([unsaid.status, (await unsaid.json()).message]).toEqual([
      400,
      expect.stringMatching(/^Tell us in a few words/),
    ]);
    const early = await askRefund(ravi, { reason: 'x' });
    expect(early.status).toBe(409);
    expect((await early.json()).message).toMatch(/after attending/);
    // During the window (the session's day), Ravi and Asha ask; asking twice is refused.
    clock = new Date('2031-06-06T11:00:00Z');
    site.cookie = await signIn(site.app, 'meera', password);
    const reason = 'The session did not cover mixing as promised.';
    expect((await askRefund(ravi, { reason })).status).toBe(201);
    expect((await askRefund(ravi, { reason })).status).toBe(409);
    expect((await askRefund(asha, { reason: 'Changed my mind.' })).status).toBe(201);
    expect((await askRefund(asha, {})).status).toBe(400);
    // After the terms' 24 hours from the end (12:30 IST + 24 h): closed.
    clock = new Date('2031-06-07T11:01:00Z');
    const late = await askRefund(chitra, { reason });
    expect(late.status).toBe(409);
    expect((await late.json()).message).toMatch(/within 24 hours of attending/);
    site.cookie = await signIn(site.app, 'meera', password);

    const { refunds } = await (
      await site.app.request('/api/books/refunds', { headers: { Cookie: site.cookie } })
    ).json();
    const refundOf = (name: string) => refunds.find((r: { recipientName: string }) => r.recipientName === name);
    expect(refunds.map((r: { status: string }) => r.status)).toEqual(['requested', 'requested']);
    // Asha's is declined with the reason; Ravi's refunded in part (₹50 of ₹116.82).
    const declined = await post(`/api/books/refunds/${refundOf('Asha Rao').id}/decline`, {
      reason: 'Financial or personal reasons are not grounds for a refund under the masterclass terms.',
    });
    expect(declined.status).toBe(200);
    expect(
      (await post(`/api/books/refunds/${refundOf('Asha Rao').id}/refund`, { utr: 'UTRREFUND0001', amountPaise: 100 }))
        .status,
    ).toBe(409);
    expect(
      (
        await post(`/api/books/refunds/${refundOf('Ravi Kumar').id}/refund`, {
          utr: 'UTRREFUND0002',
          amountPaise: 20000,
        })
      ).status,
    ).toBe(409);
    const refunded = await post(`/api/books/refunds/${refundOf('Ravi Kumar').id}/refund`, {
      utr: 'UTRREFUND0002',
      amountPaise: 5000,
    });
    expect(refunded.status).toBe(200);
    const { creditNote } = await refunded.json();
    expect(creditNote).toMatchObject({ number: `INVC/${fy}/00001`, totalPaise: 5000 });
    // Nothing is refunded twice.
    expect(
      (
        await post(`/api/books/refunds/${refundOf('Ravi Kumar').id}/refund`, {
          utr: 'UTRREFUND0003',
          amountPaise: 5000,
        })
      ).status,
    ).toBe(409);
    // A part refunded: Ravi keeps his seat; the registrants are told.
    const ravisSeat = await site.app.request('/api/registrant', asRegistrant(await tokenOf(ravi)));
    expect((await ravisSeat.json()).registration.status).not.toBe('cancelled');
    const mails = await mail.deliver();
    const toAsha = mailTo(mails, asha.email);
    expect(toAsha?.subject).toContain('your refund request');
    expect(toAsha?.text).toContain('Financial or personal reasons are not grounds for a refund');
    const toRavi = mailTo(mails, ravi.email);
    expect(toRavi?.subject).toContain(`refund made, credit note INVC/${fy}/00001`);
    expect(toRavi?.text).toContain('Your seat is kept');
    const note = pdfText(pdfOf(toRavi)?.content ?? new Uint8Array());
    for (const line of [
      'Credit note',
      `Credit note number: INVC/${fy}/00001`,
      `Date: ${today}`,
      `Against invoice INV/${fy}/00002 of ${today}`,
      'GSTIN: 27AAPFU0939F1ZV',
      'Ravi Kumar',
      'Place of supply: 29-Karnataka',
      'Reason: Refund (UTR UTRREFUND0002)',
      'Taxable value: ₹42.37',
      'IGST 18%: ₹7.63',
      'Total credited: ₹50.00',
      'In words: Fifty Rupees Only',
    ])
      expect(note).toContain(line);
    console.log(`books.test (${label}): the credit note as received:\n${note}`);
    // Ravi downloads the same credit note from his page, by his link's token; another registrant's
    // token (Asha's), a token of no one and no token at all get nothing.
    const ravis = await (await site.app.request('/api/books/registrant', asRegistrant(await tokenOf(ravi)))).json();
    expect(ravis.refunds[0]).toMatchObject({
      status: 'refunded',
      creditNote: `INVC/${fy}/00001`,
      creditNoteId: creditNote.id,
    });
    const notePath = `/api/books/registrant/credit-notes/${creditNote.id}/pdf`;
    const own = await site.app.request(notePath, asRegistrant(await tokenOf(ravi)));
    expect([own.status, own.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    expect(own.headers.get('content-disposition')).toContain('attachment');
    const downloaded = pdfText(new Uint8Array(await own.arrayBuffer()));
    expect(downloaded).toContain(`Credit note number: INVC/${fy}/00001`);
    expect(downloaded).toContain('Total credited: ₹50.00');
    for (const init of [asRegistrant(await tokenOf(asha)), asRegistrant('1.not-a-token'), {}]) {
      const refused = await site.app.request(notePath, init);
      expect([refused.status, (await refused.json()).message]).toEqual([404, 'This link is not valid.']);
    }
    expect(
      (await site.app.request('/api/books/registrant/credit-notes/999999/pdf', asRegistrant(await tokenOf(ravi))))
        .status,
    ).toBe(404);
    const registrantRefunds = await (
      await site.app.request('/api/books/registrant', asRegistrant(await tokenOf(asha)))
    ).json();
    expect(registrantRefunds.refunds[0]).toMatchObject({
      status: 'declined',
      declineReason: expect.stringMatching(/not grounds/),
    });
    // A decision stands: her page offers no second request, and asking again is refused with why.
    expect(registrantRefunds.refundClosed).toMatch(/^Your refund request was declined: Financial or personal/);
    expect(registrantRefunds.payment).toMatchObject({ receivedPaise: 11682, duePaise: 0 });
    const again = await askRefund(asha, { reason: 'Please look again.' });
    expect([again.status, (await again.json()).message]).toEqual([409, registrantRefunds.refundClosed]);

    // The month: four invoices and one credit note; the short payment (no registration, ₹100 of
    // ₹116.82) has no invoice, and is listed, not hidden.
    const month = today.slice(0, 7);
    const books = await (
      await site.app.request(`/api/books/month?month=${month}`, { headers: { Cookie: site.cookie } })
    ).json();
    expect(books.documents.map((d: { number: string }) => d.number)).toEqual([
      ...[1, 2, 3, 4].map((n) => `INV/${fy}/0000${n}`),
      `INVC/${fy}/00001`,
    ]);
    expect(books.differences).toEqual([
      { claimId: idOf(odd.utr), utr: odd.utr, paidPaise: 10000, invoicedPaise: 0, number: null },
    ]);
    // By hand: invoices 2 × ₹116.82 (₹99 + ₹17.82) masterclass in 27 (Asha, Chitra) … see below.
    //   27-Maharashtra 18%: Asha 99 + Chitra 99 = 198.00 taxable; CGST = SGST = 2 × 8.91 = 17.82
    //   29-Karnataka 18%: Ravi 99 − credit 42.37 = 56.63 taxable; IGST 17.82 − 7.63 = 10.19
    //   33-Tamil Nadu 18%: course 999 taxable; IGST 179.82
    //   Total value: 3 × 116.82 + 1,178.82 − 50.00 = 1,479.28; taxable 198 + 56.63 + 999 = 1,253.63; IGST 190.01
    expect(books.totals).toMatchObject({
      taxablePaise: 125363,
      cgstPaise: 1782,
      sgstPaise: 1782,
      igstPaise: 19001,
      totalPaise: 147928,
    });
    const zip = await site.app.request(`/api/books/gstr1.zip?month=${month}`, { headers: { Cookie: site.cookie } });
    expect(zip.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    const sheet = (name: string) =>
      strFromU8(files[name] ?? new Uint8Array())
        .trimEnd()
        .split('\r\n');
    expect(sheet('b2cs.csv')).toEqual([
      'Type,Place Of Supply,Rate,Applicable % of Tax Rate,Taxable Value,Cess Amount,E-Commerce GSTIN',
      'OE,27-Maharashtra,18,,198.00,0.00,',
      'OE,29-Karnataka,18,,56.63,0.00,',
      'OE,33-Tamil Nadu,18,,999.00,0.00,',
    ]);
    // Every registrant is a person: the B2B summary has its header alone.
    expect(sheet('hsn(b2b).csv')).toHaveLength(1);
    expect(sheet('hsn(b2c).csv')).toEqual([
      'HSN,Description,UQC,Total Quantity,Total Value,Rate,Taxable Value,Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount,Cess Amount',
      expect.stringMatching(/^999293,.*,NA,3,1479\.28,18,1253\.63,190\.01,17\.82,17\.82,0\.00$/),
    ]);
    expect(sheet('docs.csv')).toEqual([
      'Nature of Document,Sr. No. From,Sr. No. To,Total Number,Cancelled',
      `Invoices for outward supply,INV/${fy}/00001,INV/${fy}/00004,4,0`,
      `Credit Note,INVC/${fy}/00001,INVC/${fy}/00001,1,0`,
    ]);
    const register = sheet('invoice-register.csv');
    expect(register).toHaveLength(6);
    expect(register[5]).toBe(
      `Credit note,INVC/${fy}/00001,${today},INV/${fy}/00002 of ${today},Ravi Kumar,,29-Karnataka,999293,18,42.37,0.00,0.00,7.63,50.00`,
    );
    // The totals agree to the paisa with the PDFs: each document's PDF read back and added up.
    let pdfSum = 0;
    for (const d of books.documents as Array<{ kind: string; number: string }>) {
      const [row] = await site.store.db.query<{ id: number }>(
        `SELECT id FROM ${d.kind === 'invoice' ? 'invoices' : 'credit_notes'} WHERE number = $1`,
        [d.number],
      );
      const path = d.kind === 'invoice' ? 'invoices' : 'credit-notes';
      const res = await site.app.request(`/api/books/${path}/${row?.id}/pdf`, { headers: { Cookie: site.cookie } });
      const text = pdfText(new Uint8Array(await res.arrayBuffer()));
      const total = /Total(?: credited)?: ₹([\d,]+)\.(\d\d)/.exec(text);
      const paise = Number(total?.[1]?.replaceAll(',', '')) * 100 + Number(total?.[2]);
      pdfSum += d.kind === 'invoice' ? paise : -paise;
    }
    expect(pdfSum).toBe(147928);
    console.log(
      `books.test (${label}): ${month}: ${books.documents.length} documents; b2cs, hsn, docs:\n${sheet('b2cs.csv').join('\n')}\n${sheet('hsn(b2c).csv').join('\n')}\n${sheet('docs.csv').join('\n')}\nsum of the PDFs ${pdfSum} paise`,
    );
  });
});
