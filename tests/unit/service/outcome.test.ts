/** @jest-environment node */
import { Hono } from 'hono';
import { answer, howOf, type Outcome, outcomeMessages } from '@/server/platform/outcome';
import type { SitePage } from '@/server/platform/form-refill';

/**
 * The one adapter of the public POSTs: each outcome answered as the JSON the site's script reads,
 * and as the page a form sent without JavaScript gets back (the form's built page, filled in), on a
 * real Hono app. The built page is a small one holding the form: the adapter's part, not the site's.
 */

const action = '/api/forms/query';
const formPage = `<!doctype html><html><body><main><form action="${action}" method="post" data-failure-class="bad" data-success-class="good"><input name="name" id="name"><textarea name="query" id="query"></textarea><div role="alert"></div><div role="status"></div><button type="submit">Send</button></form></main></body></html>`;
const sitePage: SitePage = async (pathname) => (pathname === '/query' ? formPage : undefined);

/** An app whose one route answers `outcome`, for JSON or for an HTML form alike. */
const appAnswering = (outcome: Outcome, pages: SitePage | undefined) =>
  new Hono().post(action, async (c) =>
    answer(c, outcome, await howOf(c, { sitePage: pages, page: '/query', values: 'sent' })),
  );

const asJson = (outcome: Outcome) =>
  appAnswering(outcome, sitePage).request(action, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Asha' }),
  });
const asForm = (outcome: Outcome, pages: SitePage | undefined = sitePage) =>
  appAnswering(outcome, pages).request(action, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Referer: 'http://localhost/query' },
    body: new URLSearchParams({ name: 'Asha <Rao>', query: 'When is the next batch?' }).toString(),
  });

const refused: Outcome = {
  kind: 'refused',
  status: 400,
  message: 'Some fields are missing or not valid.',
  errors: { query: 'Query should be at least 10 characters', '': 'The body holds a forbidden key.' },
};

describe('an outcome as JSON', () => {
  it.each<[string, Outcome, number, Record<string, unknown>]>([
    ['stored', { kind: 'stored', summary: 'Thanks!' }, 201, { message: 'Form submitted successfully!' }],
    [
      'stored, leading on',
      { kind: 'stored', summary: 'Thanks!', to: '/payment' },
      201,
      { message: 'Form submitted successfully!' },
    ],
    [
      'waiting',
      { kind: 'waiting', message: 'You are number 2.', place: 2 },
      202,
      { message: 'You are number 2.', place: 2 },
    ],
    [
      'received',
      { kind: 'received', status: 201, message: 'Received.', summary: 'Received. Ref MC-1.' },
      201,
      { message: 'Received.' },
    ],
    [
      'refused with errors',
      refused,
      400,
      { message: refused.kind === 'refused' && refused.message, errors: refused.kind === 'refused' && refused.errors },
    ],
    [
      'refused without errors',
      { kind: 'refused', status: 410, message: 'This link has expired.' },
      410,
      { message: 'This link has expired.' },
    ],
    [
      'full',
      { kind: 'full', message: 'That session is full.', field: 'schedule' },
      409,
      { message: 'That session is full.', errors: { schedule: 'That session is full.' } },
    ],
    ['too many', { kind: 'too-many', retryAfter: 42 }, 429, { message: outcomeMessages.tooMany }],
    ['too large', { kind: 'too-large' }, 413, { message: 'The submission is too large (at most 16 KB).' }],
  ])('%s', async (_name, outcome, status, body) => {
    const res = await asJson(outcome);
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual(body);
    expect(res.headers.get('retry-after')).toBe(outcome.kind === 'too-many' ? '42' : null);
  });
});

describe('an outcome as the page of a form sent without JavaScript', () => {
  it('stored: the page says so in its status region, the form emptied; or 303 to the page it leads to', async () => {
    const page = await asForm({ kind: 'stored', summary: 'Query submitted successfully!' });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<div role="status"><p class="good">Query submitted successfully!</p></div>');
    expect(html).not.toContain('Asha');
    const moved = await asForm({ kind: 'stored', summary: 'Thanks', to: 'https://pages.example/payment' });
    expect(moved.status).toBe(303);
    expect(moved.headers.get('location')).toBe('https://pages.example/payment');
  });

  it('waiting: the waitlist place told as done', async () => {
    const res = await asForm({ kind: 'waiting', message: 'You are number 2 on its waitlist.', place: 2 });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<p class="good">You are number 2 on its waitlist.</p>');
  });

  it('received: its summary, the form emptied or (kept) still holding what was typed', async () => {
    const emptied = await asForm({
      kind: 'received',
      status: 201,
      message: 'Received.',
      summary: 'Received. Ref MC-1.',
    });
    expect(emptied.status).toBe(201);
    const html = await emptied.text();
    expect(html).toContain('<p class="good">Received. Ref MC-1.</p>');
    expect(html).not.toContain('Asha');
    const kept = await asForm({ kind: 'received', status: 202, message: 'A link is on its way.', kept: true });
    expect(kept.status).toBe(202);
    const keptHtml = await kept.text();
    expect(keptHtml).toContain('<p class="good">A link is on its way.</p>');
    expect(keptHtml).toContain('value="Asha <Rao>"');
  });

  it('refused: filled in again, the summary as an alert, each message beside its field, the rest listed', async () => {
    const res = await asForm(refused);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('<div role="alert"><p class="bad">Some fields are missing or not valid.</p>');
    expect(html).toContain('<li>The body holds a forbidden key.</li>');
    expect(html).toContain('<p id="query-error">Query should be at least 10 characters</p>');
    expect(html).toContain('value="Asha <Rao>"');
    expect(html).toContain('When is the next batch?</textarea>');
  });

  it('full: filled in again, offering "Join the waitlist"', async () => {
    const res = await asForm({ kind: 'full', message: 'That session is full.', field: 'schedule' });
    expect(res.status).toBe(409);
    const html = await res.text();
    expect(html).toContain(`That session is full. ${outcomeMessages.orWait}`);
    expect(html).toContain(
      '<button type="submit" name="waitlist" value="true" class="btn btn-secondary">Join the waitlist</button>',
    );
    expect(html).toContain('value="Asha <Rao>"');
  });

  it('too many: 429 with Retry-After, filled in again', async () => {
    const res = await asForm({ kind: 'too-many', retryAfter: 42 });
    expect([res.status, res.headers.get('retry-after')]).toEqual([429, '42']);
    const html = await res.text();
    expect(html).toContain(outcomeMessages.tooMany);
    expect(html).toContain('value="Asha <Rao>"');
  });

  it('too large: 413 sending the visitor Back, where the browser kept what was typed', async () => {
    const res = await appAnswering({ kind: 'too-large' }, sitePage).request(action, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Referer: 'http://localhost/query' },
    });
    expect(res.status).toBe(413);
    expect(await res.text()).toContain(outcomeMessages.tooLargePage);
  });

  it('without the built pages: a small page of its own with the messages and a link back', async () => {
    const res = await appAnswering(refused, undefined).request(action, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Referer: 'http://localhost/query' },
      body: 'name=Asha',
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('<title>Some fields are missing or not valid.</title>');
    expect(html).toContain('<li>Query should be at least 10 characters</li>');
    expect(html).toContain('<a href="/query">Back to the form</a>');
  });
});
