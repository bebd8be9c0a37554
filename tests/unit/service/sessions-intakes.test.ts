/** @jest-environment node */
import type { Hono } from 'hono';
import { inboxForms } from '@/lib/forms/registry';
import { createApp } from '@/server/app';
import { hashPassword } from '@/server/passwords';
import { sessionService } from '@/server/sessions';
import type { Store } from '@/server/store/store';
import { databaseKinds, type TestDatabase } from './test-stores';

jest.setTimeout(180_000);

const password = 'correct horse battery staple';
const json = (method: string, body: unknown, cookie = ''): RequestInit => ({
  method,
  headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
  body: JSON.stringify(body),
});

/** A diploma registration as the page sends it, with the optional intake. */
const diploma = (n: number, intake?: string) => ({
  Name: `Learner ${'abcdefghij'[n]}`,
  Email: `learner${n}@example.com`,
  Phone: `98765${String(n).padStart(5, '0')}`,
  Courses: 'Diploma in Music Production',
  Mode: 'Offline',
  Goals: '',
  Experience: 'Beginner',
  Timestamp: '2030-01-01T10:00:00+05:30',
  ...(intake === undefined ? {} : { Intake: intake }),
});

describe.each(databaseKinds)('course intakes on %s', (_label, make) => {
  let db: TestDatabase;
  let store: Store;
  let app: Hono;
  let cookie: string;

  beforeAll(async () => {
    db = await make();
    store = await db.open();
    await store.addStaff('meera', await hashPassword(password));
    const sessions = await sessionService({ store, siteUrl: 'https://studio.example' });
    app = createApp({
      service: { store, inboxForms, sessionTtlHours: 12, rateLimitPerMinute: 100_000, trustProxy: false, sessions },
    });
    const res = await app.request('/api/auth/login', json('POST', { name: 'meera', password }));
    cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  });
  afterAll(async () => {
    await store.close();
    await db.dispose();
  });

  const intake = async (title: string, capacity: number, mode = 'offline') => {
    const res = await app.request(
      '/api/sessions/manage',
      json(
        'POST',
        {
          kind: 'course',
          title,
          startsAt: '2031-02-01 10:00',
          durationMinutes: 180,
          capacity,
          mode,
          location: mode === 'offline' ? 'One11 Studios, Andheri West, Mumbai' : '',
        },
        cookie,
      ),
    );
    expect(res.status).toBe(201);
    return (await res.json()).session as { id: number; label: string };
  };
  const rosterOf = async (id: number) =>
    (await (await app.request(`/api/sessions/manage/${id}/roster`, { headers: { Cookie: cookie } })).json())
      .roster as Array<{ email: string; name: string }>;
  const stored = async () => (await store.listInbox('diploma')).length;
  const payloadOf = async (email: string) =>
    (await store.listInbox('diploma')).find((row) => row.payload.Email === email)?.payload;

  it('stores the chosen intake with the registration and gives it a seat', async () => {
    const session = await intake('Diploma in Music Production', 5);
    const res = await app.request('/api/forms/diploma', json('POST', diploma(1, String(session.id))));
    expect(res.status).toBe(201);
    expect(await payloadOf('learner1@example.com')).toMatchObject({ Intake: String(session.id), Name: 'Learner b' });
    expect(await rosterOf(session.id)).toEqual([
      expect.objectContaining({ email: 'learner1@example.com', name: 'Learner b' }),
    ]);
    const listed = (await (await app.request('/api/sessions')).json()).sessions;
    expect(listed.find((s: { id: number }) => s.id === session.id)).toMatchObject({ kind: 'course', seatsLeft: 4 });
  });

  it('takes a registration without an intake as before', async () => {
    const before = await stored();
    expect((await app.request('/api/forms/diploma', json('POST', diploma(2)))).status).toBe(201);
    expect((await app.request('/api/forms/diploma', json('POST', diploma(3, '')))).status).toBe(201);
    expect(await stored()).toBe(before + 2);
    expect(await payloadOf('learner2@example.com')).not.toHaveProperty('Intake');
    expect(await payloadOf('learner3@example.com')).not.toHaveProperty('Intake');
  });

  it("refuses an intake that is not the form's, not upcoming or not a number, and stores nothing", async () => {
    const certificationOnly = await intake('Basic Music Production', 5);
    const before = await stored();
    for (const wrong of [String(certificationOnly.id), '999999', 'abc', '1; DROP TABLE x']) {
      const res = await app.request('/api/forms/diploma', json('POST', diploma(4, wrong)));
      expect(res.status).toBe(400);
      expect((await res.json()).errors.Intake).toMatch(/cannot be chosen any more/);
    }
    expect(await stored()).toBe(before);
    // The certification form lists every course: the same intake is taken there.
    const res = await app.request(
      '/api/forms/certification',
      json('POST', {
        Timestamp: '2030-01-01T10:00:00+05:30',
        Name: 'Asha Rao',
        Email: 'asha@example.com',
        Phone: '',
        Courses: 'Basic Music Production',
        Mode: 'Online',
        DAW: 'Ableton Live',
        OtherDAW: '',
        Goals: 'Produce my first EP',
        Experience: 'Beginner',
        FinalNotes: '',
        HearAboutUs: 'Instagram',
        Intake: String(certificationOnly.id),
      }),
    );
    expect(res.status).toBe(201);
    expect(await rosterOf(certificationOnly.id)).toHaveLength(1);
  });

  it('refuses a full intake with a clear message and keeps nothing', async () => {
    const small = await intake('Diploma in Sound Designing', 1);
    expect((await app.request('/api/forms/diploma', json('POST', diploma(5, String(small.id))))).status).toBe(201);
    const before = await stored();
    const res = await app.request('/api/forms/diploma', json('POST', diploma(6, String(small.id))));
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body.message).toMatch(/^That intake is full\. An intake with seats is Diploma in Music Production/);
    expect(body.errors.Intake).toBe(body.message);
    expect(await stored()).toBe(before);
    expect(await rosterOf(small.id)).toHaveLength(1);
  });

  it('takes the intake from a form sent without JavaScript', async () => {
    const session = await intake('Diploma in Music Production & Music Business', 3);
    const form = new URLSearchParams({
      name: 'Learner h',
      email: 'learner7@example.com',
      phone: '9876500007',
      courses: 'Diploma in Music Production & Music Business',
      mode: 'Offline',
      experience: 'Beginner',
      Intake: String(session.id),
    });
    const res = await app.request('/api/forms/diploma', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/institute/course-payment');
    expect(await rosterOf(session.id)).toEqual([expect.objectContaining({ email: 'learner7@example.com' })]);
  });
});
