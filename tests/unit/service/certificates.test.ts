/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import jsQR from 'jsqr';
import { verifyUrl } from '@/lib/certificates/certificates';
import { keyOfContact } from '@/lib/privacy/person';
import { booksConfig, priceOfSupply } from '@/lib/books/config';
import { getEnv } from '@/lib/env';
import type { PricedKind } from '@/lib/payments/payables';
import { getStudio } from '@/lib/studio';
import { issueInvoices } from '@/server/books/books-store';
import { sessionService } from '@/server/sessions/sessions';
import { newSerial } from '@/server/certificates/certificates-store';
import { type DumpRecord, dumpDatabase, restoreDatabase } from '@/server/store/dump';
import { erasePerson } from '@/server/privacy/erasure-store';
import { findPerson } from '@/server/privacy/people-store';
import { seatOfRegistration } from '@/server/sessions/seats-store';
import { mailTo, registrantMail } from './smtp';
import {
  certificationBody,
  closeSite,
  json,
  scheduleMasterclass,
  signIn,
  staffSignedIn,
  type StaffSite,
} from './service-app';
import { pdfText, withPdf } from './pdf';
import { databaseKinds, type TestDatabase } from './test-stores';
import { freePort } from '../../free-port';

jest.setTimeout(240_000);

const password = 'correct horse battery staple';
const siteUrl = 'https://studio.example';
/** The pages on a static host of another origin: the verification page there calls the service. */
const staticSite = 'https://static.example';

/** The QR code on the PDF's page, decoded by jsQR from the page as pdftoppm renders it (150 dpi, PPM). */
function pdfQr(bytes: Uint8Array): string | undefined {
  return withPdf(bytes, (file, dir) => {
    execFileSync('pdftoppm', ['-r', '150', '-singlefile', file, path.join(dir, 'page')]);
    const ppm = readFileSync(path.join(dir, 'page.ppm'));
    // P6 header: magic, width, height, maxval, each followed by one whitespace byte.
    const header = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(ppm.subarray(0, 50).toString('latin1'));
    if (!header) throw new Error('not a PPM');
    const [whole, w, h] = header;
    const width = Number(w);
    const height = Number(h);
    const rgb = ppm.subarray(whole.length);
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      rgba[i * 4] = rgb[i * 3] ?? 0;
      rgba[i * 4 + 1] = rgb[i * 3 + 1] ?? 0;
      rgba[i * 4 + 2] = rgb[i * 3 + 2] ?? 0;
      rgba[i * 4 + 3] = 255;
    }
    // Dark modules on a light ground, as printed: an inverted code would not count.
    return jsQR(rgba, width, height, { inversionAttempts: 'dontInvert' })?.data;
  });
}

type Site = StaffSite;

/** The service's clock: registrations are taken before a session, certificates issued after it. */
const clock = { at: new Date('2031-01-01T00:00:00Z') };

async function openSite(make: () => Promise<TestDatabase>): Promise<Site> {
  const db = await make();
  const store = await db.open();
  const now = () => clock.at;
  const sessions = await sessionService({ store, siteUrl, now });
  const options = { rateLimitPerMinute: 100_000, allowedOrigins: [staticSite], sessions, now };
  return { db, store, sessions, ...(await staffSignedIn(store, 'meera', password, options)) };
}

/** The studio's books as the service reads them (no books given): the prices a registration must receive. */
const books = booksConfig(getEnv(), getStudio());

/**
 * A verified payment for a registration, as staff verifying its claim leave it: `amountPaise` (the
 * whole price of its kind unless given), invoiced once what is verified covers the price.
 */
const paid = (
  site: Site,
  registrationId: number,
  utr: string,
  kind: PricedKind = 'masterclass',
  amountPaise?: number,
) =>
  site.store.db.write(async (tx) => {
    const [claim] = await tx.query<{ id: number }>(
      `INSERT INTO payment_claims (utr, contact, reference, amount_paise, page, kind, registration_form, registration_id, status)
       VALUES ($1, 'x@example.com', $3, $4, $5, $5, $6, $2, 'verified') RETURNING id`,
      [
        utr,
        registrationId,
        kind === 'course' ? 'CRK9ZZZZ12345678' : 'MCK9ZZZZ12345678',
        amountPaise ?? priceOfSupply(books, kind, null).totalPaise,
        kind,
        kind === 'course' ? 'certification' : 'masterclass',
      ],
    );
    await issueInvoices(tx, [Number(claim?.id)], books);
  });
