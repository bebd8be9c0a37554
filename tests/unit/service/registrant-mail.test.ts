/** @jest-environment node */
import jsQR from 'jsqr';
import sharp from 'sharp';
import type { Hono } from 'hono';
import ICAL from 'ical.js';
import type { ParsedMail } from 'mailparser';
import type { Store } from '@/server/store/store';
import { closeRegistrantRig, openRegistrantRig, type RegistrantRig } from './smtp';
import { json, masterclassSession } from './service-app';
import { databaseKinds } from './test-stores';
import { suitePort } from '../../free-port';

jest.setTimeout(180_000);

const password = 'correct horse battery staple';
const smtpPort = suitePort();

/** The calendar of a mail's invitation, read with ical.js. */
function invitationOf(mail: ParsedMail) {
  const part = mail.attachments.find((a) => a.contentType.startsWith('text/calendar'));
  if (!part) throw new Error(`no invitation in "${mail.subject}"`);
  const cal = new ICAL.Component(ICAL.parse(part.content.toString('utf8')));
  const event = cal.getFirstSubcomponent('vevent');
  if (!event) throw new Error('no event');
  return {
    method: cal.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: Number(event.getFirstPropertyValue('sequence')),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
    location: String(event.getFirstPropertyValue('location')),
  };
}

