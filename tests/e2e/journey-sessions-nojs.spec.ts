/**
 * Sessions and intakes reach visitors without JavaScript, set up as the studio runs it: a copy of
 * the project with a `.env` that turns rebuilds on, `npm start`, staff adding a masterclass
 * session and a diploma intake in the dashboard, and the rebuild that change queues. Then, with
 * JavaScript off: a visitor chooses the intake on the diploma form and the second session on the
 * masterclass page, a refused form keeps the choice, and a session cancelled while the visitor
 * typed is refused with why. On a slow phone, a choice made before the page's script ran is kept
 * and sent. With JavaScript on, the service's list (seats left) replaces the build's copy.
 */
import { execFileSync } from 'node:child_process';
import { type APIRequestContext, type Browser, type Page, request } from '@playwright/test';
import { indiaTimeOf } from '@/lib/sessions/session';
import { expect, holdScripts, test } from './fixtures';
import { waitFor } from './own-site';
import { scratchProject, type Started, startIn, writeDotEnv } from './scratch-project';
import { dashboardBase, e2ePort, signIn } from './staff';

const port = e2ePort + 24;
const base = `http://127.0.0.1:${port}`;
const owner = { name: 'owner-staff', password: 'owner-only-password-not-secret' } as const;
const location = 'One11 Studios, Andheri West, Mumbai';
const day = 24 * 3_600_000;
/** Starts some days ahead, on the hour in India, as staff would type them (YYYY-MM-DD HH:mm). */
const aheadBy = (days: number) => {
  const india = 330 * 60_000;
  const hour = 3_600_000;
  return indiaTimeOf(new Date(Math.ceil((Date.now() + days * day + india) / hour) * hour - india).toISOString());
};

test.describe.configure({ mode: 'serial', timeout: 12 * 60_000 });
test.use({ baseURL: base, actionTimeout: 30_000 });

let project: { dir: string; remove: () => void } | undefined;
let site: Started | undefined;
let staff: APIRequestContext | undefined;

test.beforeAll(async () => {
  test.setTimeout(15 * 60_000);
  project = scratchProject();
  writeDotEnv(project.dir, {
    PORT: String(port),
    HOST: '127.0.0.1',
    SITE_URL: base,
    REBUILD_SECRET: 'rebuild-secret-of-this-test-only',
    RATE_LIMIT_PER_MINUTE: '200',
  });
  execFileSync('npm', ['run', '--silent', 'staff', '--', 'add', owner.name], {
    cwd: project.dir,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', STAFF_PASSWORD: owner.password },
    stdio: 'pipe',
  });
  site = await startIn(project.dir, ['npm', 'start'], /Site ready at/, 14 * 60_000);
  staff = await request.newContext({ baseURL: base });
  expect((await staff.post('/api/auth/login', { data: owner, headers: { Origin: base } })).status()).toBe(200);
});

test.afterAll(async () => {
  await staff?.dispose();
  await site?.stop();
  project?.remove();
});

interface Listed {
  id: number;
  kind: string;
  title: string;
  label: string;
}

/** The staff member's signed-in requests to the service. */
function api(): APIRequestContext {
  if (!staff) throw new Error('staff are not signed in');
  return staff;
}

/** The service's sessions, as staff see them. */
async function scheduled(): Promise<Listed[]> {
  return ((await (await api().get('/api/sessions/manage')).json()) as { sessions: Listed[] }).sessions;
}

/** The built page as any visitor (or search engine) gets it: its HTML, no script run. */
const builtPage = async (path: string) => (await fetch(`${base}${path}`)).text();

/** Waits until the served pages satisfy `ready` (a rebuild has been swapped in). */
const rebuilt = (what: string, ready: (masterclass: string, diploma: string) => boolean) =>
  waitFor(
    what,
    async () =>
      ready(await builtPage('/masterclass'), await builtPage('/institute/diploma-course-form')) ? true : undefined,
    10 * 60_000,
  );

async function noScriptPage(browser: Browser, path: string): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: base });
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

/** Sends the page's form with its button (no script: the browser posts it) and answers the POST's status. */
async function post(page: Page, button: string): Promise<number> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST'),
    page.getByRole('button', { name: button }).click(),
  ]);
  await page.waitForLoadState('domcontentloaded');
  return response.status();
}

/** Fills in the diploma registration for the Diploma in Music Production, offline. */
async function fillDiploma(page: Page, name: string, email: string, phone: string) {
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Register' }) });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await form.getByRole('textbox', { name: 'Phone', exact: true }).fill(phone);
  await form.getByRole('checkbox', { name: 'Diploma in Music Production', exact: true }).check();
  await form.getByRole('radio', { name: 'Offline', exact: true }).check();
}

