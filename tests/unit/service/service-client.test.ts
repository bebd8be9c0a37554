/** @jest-environment node */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { hc } from 'hono/client';
import { attempt, failureText } from '@/lib/service-client';

/**
 * The browser's one way of calling the service without throwing, over a real socket: a small Hono
 * app stands in for the service's answers (a success, a refusal in the service's words, a proxy's
 * page, a static host's page where JSON was expected), and a closed port for a network failure.
 */
const app = new Hono()
  .get('/saved', (c) => c.json({ message: 'Saved.' }, 200))
  .get('/refused', (c) => c.json({ message: 'Too many checks from this address.' }, 429))
  .get('/proxy', (c) => c.html('<h1>502 Bad Gateway</h1>', 502))
  .get('/static', (c) => c.html('<!doctype html><p>A page, not the service</p>', 200));

const listening = async () => {
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return server;
};
let server: Awaited<ReturnType<typeof listening>>;
let client: ReturnType<typeof hc<typeof app>>;

beforeAll(async () => {
  server = await listening();
  client = hc<typeof app>(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(() => {
  server.close();
  (server as unknown as { closeAllConnections(): void }).closeAllConnections();
});

// A route whose type holds no 2xx answer gives `read` a never; a reader of any Response stands in.
describe("a call's outcome, never thrown", () => {
  it('holds the answer as read', async () => {
    expect(await attempt(client.saved.$get, (res) => res.json())).toEqual({ ok: true, value: { message: 'Saved.' } });
  });

  it("holds a refusal's status and the service's words, which the dashboard shows as they are", async () => {
    const refused = await attempt(client.refused.$get, (res: Response) => res.json());
    expect(refused).toEqual({ ok: false, status: 429, message: 'Too many checks from this address.' });
    expect(!refused.ok && failureText(refused)).toBe('Too many checks from this address.');
  });

  it('holds an error answer without the service\'s words as its status ("The service answered 502.")', async () => {
    const proxied = await attempt(client.proxy.$get, (res: Response) => res.text());
    expect(proxied).toEqual({ ok: false, status: 502, message: undefined });
    expect(!proxied.ok && failureText(proxied)).toBe('The service answered 502.');
  });

  it('holds an answer that cannot be read (a static host where the service should be) as a failure', async () => {
    const unread = await attempt(client.static.$get, (res: Response) => res.json());
    expect(unread).toEqual({ ok: false, status: 200, message: undefined });
    expect(!unread.ok && failureText(unread)).toBe(
      'The service could not be reached. Check your connection and try again.',
    );
  });

  it('holds a network failure as status 0', async () => {
    const closed = await listening();
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const away = await attempt(hc<typeof app>(`http://127.0.0.1:${port}`).saved.$get, (res) => res.json());
    expect(away).toEqual({ ok: false, status: 0, message: undefined });
    expect(!away.ok && failureText(away)).toBe(
      'The service could not be reached. Check your connection and try again.',
    );
  });
});