/** Attendance at `at`, as the join link or the door's check-in records it. */
const attended = (site: Site, registrationId: number, column: 'joined_at' | 'checked_in_at', at: string) =>
  site.store.db.write((tx) =>
    tx.query(`UPDATE session_seats SET ${column} = $2 WHERE registration_id = $1`, [registrationId, at]),
  );

describe('a serial', () => {
  it('is the prefix, the year and ten characters of Crockford base32', () => {
    expect(newSerial(new Date('2026-11-26T00:00:00Z'), Buffer.from([0, 1, 31, 32, 255, 10, 11, 20, 21, 22]))).toBe(
      'CERT-2026-01Z0ZABMNP',
    );
    expect(newSerial(new Date())).toMatch(/^CERT-\d{4}-[0-9A-HJKMNP-TV-Z]{10}$/);
  });
});

describe.each(databaseKinds)('certificates on %s', (_label, make) => {
  let site: Site;
  let mail: Awaited<ReturnType<typeof registrantMail>>;
  const staff = (path: string, init: RequestInit = {}) =>
    site.app.request(path, { ...init, headers: { ...(init.headers as object), Cookie: site.cookie } });
  const issue = async (sessionId: number, body: unknown) => {
    const res = await site.app.request(
      `/api/sessions/manage/${sessionId}/certificates`,
      json('POST', body, site.cookie),
    );
    return { status: res.status, body: await res.json() };
  };
  /** Moves the service's clock to `at`, staff signed in again there (a sign-in lasts 12 hours). */
  const clockAt = async (at: string) => {
    clock.at = new Date(at);
    site.cookie = await signIn(site.app, 'meera', password);
  };
  const check = async (serial: string) => {
    const res = await site.app.request(`/api/certificates/${serial}`);
    return { status: res.status, body: await res.json() };
  };

  beforeAll(async () => {
    site = await openSite(make);
    // A port of its own for the SMTP server: suites run side by side.
    mail = await registrantMail(site.store, site.sessions, await freePort(), siteUrl);
  });
  afterAll(() => closeSite(site, mail));

  it('issues participation certificates to those who attended and paid, once the session ended; e-mails the PDF; anyone checks, staff revoke', async () => {
    const { app } = site;
    await clockAt('2031-01-01T00:00:00Z');
    const session = await scheduleMasterclass(site);
    const people = [
      { name: 'Asha Rao', email: 'asha@example.com' },
      { name: 'Ravi Kumar', email: 'ravi@example.com' },
      { name: 'Meena Iyer', email: 'meena@example.com' },
      { name: 'Kabir Das', email: 'kabir@example.com' },
      { name: 'Tara Sen', email: 'tara@example.com' },
    ];
    const ids: number[] = [];
    for (const [i, p] of people.entries()) {
      const form = { ...p, phone: `987654321${i}`, city: 'Pune', level: 'Beginner', schedule: session.label };
      const res = await app.request('/api/forms/masterclass', json('POST', form));
      expect(res.status).toBe(201);
      ids.push((await site.store.db.query<{ id: number }>('SELECT max(id) AS id FROM form_submissions'))[0]?.id ?? 0);
    }
    const [asha = 0, ravi = 0, meena = 0, kabir = 0, tara = 0] = ids;
    // The session: 6 June 2031, 2pm IST (08:30 UTC), two hours. Asha joined online, Ravi and Meena
    // were checked in at the door, each inside its time, and paid; Kabir neither attended nor paid;
    // Tara paid but was checked in six days before (as the door once allowed).
    await attended(site, asha, 'joined_at', '2031-06-06T08:35:00Z');
    await attended(site, ravi, 'checked_in_at', '2031-06-06T07:45:00Z');
    await attended(site, meena, 'checked_in_at', '2031-06-06T09:00:00Z');
    await attended(site, tara, 'checked_in_at', '2031-05-31T08:30:00Z');
    for (const [i, id] of [asha, ravi, meena, tara].entries()) await paid(site, id, `51234567890${i}`);
    await mail.deliver();

    // Bad requests are refused with a message.
    expect((await issue(session.id, {})).status).toBe(400);
    expect((await issue(session.id, { registrations: ['1; DROP TABLE x'] })).body.message).toMatch(/numbers/);
    expect((await issue(999_999, { attended: true })).status).toBe(404);
    expect(
      (await site.app.request(`/api/sessions/manage/${session.id}/certificates`, json('POST', { attended: true })))
        .status,
    ).toBe(401);

    // Before the session ends: nothing is issued, and each is reported.
    await clockAt('2031-06-06T09:00:00Z');
    const early = await issue(session.id, { attended: true });
    expect(early).toMatchObject({ status: 200, body: { issued: 0 } });
    expect(early.body.skipped).toEqual([
      { registrationId: asha, reason: 'not-ended' },
      { registrationId: ravi, reason: 'not-ended' },
      { registrationId: meena, reason: 'not-ended' },
      { registrationId: tara, reason: 'not-ended' },
    ]);
    expect(early.body.message).toContain('the session or intake has not ended yet');

    await clockAt('2031-06-06T12:00:00Z');
    const first = await issue(session.id, { attended: true });
    expect(first.status).toBe(200);
    expect(first.body.issued).toBe(3);
    const serials = (first.body.certificates as Array<{ registrationId: number; serial: string }>).map((c) => c.serial);
    expect(first.body.certificates.map((c: { holder: string }) => c.holder)).toEqual([
      'Asha Rao',
      'Ravi Kumar',
      'Meena Iyer',
    ]);
    // Tara's check-in was outside the session's time: skipped, and said.
    expect(first.body.skipped).toEqual([{ registrationId: tara, reason: 'not-attended' }]);
    expect(first.body.message).toContain(`skipped registration #${tara}: no attendance inside the session’s time`);
    // Issuing again gives the same certificates, and no second e-mail.
    const again = await issue(session.id, { attended: true });
    expect(again.body.issued).toBe(0);
    expect(again.body.certificates.map((c: { serial: string }) => c.serial)).toEqual(serials);
    // "Issue to selected": Kabir, who neither attended nor paid, is skipped; a registration of no seat here is named back.
    const selected = await issue(session.id, { registrations: [kabir, meena, 999_999] });
    expect(selected.body.issued).toBe(0);
    expect(selected.body.refused).toEqual([999_999]);
    expect(selected.body.skipped).toEqual([{ registrationId: kabir, reason: 'not-paid' }]);
    expect(selected.body.certificates.map((c: { holder: string }) => c.holder)).toEqual(['Meena Iyer']);
    const meenaSerial = selected.body.certificates[0].serial as string;
    // A certificate issued against the rules (as before they held) is never answered as valid.
    await site.store.db.write((tx) =>
      tx.query(
        `INSERT INTO certificates (serial, seat_id, registration_id, kind, studio_name, holder_name, course, starts_at, ends_at, issued_at, issued_by)
         SELECT 'CERT-2031-KABIR00000', s.id, s.registration_id, 'participation', 'Studio', 'Kabir Das', 'Masterclass',
           '2031-06-06T08:30:00Z', '2031-06-06T10:30:00Z', '2031-06-04T00:00:00Z', 'meera'
         FROM session_seats s WHERE s.registration_id = $1`,
        [kabir],
      ),
    );
    expect((await check('CERT-2031-KABIR00000')).body.status).toBe('not-valid');
    await site.store.db.write((tx) => tx.query("DELETE FROM certificates WHERE serial = 'CERT-2031-KABIR00000'"));

    const mails = await mail.deliver();
    expect(mails).toHaveLength(3);
    const ashaMail = mailTo(mails, 'asha@example.com');
    expect(ashaMail?.subject).toContain(`certificate of participation (${serials[0]})`);
    expect(ashaMail?.text).toContain(verifyUrl(siteUrl, serials[0] ?? ''));
    const pdf = ashaMail?.attachments.find((a) => a.contentType === 'application/pdf');
    expect(pdf?.filename).toBe(`certificate-${serials[0]}.pdf`);
    const text = pdfText(pdf?.content ?? new Uint8Array());
    for (const shown of [
      getStudio().name,
      'Certificate of participation',
      'Asha Rao',
      'Music Production Masterclass',
      '6 June 2031',
      `Serial number: ${serials[0]}`,
    ])
      expect(text).toContain(shown);
    expect(pdfQr(pdf?.content ?? new Uint8Array())).toBe(verifyUrl(siteUrl, serials[0] ?? ''));

    // The public answer: for whom and what, nothing else; typed in lower case it is found too.
    const valid = await check(serials[0]?.toLowerCase() ?? '');
    expect(valid).toEqual({
      status: 200,
      body: {
        serial: serials[0],
        status: 'valid',
        kind: 'participation',
        holder: 'Asha Rao',
        course: 'Music Production Masterclass',
        studio: getStudio().name,
        dates: '6 June 2031',
        issuedOn: expect.any(String),
        revokedOn: null,
      },
    });
    expect(JSON.stringify(valid.body)).not.toMatch(/asha@|9876/);
    const cross = await app.request(`/api/certificates/${serials[0]}`, { headers: { Origin: staticSite } });
    expect(cross.headers.get('access-control-allow-origin')).toBe(staticSite);
    expect((await check('CERT-2026-0000000000')).status).toBe(404);
    expect((await check('not-a-serial')).body.message).toMatch(/No certificate has this serial/);

    // The roster shows each seat's certificate.
    const roster = await (await staff(`/api/sessions/manage/${session.id}/roster`)).json();
    expect(roster.roster.map((r: { certificate: { status: string } | null }) => r.certificate?.status)).toEqual([
      'valid',
      'valid',
      'valid',
      undefined,
      undefined,
    ]);
    expect(roster.roster[1].checkedInAt).toEqual(expect.any(String));

    // Staff revoke with a reason; the answer says so; a revoked certificate is not e-mailed.
    const revoke = (serial: string, body: unknown) =>
      site.app.request(`/api/certificates/${serial}/revoke`, json('POST', body, site.cookie));
    expect((await revoke(meenaSerial, { reason: ' ' })).status).toBe(400);
    expect((await revoke(meenaSerial, { reason: 'Issued by mistake: she did not attend.' })).status).toBe(200);
    expect((await revoke(meenaSerial, { reason: 'again' })).status).toBe(409);
    expect((await revoke('CERT-2026-0000000000', { reason: 'x' })).status).toBe(404);
    const revoked = await check(meenaSerial);
    expect(revoked.body).toMatchObject({ status: 'revoked', holder: 'Meena Iyer', revokedOn: expect.any(String) });
    expect(JSON.stringify(revoked.body)).not.toContain('mistake');

    // The registrant's own page lists theirs and downloads the PDF with their link's token.
    const seat = await seatOfRegistration(site.store.db, ravi);
    const token = seat ? site.sessions.links.token('page', seat) : '';
    const own = await app.request('/api/registrant/certificates', { headers: { Authorization: `Bearer ${token}` } });
    expect((await own.json()).certificates).toEqual([
      {
        serial: serials[1],
        kind: 'participation',
        course: 'Music Production Masterclass',
        issuedOn: expect.any(String),
        status: 'valid',
      },
    ]);
    const download = await app.request(`/api/registrant/certificates/${serials[1]}/pdf`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(pdfText(new Uint8Array(await download.arrayBuffer()))).toContain('Ravi Kumar');
    // Another's certificate is not theirs to download; no token, no list.
    const others = await app.request(`/api/registrant/certificates/${serials[0]}/pdf`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(others.status).toBe(404);
    expect((await app.request('/api/registrant/certificates')).status).toBe(404);

    // The data export carries the certificate; erasure withdraws it: the serial then says only that.
    const key = keyOfContact('ravi@example.com');
    if (!key) throw new Error('no key');
    const before = await findPerson(site.store.db, key);
    expect(before.certificates).toEqual([expect.objectContaining({ serial: serials[1], holderName: 'Ravi Kumar' })]);
    const erased = await erasePerson(site.store, key, 'meera', 'asked by e-mail', new Date());
    expect(erased.counts.certificatesWithdrawn).toBe(1);
    expect((await check(serials[1] ?? '')).body).toEqual({ serial: serials[1], status: 'withdrawn' });
    const kept = await site.store.db.query<{ holder_name: string }>(
      'SELECT holder_name FROM certificates WHERE serial = $1',
      [serials[1]],
    );
    expect(kept).toEqual([{ holder_name: '' }]);
    expect((await staff(`/api/certificates/${serials[1]}/pdf`)).status).toBe(404);
    expect((await staff(`/api/certificates/${serials[0]}/pdf`)).headers.get('content-type')).toBe('application/pdf');

    // Backup and restore carry the certificates: dumped, restored over the database, still answered.
    const records: DumpRecord[] = [];
    const dumped = await dumpDatabase(site.store.db, async (r) => {
      records.push(r);
    });
    expect(dumped.certificates).toBe(3);
    async function* replay() {
      yield* records;
    }
    expect((await restoreDatabase(site.store.db, replay(), { replace: true })).certificates).toBe(3);
    expect((await check(serials[0] ?? '')).body.status).toBe('valid');
    expect((await check(meenaSerial)).body.status).toBe('revoked');
    expect((await check(serials[1] ?? '')).body.status).toBe('withdrawn');
  });

  it('issues a certificate of completion for a course intake, with its course and dates, once it ended', async () => {
    await clockAt('2031-01-01T00:00:00Z');
    const created = await site.app.request(
      '/api/sessions/manage',
      json(
        'POST',
        {
          kind: 'course',
          title: 'Basic Music Production',
          startsAt: '2031-07-01 10:00',
          durationMinutes: 180,
          capacity: 5,
          mode: 'offline',
          location: 'The studio, Pune',
        },
        site.cookie,
      ),
    );
    const intake = (await created.json()).session as { id: number };
    const res = await site.app.request(
      '/api/forms/certification',
      json('POST', certificationBody(intake.id, { Name: 'Kiran Shah', Email: 'kiran@example.com' })),
    );
    expect(await res.json()).toEqual({ message: 'Form submitted successfully!' });
    // No one has attended yet: nothing issued, and staff are told.
    expect((await issue(intake.id, { attended: true })).body).toMatchObject({
      issued: 0,
      message: 'No one has attended yet.',
    });
    // Checked in on its first day (1 July 2031, 10am IST = 04:30 UTC), paid; issued once the intake ended.
    const [seat] = await site.store.db.query<{ registration_id: number }>(
      'SELECT registration_id FROM session_seats WHERE session_id = $1',
      [intake.id],
    );
    const kiran = Number(seat?.registration_id);
    await attended(site, kiran, 'checked_in_at', '2031-07-01T04:40:00Z');
    // A masterclass's price sent for the course: verified, but the course's price is not received.
    await paid(site, kiran, '512345678999', 'course', 11_682);
    await clockAt('2031-07-01T06:00:00Z');
    expect((await issue(intake.id, { attended: true })).body.skipped).toEqual([
      { registrationId: kiran, reason: 'not-ended' },
    ]);
    await clockAt('2031-07-01T08:00:00Z');
    expect((await issue(intake.id, { attended: true })).body.skipped).toEqual([
      { registrationId: kiran, reason: 'not-paid' },
    ]);
    await paid(site, kiran, '512345678998', 'course', priceOfSupply(books, 'course', null).totalPaise - 11_682);
    const issued = await issue(intake.id, { attended: true });
    expect(issued.body.certificates[0]).toMatchObject({
      kind: 'completion',
      holder: 'Kiran Shah',
      course: 'Basic Music Production',
      dates: '1 July 2031',
    });
    const [mailed] = await mail.deliver();
    const text = pdfText(mailed?.attachments[0]?.content ?? new Uint8Array());
    expect(text).toContain('Certificate of completion');
    expect(text).toContain('has completed the course');
  });
});
