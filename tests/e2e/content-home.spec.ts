import { expect, test } from './fixtures';

test.describe('home page', () => {
  test('renders every section complete in the HTML, with its links', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(/loading/i)).toHaveCount(0);

    const promo = page.locator('section', {
      has: page.getByRole('heading', { name: 'Start producing in one evening' }),
    });
    await expect(promo.getByTestId('masterclass-price')).toHaveText('₹99');
    await expect(promo.getByRole('link', { name: 'Join us' })).toHaveAttribute('href', '/masterclass');

    const artists = page.locator('section', { has: page.getByRole('heading', { name: 'Latest Signed Artists' }) });
    await expect(artists.getByRole('listitem')).toHaveCount(3);
    await expect(artists.getByRole('link', { name: 'More Information' })).toHaveAttribute('href', '/about');

    // The editable section, from the WordPress snapshot.
    await expect(page.getByRole('heading', { name: 'Go pro with your sound' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Book a session' })).toHaveAttribute('href', '/request-form');
    const moments = page.locator('section', { has: page.getByRole('heading', { name: 'Moments from the studio' }) });
    await expect(moments.getByRole('img')).toHaveCount(3);
    const offsets = await moments
      .getByRole('listitem')
      .evaluateAll((items) => items.map((li) => (li as HTMLElement).style.marginTop));
    expect(offsets.every((o) => /^\d+px$/.test(o))).toBe(true);
    await expect(page.getByRole('heading', { name: 'Why artists choose us' })).toBeVisible();
    await expect(page.getByText('01', { exact: true })).toBeVisible();

    await expect(page.getByText('Rated by more than 50 reviewers on Google Maps.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Apply' })).toHaveAttribute('href', '/request-form');

    const connect = page.locator('section', { has: page.getByRole('heading', { name: "Let's Connect" }) });
    await expect(connect.getByRole('link', { name: /^E-mail / })).toHaveAttribute('href', /^mailto:/);
    await expect(connect.getByRole('link', { name: /^WhatsApp / })).toHaveAttribute(
      'href',
      /^https:\/\/wa\.me\/91\d{10}$/,
    );
    await expect(connect.getByRole('link', { name: /Instagram/ })).toBeVisible();
    await connect.getByRole('link', { name: 'All the ways to reach us' }).click();
    await expect(page).toHaveURL(/\/connect-with-us$/);
    await expect(page.getByRole('heading', { level: 1, name: "Let's Connect" })).toBeVisible();
  });

  test('every image has a width and a height, and the page carries the studio’s structured data', async ({ page }) => {
    await page.goto('/');
    const missing = await page
      .locator('img')
      .evaluateAll((imgs) => imgs.filter((i) => !i.getAttribute('width') || !i.getAttribute('height')).length);
    expect(missing).toBe(0);
    const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent();
    expect(JSON.parse(jsonLd ?? '{}')['@type']).toEqual(['EducationalOrganization', 'LocalBusiness']);
  });

  test('testimonials show one quote at a time, advance every 5 s and wrap', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    // Far enough ahead that a slow page load has not passed it already (pauseAt cannot go back).
    await page.clock.pauseAt(Date.now() + 60_000);
    const visible = page.locator('[data-testid="testimonial"]:not([hidden])');
    await expect(page.getByTestId('testimonial')).toHaveCount(3);
    await expect(visible).toHaveCount(1);

    // Start from the first quote with a fresh 5-second timer.
    await page.getByRole('button', { name: 'Pause testimonials' }).click();
    await page.getByRole('button', { name: 'Show testimonial 1 of 3' }).click();
    await page.getByRole('button', { name: 'Play testimonials' }).click();
    await expect(visible).toContainText('voice memo');

    await page.clock.runFor(4_900);
    await expect(visible).toContainText('voice memo');
    await page.clock.runFor(100);
    await expect(visible).toContainText('certification course');
    await page.clock.runFor(5_000);
    await expect(visible).toContainText('mastered our EP');
    await page.clock.runFor(5_000);
    await expect(visible).toContainText('voice memo');

    await page.getByRole('button', { name: 'Pause testimonials' }).click();
    await page.clock.runFor(15_000);
    await expect(visible).toContainText('voice memo');
  });
});

test.describe("Let's Connect", () => {
  test('lists the studio’s contacts and the two forms, also under /contact', async ({ page }) => {
    const response = await page.goto('/contact');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: "Let's Connect" })).toBeVisible();
    await expect(page.getByRole('link', { name: /@/ }).first()).toHaveAttribute('href', /^mailto:/);
    await expect(page.getByRole('link', { name: /on WhatsApp/ })).toHaveAttribute('href', /^https:\/\/wa\.me\//);
    await expect(page.getByRole('link', { name: 'Open in Google Maps' })).toHaveAttribute('href', /google\.com\/maps/);
    await expect(page.getByRole('link', { name: 'Submit Your Query' })).toHaveAttribute('href', '/query');
    await expect(page.getByRole('link', { name: 'Request a service' })).toHaveAttribute('href', '/request-form');
  });
});