/** Fills in the masterclass sign-up and ticks its terms. */
async function fillMasterclass(page: Page, name: string, email: string) {
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('9876543210');
  await page.getByRole('textbox', { name: 'City', exact: true }).fill('Pune');
  await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
}

async function rosterEmails(label: string): Promise<string[]> {
  const session = (await scheduled()).find((s) => s.label === label);
  const res = await api().get(`/api/sessions/manage/${session?.id}/roster`);
  return ((await res.json()) as { roster: { email: string }[] }).roster.map((r) => r.email);
}

const first = aheadBy(9);
const second = aheadBy(16);
let labels: string[] = [];
let intakeLabel = '';

test('what staff schedule in the dashboard reaches the built pages by the rebuild it queues', async ({ page }) => {
  await page.goto(`${dashboardBase}/sessions`);
  await signIn(page, undefined, owner);
  const add = page.getByRole('form', { name: 'New session or intake' });
  const rows = page.getByRole('region', { name: 'Sessions and intakes' }).getByRole('row');
  for (const [i, start] of [first, second].entries()) {
    await add.getByLabel('Start (India time)').fill(start.replace(' ', 'T'));
    await add.getByLabel('Seats').fill('20');
    await add.getByRole('button', { name: 'Add' }).click();
    await expect(rows).toHaveCount(i + 2); // the header and each session added
  }
  await add.getByLabel('Kind').selectOption('course');
  await add.getByLabel('Course').fill('Diploma in Music Production');
  await add.getByLabel('Start (India time)').fill(aheadBy(30).replace(' ', 'T'));
  await add.getByLabel('Seats').fill('12');
  await add.getByLabel('Mode').selectOption('offline');
  await add.getByLabel('Location').fill(location);
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(rows).toHaveCount(4);
  await expect(page.getByText('Session added.')).toContainText('The site is being rebuilt with this change');

  const all = await scheduled();
  labels = all.filter((s) => s.kind === 'masterclass').map((s) => s.label);
  intakeLabel = all.find((s) => s.kind === 'course')?.label ?? '';
  expect(labels).toHaveLength(2);
  expect(intakeLabel).not.toBe('');
  await rebuilt(
    'the pages built with the new sessions',
    (masterclass, diploma) => labels.every((l) => masterclass.includes(l)) && diploma.includes(intakeLabel),
  );
  const builds = (await (await api().get('/api/builds')).json()) as { builds: { reason: string }[] };
  expect(builds.builds.map((b) => b.reason).join('\n')).toContain('Sessions and intakes changed by owner-staff');
  // The strip and the structured data name the next session; nothing private is in the page.
  const html = await builtPage('/masterclass');
  expect(html).toMatch(new RegExp(`data-testid="next-session">${labels[0]}`));
  expect(html).toContain('"@type":"Event"');
});

test('without JavaScript, a visitor chooses the intake on the diploma form, and a refused form keeps the choice', async ({
  browser,
}) => {
  const page = await noScriptPage(browser, '/institute/diploma-course-form');
  const choice = page.getByRole('group', { name: 'Choose your intake' });
  await expect(choice.getByRole('radio', { name: /^No intake yet/ })).toBeChecked();
  const intake = choice.getByRole('radio', {
    name: `Diploma in Music Production, starts ${intakeLabel}, at ${location}`,
    exact: true,
  });
  await intake.check();
  await fillDiploma(page, 'Nisha Verma', 'nisha@example.com', '12345');
  expect(await post(page, 'Register')).toBe(400);
  // The page comes back with everything typed and the intake still chosen.
  await expect(
    page.getByRole('radio', { name: new RegExp(`^Diploma in Music Production, starts ${intakeLabel}`) }),
  ).toBeChecked();
  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('9876543210');
  expect(await post(page, 'Register')).toBe(303);
  await expect(page).toHaveURL(/\/institute\/course-payment$/);
  expect(await rosterEmails(intakeLabel)).toEqual(['nisha@example.com']);
  await page.context().close();
});

