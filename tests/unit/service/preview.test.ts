/**
 * @jest-environment node
 *
 * A site in preview (SITE_LAUNCHED=no, as deploy/install.sh leaves a fresh install): a visitor's
 * form and payment claim are answered that the site is not open yet, with what they typed kept
 * (the page's script shows the message and keeps its fields; without JavaScript the page comes back
 * filled in), and nothing is stored; staff sign in and use the dashboard's routes as on a launched
 * site, which takes the same form.
 */
import type { Hono } from 'hono';
import { postPath } from '@/lib/forms/contract';
import { inboxForms } from '@/lib/forms/registry';
import type { SitePage } from '@/server/platform/form-refill';
import { notOpenMessage } from '@/server/platform/not-open';
import { TS, validQuery } from '../forms/fixtures';
import { json, serviceApp, staffSignedIn } from './service-app';
import { databaseKinds, openedStore } from './test-stores';

jest.setTimeout(120_000);

/** The built pages of the query form and the masterclass payment, each holding its form. */
const pages: Record<string, string> = {
  '/query': `<!doctype html><html><body><form action="${postPath('query')}" method="post"><input name="name"><input name="email"><textarea name="query"></textarea><div role="alert"></div><div role="status"></div><button type="submit">Send</button></form></body></html>`,
  '/payment': `<!doctype html><html><body><form action="/api/payments/claims" method="post"><input name="utr"><input name="contact"><input type="hidden" name="prefix" value="MC"><input type="hidden" name="amountPaise" value="11682"><div role="alert"></div><div role="status"></div><button type="submit">I have paid</button></form></body></html>`,
};
const sitePage: SitePage = async (pathname) => pages[pathname];

const claim = { utr: '123456789012', contact: 'asha@example.com', reference: 'MCABC12345', amountPaise: 11682 };
const query = inboxForms.query.toPayload(validQuery, TS);
const htmlForm = (fields: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

describe.each(databaseKinds)('a site in preview on %s', (_label, make) => {
  const testDb = openedStore(make);
  let preview: { app: Hono; cookie: string } | undefined;
  beforeAll(async () => {
    preview = await staffSignedIn(testDb.store, 'meher', 'a long staff password', {
      rateLimitPerMinute: 1000,
      sitePage,
      preview: true,
    });
  });
  const site = () => {
    if (!preview) throw new Error('the service is made in beforeAll');
    return preview;
  };

  it('answers a form that the site is not open yet, and stores nothing', async () => {
    const res = await site().app.request(postPath('query'), json('POST', query));
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: notOpenMessage });
    expect(await testDb.store.listInbox('query')).toEqual([]);
  });

  it('answers a payment claim the same, and stores nothing', async () => {
    const res = await site().app.request('/api/payments/claims', json('POST', claim));
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: notOpenMessage });
    const listed = await site().app.request('/api/payments/claims', { headers: { Cookie: site().cookie } });
    expect(listed.status).toBe(200);
    expect(await listed.json()).toEqual({ claims: [] });
  });

  it('without JavaScript, gives the form and the payment page back with the message and what was typed', async () => {
    const form = await site().app.request(
      postPath('query'),
      htmlForm({ name: 'Ravi Kumar', email: 'ravi@example.com', query: 'When does the next batch start?' }),
    );
    expect(form.status).toBe(503);
    const formPage = await form.text();
    expect(formPage).toContain(notOpenMessage);
    expect(formPage).toContain('value="Ravi Kumar"');
    expect(formPage).toContain('When does the next batch start?</textarea>');

    const payment = await site().app.request(
      '/api/payments/claims',
      htmlForm({ utr: '123456789012', contact: 'asha@example.com', prefix: 'MC', amountPaise: '11682' }),
    );
    expect(payment.status).toBe(503);
    const paymentPage = await payment.text();
    expect(paymentPage).toContain(notOpenMessage);
    expect(paymentPage).toContain('value="123456789012"');
    expect(await testDb.store.listInbox('query')).toEqual([]);
  });

  it('lets staff sign in and read the tables', async () => {
    const { app, cookie } = site();
    expect(cookie).toMatch(/=/);
    const me = await app.request('/api/auth/me', { headers: { Cookie: cookie } });
    expect(me.status).toBe(200);
    const table = await app.request(postPath('query'), { headers: { Cookie: cookie } });
    expect(table.status).toBe(200);
    expect(await table.json()).toEqual([]);
  });

  it('takes the same form once launched', async () => {
    const launched = serviceApp(testDb.store, { rateLimitPerMinute: 1000, sitePage });
    const res = await launched.request(postPath('query'), json('POST', query));
    expect(res.status).toBe(201);
    expect(await testDb.store.listInbox('query')).toHaveLength(1);
  });
});
