import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { type Page, request } from '@playwright/test';
import { studioDefaults } from '../../content/studio';
import { expect, test } from './fixtures';
import { formCases } from './forms-cases';
import { field, fillTimePasses, openForm } from './forms-helpers';
import { e2ePort } from './staff';
import { scratchProject, type Started, startIn, writeDotEnv } from './scratch-project';

/**
 * The deployment shapes docs/deploying-and-operating.md describes, set up as the studio's owner would: a copy of the
 * project with a `.env`, `npm start` (which builds once, from those settings), the built `out/`
 * also published on a plain static host (`serve`, on another origin), and an external form
 * endpoint that answers without CORS. One build serves every test here:
 *
 * - settings: PORT, SITE_URL and the masterclass sessions set in `.env` reach the server, the
 *   sitemap, the social cards and the sign-up the service accepts;
 * - pages on a static host, the service on another origin (NEXT_PUBLIC_SERVICE_URL): forms,
 *   payment claims and, without JavaScript, form posts go to the service; CORS only for the site;
 *   staff are sent to the dashboard on the service's origin and sign in there;
 * - a static host with external form endpoints: an endpoint that is the bundled service works,
 *   and one whose answer the browser may not read is never reported as a success.
 */

const servicePort = e2ePort + 11;
const staticPort = e2ePort + 12;
const endpointPort = e2ePort + 13;
const service = `http://127.0.0.1:${servicePort}`;
const site = `http://localhost:${staticPort}`;
const owner = { name: 'owner-staff', password: 'owner-only-password-not-secret' } as const;
const slug = studioDefaults.slug;

// Serial, one worker: every test uses the one build; restarts of the server may take a while on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

let project: { dir: string; remove: () => void } | undefined;
const running: Started[] = [];
let endpoint: Server | undefined;
const endpointBodies: string[] = [];

test.beforeAll(async () => {
  test.setTimeout(15 * 60_000);
  // An endpoint that stores what it gets and answers without CORS headers, as a script web app
  // that does not allow other origins would.
  endpoint = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      if (req.method === 'POST') endpointBodies.push(body);
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"result":"success"}');
    });
  });
  await new Promise<void>((done) => endpoint?.listen(endpointPort, '127.0.0.1', done));

  project = scratchProject();
  writeDotEnv(project.dir, {
    PORT: String(servicePort),
    HOST: '127.0.0.1',
    SITE_URL: site,
    NEXT_PUBLIC_SERVICE_URL: service,
    NEXT_PUBLIC_MASTERCLASS_SESSIONS: '2030-01-11 14:00, 2030-01-18 14:00',
    FORM_ENDPOINT_DIPLOMA: `${service}/api/forms/diploma`,
    FORM_ENDPOINT_CERTIFICATION: `http://127.0.0.1:${endpointPort}/exec`,
    RATE_LIMIT_PER_MINUTE: '200',
  });
  execFileSync('npm', ['run', '--silent', 'staff', '--', 'add', owner.name], {
    cwd: project.dir,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', STAFF_PASSWORD: owner.password },
    stdio: 'pipe',
  });
  running.push(await startIn(project.dir, ['npm', 'start'], /Site ready at/, 14 * 60_000));
  running.push(
    await startIn(
      project.dir,
      [path.resolve('node_modules/.bin/serve'), '--no-clipboard', '-l', `tcp://127.0.0.1:${staticPort}`, 'out'],
      /Accepting connections|Serving!/,
      60_000,
    ),
  );
});

test.afterAll(async () => {
  for (const process of running.reverse()) await process.stop();
  await new Promise((done) => endpoint?.close(done));
  project?.remove();
});

/** The owner's requests to the service, signed in through the API. */
async function ownerApi() {
  const api = await request.newContext({ baseURL: service, extraHTTPHeaders: { Origin: service } });
  expect((await api.post('/api/auth/login', { data: owner })).status()).toBe(200);
  return api;
}

/** The staff's view of a form's rows on the service. */
async function storedRows(form: string): Promise<Record<string, unknown>[]> {
  const api = await ownerApi();
  const rows = await api.get(`/api/forms/${form}/rows`);
  const body = (await rows.json()) as { rows: { payload: Record<string, unknown> }[] };
  await api.dispose();
  return body.rows.map((row) => row.payload);
}