test('on a slow phone, the session and the intake chosen before the page is interactive are kept and sent', async ({
  page,
}) => {
  /** Opens `path` with its scripts held, chooses `option` in `group`, then lets the page hydrate. */
  const chooseEarly = async (path: string, group: string, option: string) => {
    const release = await holdScripts(page);
    await page.goto(path, { waitUntil: 'commit' });
    const radio = page.getByRole('group', { name: group }).getByRole('radio', { name: new RegExp(`^${option}`) });
    await radio.check();
    expect(await page.locator('html[data-hydrated]').count()).toBe(0);
    release();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 60_000 });
    await expect(radio).toBeChecked();
    return Date.now();
  };
  const sent = async (button: string, post: string) => {
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith(post) && r.method() === 'POST'),
      page.getByRole('button', { name: button }).click(),
    ]);
    expect((await request.response())?.status()).toBe(201);
    return request.postDataJSON() as Record<string, unknown>;
  };

  const shown = await chooseEarly('/masterclass', 'Choose your session', labels[1] ?? '');
  await fillMasterclass(page, 'Tara Singh', 'tara@example.com');
  await page.waitForTimeout(Math.max(0, 3200 - (Date.now() - shown)));
  expect((await sent('Confirm My Seat', '/api/forms/masterclass')).schedule).toBe(labels[1]);

  const opened = await chooseEarly(
    '/institute/diploma-course-form',
    'Choose your intake',
    'Diploma in Music Production',
  );
  await fillDiploma(page, 'Tara Singh', 'tara@example.com', '9876543211');
  await page.waitForTimeout(Math.max(0, 3200 - (Date.now() - opened)));
  const intake = (await scheduled()).find((s) => s.kind === 'course');
  expect((await sent('Register', '/api/forms/diploma')).Intake).toBe(String(intake?.id));
});

test("when the service's list cannot be read, the page keeps the build's copy and the choice still goes", async ({
  page,
}) => {
  await page.route('**/api/sessions', (route) => route.abort('internetdisconnected'));
  await page.goto('/institute/diploma-course-form');
  const intake = page
    .getByRole('group', { name: 'Choose your intake' })
    .getByRole('radio', { name: `Diploma in Music Production, starts ${intakeLabel}, at ${location}`, exact: true });
  await intake.check();
  await fillDiploma(page, 'Kabir Das', 'kabir@example.com', '9876543212');
  await page.waitForTimeout(3200); // the form's minimum fill time, against bots
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith('/api/forms/diploma') && r.method() === 'POST'),
    page.getByRole('button', { name: 'Register' }).click(),
  ]);
  expect((await request.response())?.status()).toBe(201);
  expect(await rosterEmails(intakeLabel)).toContain('kabir@example.com');
});

test('without JavaScript, a visitor chooses the second masterclass session; one cancelled while they typed is refused, saying why', async ({
  browser,
}) => {
  const [next, later] = labels;
  const page = await noScriptPage(browser, '/masterclass');
  const choice = page.getByRole('group', { name: 'Choose your session' });
  await expect(choice.getByRole('radio', { name: next, exact: true })).toBeChecked();
  await choice.getByRole('radio', { name: later, exact: true }).check();
  await fillMasterclass(page, 'Ravi Kumar', 'ravi@example.com');
  expect(await post(page, 'Confirm My Seat')).toBe(303);
  await expect(page).toHaveURL(/\/payment$/);
  expect(await rosterEmails(later ?? '')).toContain('ravi@example.com');
  expect(await rosterEmails(next ?? '')).not.toContain('ravi@example.com');

  // Another visitor has the page open on the first session; staff cancel it meanwhile.
  const late = await noScriptPage(browser, '/masterclass');
  await fillMasterclass(late, 'Meena Iyer', 'meena@example.com');
  const cancelled = (await scheduled()).find((s) => s.label === next);
  expect(
    (await api().post(`/api/sessions/manage/${cancelled?.id}/cancel`, { headers: { Origin: base } })).status(),
  ).toBe(200);
  expect(await post(late, 'Confirm My Seat')).toBe(400);
  await expect(late.getByRole('group', { name: 'Choose your session' })).toContainText(
    'That session cannot be chosen any more',
  );
  await expect(late.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Meena Iyer');
  await late.context().close();

  // The cancellation's rebuild takes the session off the pages.
  await rebuilt('the pages built without the cancelled session', (masterclass) => !masterclass.includes(next ?? ''));
});

test("with JavaScript, the service's own list (seats left) replaces the build's copy", async ({ page }) => {
  await page.goto('/masterclass');
  const choice = page.getByRole('group', { name: 'Choose your session' });
  await expect(choice.getByRole('radio')).toHaveCount(1);
  await expect(choice.getByRole('radio', { name: `${labels[1]} · 18 seats left`, exact: true })).toBeChecked();
});
