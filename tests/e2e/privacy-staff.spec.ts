/**
 * Data requests reach staff, on a phone and by keyboard, on the real server (its own process,
 * embedded database and a real SMTP server on loopback): a visitor asks for erasure; the studio is
 * e-mailed; the dashboard's sidebar shows the open request and when it is due; "Erase and tell the
 * visitor" asks first, naming the person and what goes (Escape cancels, nothing erased), and erases
 * only when confirmed, all with the keyboard, the dialog inside a 375 px screen.
 */
import { axeViolations } from './axe';
import { expect, test } from './fixtures';
import { scheduleMasterclass } from './journey-helpers';
import { waitFor } from './own-site';
import { startPrivacySite, studioInbox } from './privacy-site';
import { dashboardBase, openSection, openSections, signIn } from './staff';

let privacy: Awaited<ReturnType<typeof startPrivacySite>>;
const asha = { name: 'Asha Verma', email: 'asha.verma@example.com', phone: '9876543210' };

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: undefined, viewport: { width: 375, height: 740 } });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  privacy = await startPrivacySite();
  const { post, mailsTo } = privacy;
  const signUp = { ...asha, city: 'Pune', level: 'Beginner', schedule: await scheduleMasterclass(privacy.site) };
  expect((await post('/api/forms/masterclass', signUp)).status).toBe(201);
  // The visitor asks for their link, opens it and asks for erasure.
  expect((await post('/api/your-data/link', { email: asha.email })).status).toBe(202);
  const mail = await waitFor('the link', () => mailsTo(asha.email).find((text) => text.includes('#link=')));
  const token = mail.match(/#link=([A-Za-z0-9_-]+)/)?.[1] ?? '';
  const { session } = await (await post('/api/your-data/open', { token })).json();
  const asked = await post('/api/your-data/requests', { kind: 'erasure' }, { Authorization: `Bearer ${session}` });
  expect(asked.status).toBe(201);
});

test.afterAll(() => privacy.stop());

test('staff hear of a data request, see it in the sidebar, and confirm an erasure by keyboard on a phone', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { site, mailsTo } = privacy;
  const told = await waitFor('the studio e-mail', () =>
    mailsTo(studioInbox).find((text) => text.includes('"Your data" page for erasure')),
  );
  expect(told).toContain(`${dashboardBase}/privacy-requests`);

  await signIn(page, `${site}${dashboardBase}/people`);
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  const requestsLink = nav.getByRole('link', { name: /Data requests/ });
  // By keyboard: on the phone the sections are folded under "Sections" while a view is open, and
  // say how many need looking at; opened, then to the requests, then the erase button.
  await expect(nav.getByText('Sections')).toContainText(/\d+ open or new/);
  await expect(requestsLink).toBeHidden();
  await openSections(page, { by: 'keyboard' });
  await expect(requestsLink).toContainText(/next due \d{1,2} [A-Z][a-z]{2}/);
  await expect(requestsLink).toContainText('1 open');
  await openSection(page, /Data requests/, { by: 'keyboard' });
  await expect(page.getByRole('heading', { name: 'Data requests', level: 1 })).toBeVisible();
  const request = page.getByRole('listitem', { name: /Request \d+/ }).filter({ hasText: 'erasure' });
  await expect(request).toContainText('open, due');
  const erase = request.getByRole('button', { name: 'Erase and tell the visitor…' });
  await erase.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Erase everything held about ${asha.name} (${asha.email})?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('1 form submission with their notes and history');
  await expect(dialog).toContainText('This cannot be undone.');
  // The safe choice has the focus; the dialog lies inside the phone's screen.
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  const box = await dialog.boundingBox();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 1000)).toBeLessThanOrEqual(375);
  expect(await axeViolations(page)).toEqual([]);

  // Escape cancels: nothing is erased.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(erase).toBeFocused();
  await expect(request).toContainText('open, due');

  // Confirmed with the keyboard: erased, answered, and the sidebar no longer counts it.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: `Erase ${asha.name} (${asha.email})` })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('status').filter({ hasText: 'Erased and answered. The visitor was told by e-mail.' }),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await openSections(page);
  await expect(requestsLink).toBeVisible();
  await expect(requestsLink).not.toContainText('open');
  await waitFor('the erasure e-mail', () => mailsTo(asha.email).find((text) => text.includes('we have erased')));
});
