/**
 * @jest-environment node
 */
import { fetchPublicSessions } from '@/lib/sessions/public';

// The service is stood in for by a counting fetch: what is checked is how many reads the page makes.
const session = {
  id: 1,
  kind: 'masterclass',
  title: '',
  label: 'Fri 8 Jan 2027, 2pm IST',
  startsAt: '2027-01-08T08:30:00.000Z',
  durationMinutes: 120,
  mode: 'online',
  location: '',
  seatsLeft: 3,
};
const calls: RequestInit[] = [];
const realFetch = global.fetch;
beforeEach(() => {
  calls.length = 0;
  global.fetch = (async (_url: string, init: RequestInit) => {
    calls.push(init);
    return new Response(JSON.stringify({ sessions: [session] }), { status: 200 });
  }) as typeof fetch;
});
afterAll(() => {
  global.fetch = realFetch;
});

describe('the public list of sessions', () => {
  it('is read once for everything on the page that asks at once (the strip and the picker)', async () => {
    const [a, b] = await Promise.all([fetchPublicSessions(), fetchPublicSessions()]);
    expect(calls).toHaveLength(1);
    expect(a).toEqual([session]);
    expect(b).toBe(a);
  });

  it('is read again once the last read has answered, and past the cache when asked fresh', async () => {
    await fetchPublicSessions();
    await fetchPublicSessions();
    await Promise.all([fetchPublicSessions(), fetchPublicSessions(true)]);
    expect(calls.map((c) => c.cache)).toEqual(['default', 'default', 'default', 'no-cache']);
  });

  it('is undefined where no service answers', async () => {
    global.fetch = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    expect(await fetchPublicSessions()).toBeUndefined();
  });
});