/** Opens a page of another origin than the suite's and waits until it has hydrated (fixtures.ts waits on its own origin only). */
async function openHydrated(page: Page, url: string) {
  await page.goto(url);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

async function signUpForMasterclass(page: Page, name: string) {
  await field(page, 'Name').fill(name);
  await field(page, 'Email').fill('owner.test@example.in');
  await field(page, 'Phone').fill('9876543210');
  await field(page, 'City').fill('Pune');
  await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
}

test.describe('settings in .env', () => {
  test('npm start reads .env: its port, and the public address in the sitemap, robots.txt and the social cards', async ({
    page,
  }) => {
    test.setTimeout(8 * 60_000);
    const started = running[0]?.output() ?? '';
    expect(started).toContain('Settings from .env');
    expect(started).toMatch(/building the site \(out\/ is missing\)/i);
    const sitemap = readFileSync(path.join(project?.dir ?? '', 'out/sitemap.xml'), 'utf8');
    expect(sitemap).toContain(`<loc>${site}/masterclass</loc>`);
    expect(sitemap).not.toContain('localhost:3000');
    const robots = await (await fetch(`${service}/robots.txt`)).text();
    expect(robots).toContain(`${site}/sitemap.xml`);
    await openHydrated(page, `${site}/masterclass`);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', `${site}/og/masterclass.png`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${site}/masterclass`);
    // A first start serves before it draws the social cards and compresses; they follow in the served folder.
    await expect
      .poll(() => running[0]?.output() ?? '', { timeout: 6 * 60_000, intervals: [1000] })
      .toMatch(/compressed copies and OG images made in/);
    const card = await fetch(`${site}/og/masterclass.png`);
    expect(card.headers.get('content-type')).toBe('image/png');
  });

  test('npm start again with only a server setting changed serves without building', async () => {
    await running.shift()?.stop();
    const again = await startIn(project?.dir ?? '', ['npm', 'start'], /Site ready at/, 120_000, {
      RATE_LIMIT_PER_MINUTE: '300',
    });
    running.unshift(again);
    expect(again.output()).not.toMatch(/building the site/i);
    // Serves the build already made: its pages, with the sessions of .env.
    const served = await fetch(`${service}/masterclass`);
    expect(served.status).toBe(200);
    expect(await served.text()).toContain('Fri 11 Jan 2030, 2pm IST');
  });

  test('the service takes the sessions from the build it serves, not from its own environment', async () => {
    // Served without building, with other sessions in the environment than the pages were built
    // with: the sign-ups below still carry (and must be accepted with) the build's session.
    await running.shift()?.stop();
    running.unshift(
      await startIn(project?.dir ?? '', ['npm', 'run', 'serve'], /Site ready at/, 120_000, {
        NEXT_PUBLIC_MASTERCLASS_SESSIONS: '2031-05-05 10:00',
      }),
    );
    expect(running[0]?.output()).not.toMatch(/building the site/i);
    const served = await (await fetch(`${service}/masterclass`)).text();
    expect(served).toContain('Fri 11 Jan 2030, 2pm IST');
    expect(served).not.toContain('May 2031');
  });
});

test.describe('pages on a static host, the service on another origin', () => {
  test('a masterclass sign-up on the static host is stored by the service with the session set in .env', async ({
    page,
  }) => {
    // The owner schedules the session of .env in the dashboard, with its seats: only a scheduled
    // session takes sign-ups (the settings' list is what the built pages show until then).
    const api = await ownerApi();
    const added = await api.post('/api/sessions/manage', {
      data: {
        kind: 'masterclass',
        startsAt: '2030-01-11 14:00',
        durationMinutes: 120,
        capacity: 20,
        meetingUrl: 'https://meet.example/abc-defg-hij',
      },
    });
    expect(added.status()).toBe(201);
    await api.dispose();
    await openForm(page, `${site}/masterclass`);
    await expect(page.getByText('Fri 11 Jan 2030, 2pm IST').first()).toBeVisible();
    await signUpForMasterclass(page, 'Owner Static');
    await fillTimePasses(page);
    await page.getByRole('button', { name: 'Confirm My Seat' }).click();
    await page.waitForURL(`${site}/payment`);
    const rows = await storedRows('masterclass');
    expect(rows).toContainEqual(
      expect.objectContaining({ name: 'Owner Static', schedule: 'Fri 11 Jan 2030, 2pm IST' }),
    );
  });

  test('a payment claim on the static host reaches the service', async ({ page }) => {
    await openHydrated(page, `${site}/payment`);
    await page.getByLabel('UPI transaction number (UTR)').fill('123456789012');
    await page.getByLabel('Phone or e-mail you registered with').fill('9876543210');
    await page.getByRole('button', { name: /Send|Submit/ }).click();
    await expect(page.getByText(/we have received your payment details/)).toBeVisible();
  });

  test('the service answers CORS for the site only', async () => {
    const preflight = (origin: string) =>
      fetch(`${service}/api/forms/query`, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type',
        },
      });
    expect((await preflight(site)).headers.get('access-control-allow-origin')).toBe(site);
    expect((await preflight('http://127.0.0.1:9')).headers.get('access-control-allow-origin')).toBeNull();
  });

  test('the certificate verification page on the static host asks the service for a serial', async ({ page }) => {
    const asked = page.waitForResponse((r) => r.url().startsWith(`${service}/api/certificates/`));
    await openHydrated(page, `${site}/verify-certificate?serial=CERT-2030-0123456789`);
    // The service (another origin) answered, and the page read its answer: no such serial.
    expect((await asked).status()).toBe(404);
    await expect(page.getByText('No certificate has this serial number.')).toBeVisible();
  });

  test('staff opening the dashboard on the static host sign in on the service and see the sign-up', async ({
    page,
  }) => {
    await page.goto(`${site}/dashboard-${slug}/forms/masterclass`, { waitUntil: 'commit' });
    await page.waitForURL(`${service}/dashboard-${slug}/forms/masterclass`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.getByLabel('Name').fill(owner.name);
    await page.getByLabel('Password').fill(owner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText(`Signed in as ${owner.name}`)).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Owner Static' })).toBeVisible();
  });

  test('without JavaScript, a form on the static host posts to the service and the visitor comes back to the site', async ({
    browser,
  }) => {
    // The service request form (a masterclass sign-up without JavaScript names a session the built
    // page lists, and this build, made before the owner scheduled one, lists none).
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const request = formCases.find((c) => c.form === 'service-request');
    if (!request) throw new Error('no service request case');
    await page.goto(`${site}${request.path}`);
    for (const [label, value] of request.early) await field(page, label).fill(value);
    await request.rest(page);
    await field(page, 'Name').fill('Owner Nojs');
    await page.getByRole('button', { name: request.button }).click();
    await page.waitForURL(`${site}/Services-Thanku`);
    await context.close();
    expect(await storedRows('service-request')).toContainEqual(expect.objectContaining({ Name: 'Owner Nojs' }));
  });
});