describe.each(databaseKinds)("a registrant's messages on %s", (_label, make) => {
  let store: Store;
  let app: Hono;
  let cookie: string;
  let clock = new Date('2030-01-01T00:00:00Z');

  let rig: RegistrantRig;

  // The test works the outbox itself, at the times it sets.
  beforeAll(async () => {
    rig = await openRegistrantRig(make, { port: smtpPort(), password, now: () => clock });
    ({ store, app, cookie } = rig);
  });
  afterAll(() => closeRegistrantRig(rig));

  /** Works the outbox at `at` and waits for the SMTP server to have the mails sent. */
  const deliver = (at: string) => {
    clock = new Date(at);
    return rig.deliver();
  };
  const signUp = (email: string, schedule: string) =>
    app.request(
      '/api/forms/masterclass',
      json('POST', { name: 'Asha Rao', email, phone: '9876543210', city: 'Pune', level: 'Beginner', schedule }),
    );

  /** Sends a payment claim for a registration's contact and has staff verify it. */
  const claimAndVerify = async (contact: string, utr: string, reference: string, amountPaise: number) => {
    const claimed = await app.request('/api/payments/claims', json('POST', { utr, contact, reference, amountPaise }));
    expect(claimed.status).toBe(201);
    const { claims } = await (await app.request('/api/payments/claims', { headers: { Cookie: cookie } })).json();
    const claim = claims.find((c: { utr: string }) => c.utr === utr);
    expect(claim.registration).not.toBeNull();
    const verify = await app.request(`/api/payments/claims/${claim.id}`, json('PATCH', { status: 'verified' }, cookie));
    expect(verify.status).toBe(200);
  };
  /** Staff schedule a session or intake; resolves with it as the service gives it. */
  const createSession = async (body: Record<string, unknown>) => {
    const created = await app.request('/api/sessions/manage', json('POST', body, cookie));
    expect(created.status).toBe(201);
    return (await created.json()).session;
  };
  /** Staff schedule a course intake of ten places, offline at a place or online with a meeting link. */
  const createIntake = (
    title: string,
    startsAt: string,
    durationMinutes: number,
    where: { mode: 'offline'; location: string } | { mode: 'online'; meetingUrl: string },
  ) => createSession({ kind: 'course', title, startsAt, durationMinutes, capacity: 10, ...where });

  it('acknowledges, confirms with an invitation, reminds, and sends each change with the same UID', async () => {
    const session = await createSession(masterclassSession('2031-06-06 14:00'));
    expect((await signUp('asha@example.com', session.label)).status).toBe(201);
    const [ack] = await deliver('2030-01-01T00:00:00Z');
    expect(ack?.to && 'text' in ack.to ? ack.to.text : '').toBe('asha@example.com');
    expect(ack?.subject).toMatch(/masterclass registration received \(Registration #\d+\)/);
    expect(ack?.text).toContain('₹116.82');
    expect(ack?.text).toContain('https://studio.example/payment');
    expect(ack?.text).toMatch(/https:\/\/studio\.example\/my-registration#\d+\.[\w-]{27}/);
    expect(ack?.html).toContain('<h1');
    // Nothing the visitor typed is in the message.
    expect(ack?.text).not.toContain('Asha');

    // The visitor claims the payment and staff verify it.
    await claimAndVerify('asha@example.com', '123456789012', 'MCK9ZZZZ12345678', 11682);
    const [confirmation] = await deliver('2030-01-02T00:00:00Z');
    expect(confirmation?.subject).toContain('your masterclass seat is confirmed — Fri 6 Jun 2031, 2pm IST');
    expect(confirmation?.text).toMatch(/https:\/\/studio\.example\/my-registration#join-\d+\.[\w-]{27}/);
    expect(confirmation?.text).toContain('calendar.google.com/calendar/render?action=TEMPLATE');
    expect(confirmation?.text).not.toContain('meet.example');
    expect(confirmation?.text).toContain('Your registration (move or cancel): https://studio.example/my-registration#');
    const invite = invitationOf(confirmation as ParsedMail);
    expect(invite).toMatchObject({ method: 'REQUEST', sequence: 0, start: '2031-06-06T08:30:00.000Z' });

    // Staff move the session a week: the update carries the same UID and a higher SEQUENCE.
    const moved = await app.request(
      `/api/sessions/manage/${session.id}`,
      json('PATCH', masterclassSession('2031-06-13 14:00', 10, 'https://meet.example/y'), cookie),
    );
    expect(moved.status).toBe(200);
    const [update] = await deliver('2030-01-03T00:00:00Z');
    expect(invitationOf(update as ParsedMail)).toEqual({ ...invite, sequence: 1, start: '2031-06-13T08:30:00.000Z' });

    // The reminders follow the new time: nothing at the old one, one a day before, one an hour before.
    expect(await deliver('2031-06-05T08:31:00Z')).toHaveLength(0);
    const [dayBefore] = await deliver('2031-06-12T08:31:00Z');
    expect(dayBefore?.subject).toContain('masterclass tomorrow — Fri 13 Jun 2031, 2pm IST');
    expect(await deliver('2031-06-13T07:00:00Z')).toHaveLength(0);
    const [hourBefore] = await deliver('2031-06-13T07:31:00Z');
    expect(hourBefore?.subject).toContain('masterclass in an hour');

    // Cancelled: METHOD:CANCEL with the same UID.
    expect(
      (await app.request(`/api/sessions/manage/${session.id}/cancel`, { method: 'POST', headers: { Cookie: cookie } }))
        .status,
    ).toBe(200);
    const [cancel] = await deliver('2031-06-13T07:40:00Z');
    expect(invitationOf(cancel as ParsedMail)).toMatchObject({ method: 'CANCEL', uid: invite.uid, sequence: 2 });

    // Each message's delivery is in the outbox for staff to see.
    const roster = await (
      await app.request(`/api/sessions/manage/${session.id}/roster`, { headers: { Cookie: cookie } })
    ).json();
    expect(roster.roster[0]).toMatchObject({
      verified: true,
      lastMessage: { kind: 'cancel', error: '', sentAt: expect.any(String) },
    });
  });

  const location = 'One11 Studios, Andheri West, Mumbai';
  const courseRegistration = (email: string, intake?: number) =>
    app.request(
      '/api/forms/diploma',
      json('POST', {
        Name: 'Ravi Kumar',
        Email: email,
        Phone: '9876543211',
        Courses: 'Diploma in Music Production',
        Mode: 'Offline',
        Goals: '',
        Experience: '',
        Timestamp: '2030-01-01T10:00:00+05:30',
        ...(intake ? { Intake: String(intake) } : {}),
      }),
    );

  it("acknowledges a course registration and confirms its offline intake's location and schedule with an invitation", async () => {
    const intake = await createIntake('Diploma in Music Production', '2032-03-02 10:00', 180, {
      mode: 'offline',
      location,
    });
    expect((await courseRegistration('ravi@example.com', intake.id)).status).toBe(201);
    const [ack] = await deliver('2030-01-05T00:00:00Z');
    expect(ack?.subject).toMatch(/: course registration received \(Registration #\d+\)$/);
    expect(ack?.text).toContain('₹1,178.82');
    expect(ack?.text).toContain('https://studio.example/institute/course-payment');
    expect(ack?.text).toContain(`Intake: Diploma in Music Production, starts ${intake.label}, at ${location}`);
    expect(ack?.text).toContain("the intake's location and schedule");
    expect(ack?.text).not.toContain('Ravi');

    await claimAndVerify('ravi@example.com', '223456789012', 'CRK9ZZZZ12345678', 117882);
    const [confirmation] = await deliver('2030-01-06T00:00:00Z');
    expect(confirmation?.subject).toContain(`your place in Diploma in Music Production is confirmed — ${intake.label}`);
    expect(confirmation?.text).toContain(`Where: ${location}`);
    expect(confirmation?.text).toContain(`Come to ${location} at ${intake.label}.`);
    expect(confirmation?.text).not.toContain('#join-');
    // A course place is changed by writing to the studio: its page link offers no move or cancel.
    expect(confirmation?.text).toContain('Your registration: https://studio.example/my-registration#');
    expect(confirmation?.text).not.toContain('move or cancel');
    expect(invitationOf(confirmation as ParsedMail)).toMatchObject({
      method: 'REQUEST',
      sequence: 0,
      start: '2032-03-02T04:30:00.000Z',
      location,
    });
    // The door ticket: its code in the text, its QR code an inline image that decodes to a ticket token.
    const code = /Ticket code: ([2-9A-Z]{4}-[2-9A-Z]{4})/.exec(confirmation?.text ?? '')?.[1];
    expect(code).toBeDefined();
    const image = confirmation?.attachments.find((a) => a.cid === 'ticket@door');
    // Sent as <img src="cid:ticket@door">: the parser puts the image itself in its place.
    expect(image?.related).toBe(true);
    expect(confirmation?.html).toMatch(
      /<img src="data:image\/png;base64,[^"]+" alt="Ticket QR code, code [2-9A-Z-]{9}"/,
    );
    const { data, info } = await sharp(image?.content).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const read = jsQR(new Uint8ClampedArray(data), info.width, info.height);
    expect(read?.data).toMatch(/^T\d+\.\d+\.[\w-]{22}$/);
  });

  it("confirms an online intake with its join details and the join link as the invitation's location", async () => {
    const intake = await createIntake('Diploma in Sound Designing', '2032-04-05 18:00', 120, {
      mode: 'online',
      meetingUrl: 'https://meet.example/course',
    });
    expect((await courseRegistration('tara@example.com', intake.id)).status).toBe(201);
    const [ack] = await deliver('2030-01-09T00:00:00Z');
    expect(ack?.text).toContain(`Intake: Diploma in Sound Designing, starts ${intake.label}, online`);
    expect(ack?.text).toContain('your join details');
    await claimAndVerify('tara@example.com', '523456789012', 'CRK9ZZZZ12345680', 117882);
    const [confirmation] = await deliver('2030-01-10T00:00:00Z');
    expect(confirmation?.subject).toContain(`your place in Diploma in Sound Designing is confirmed — ${intake.label}`);
    const join = /https:\/\/studio\.example\/my-registration#join-\d+\.[\w-]{27}/.exec(confirmation?.text ?? '')?.[0];
    expect(join).toBeDefined();
    expect(confirmation?.text).not.toContain('meet.example');
    expect(invitationOf(confirmation as ParsedMail)).toMatchObject({
      method: 'REQUEST',
      start: '2032-04-05T12:30:00.000Z',
      location: join,
    });
  });

  it('tells a course registrant without an intake that their payment is verified', async () => {
    expect((await courseRegistration('nila@example.com')).status).toBe(201);
    const [ack] = await deliver('2030-01-07T00:00:00Z');
    expect(ack?.subject).toMatch(/course registration received/);
    expect(ack?.text).toContain('writes to you with the schedule of your course');
    await claimAndVerify('nila@example.com', '323456789012', 'CRK9ZZZZ12345679', 117882);
    const [paid] = await deliver('2030-01-08T00:00:00Z');
    expect(paid?.subject).toMatch(/: payment verified \(Registration #\d+\)$/);
    expect(paid?.text).toContain('₹1,178.82');
    // No invitation: the one attachment is the payment's invoice.
    expect(paid?.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
  });

  it('sends one address at most five messages a day; the rest wait for the next day', async () => {
    const at = '2030-02-01T00:00:00Z';
    const body = (startsAt: string) => ({ kind: 'masterclass', startsAt, durationMinutes: 120, capacity: 10 });
    const session = await createSession(body('2031-08-01 14:00'));
    expect((await signUp('busy@example.com', session.label)).status).toBe(201);
    await claimAndVerify('busy@example.com', '423456789012', 'MCK9ZZZZ12345670', 11682);
    expect(await deliver(at)).toHaveLength(2);
    // Staff move the session four times in a day: three more messages go, the fourth waits.
    for (const day of ['02', '03', '04', '05']) {
      const moved = await app.request(
        `/api/sessions/manage/${session.id}`,
        json('PATCH', body(`2031-08-${day} 14:00`), cookie),
      );
      expect(moved.status).toBe(200);
    }
    expect(await deliver(at)).toHaveLength(3);
    const waiting = await store.db.query<{ last_error: string }>(
      "SELECT last_error FROM outbox WHERE to_address = 'busy@example.com' AND sent_at IS NULL AND source = 'reg-update'",
    );
    expect(waiting).toEqual([{ last_error: 'waiting: the address has had its messages for today' }]);
    expect(await deliver('2030-02-01T23:59:00Z')).toHaveLength(0);
    const [late] = await deliver('2030-02-02T00:01:00Z');
    expect(invitationOf(late as ParsedMail)).toMatchObject({ sequence: 4, start: '2031-08-05T08:30:00.000Z' });
  });

  it('acknowledges at most three sign-ups a day to one address', async () => {
    const { label } = await createSession({
      kind: 'masterclass',
      startsAt: '2031-07-04 14:00',
      durationMinutes: 120,
      capacity: 10,
    });
    for (let i = 0; i < 5; i++) expect((await signUp('flood@example.com', label)).status).toBe(201);
    const mails = await deliver('2030-01-01T00:00:00Z');
    expect(mails.filter((m) => m.to && 'text' in m.to && m.to.text === 'flood@example.com')).toHaveLength(3);
  });
});