test.describe('a static host with external form endpoints', () => {
  test('an endpoint that is the bundled service stores the form, and the visitor is told so', async ({ page }) => {
    await openForm(page, `${site}/institute/diploma-course-form`);
    await field(page, 'Name').fill('Owner Endpoint');
    await field(page, 'Email').fill('endpoint@example.in');
    await field(page, 'Phone').fill('9876543210');
    await page.locator('form').getByRole('checkbox', { name: 'Diploma in Sound Designing', exact: true }).check();
    await page.locator('form').getByRole('radio', { name: 'Online', exact: true }).check();
    await fillTimePasses(page);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL(`${site}/institute/course-payment`);
    expect(await storedRows('diploma')).toContainEqual(expect.objectContaining({ Name: 'Owner Endpoint' }));
  });

  test('an endpoint whose answer the browser may not read is never reported as a success', async ({ page }) => {
    await openForm(page, `${site}/institute/Music-course-form`);
    await field(page, 'Full name').fill('Owner Opaque');
    await field(page, 'Email').fill('opaque@example.in');
    await page.locator('form').getByRole('checkbox', { name: 'Basic Music Production', exact: true }).check();
    await page.locator('form').getByRole('radio', { name: 'Online', exact: true }).check();
    await page.locator('form').getByRole('checkbox', { name: 'Ableton Live', exact: true }).check();
    await field(page, 'Your goals').fill('Release an EP');
    await field(page, 'How did you hear about us?').fill('A friend');
    await fillTimePasses(page);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.locator('form').getByRole('alert')).toHaveText(/\S/);
    expect(page.url()).toBe(`${site}/institute/Music-course-form`);
    await expect(field(page, 'Full name')).toHaveValue('Owner Opaque');
    // It did arrive (a simple request is sent before the browser looks at the answer's headers).
    expect(endpointBodies.some((body) => body.includes('Owner Opaque'))).toBe(true);
  });
});
