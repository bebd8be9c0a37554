import { expect, test } from './fixtures';
import { diplomaCourseNames } from '../../content/course-names';
import { proAudioFormLink, talentShowLink } from '../../content/navigation';

test.describe('forms reachable by clicking', () => {
  test('the footer links the talent show and the pro audio form, and both open', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: talentShowLink.label }).click();
    await expect(page).toHaveURL(new RegExp(`${talentShowLink.href}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await footer.getByRole('link', { name: proAudioFormLink.label }).click();
    await expect(page).toHaveURL(new RegExp(`${proAudioFormLink.href}$`));
  });

  test('the recording service page links the pro audio form; the artist pages the talent show', async ({ page }) => {
    await page.goto('/pro-audio-recording');
    await expect(page.getByRole('main').getByRole('link', { name: proAudioFormLink.label })).toHaveAttribute(
      'href',
      proAudioFormLink.href,
    );
    for (const path of ['/artist-management', '/artist', '/record']) {
      await page.goto(path);
      await expect(page.getByRole('main').getByRole('link', { name: talentShowLink.label })).toHaveAttribute(
        'href',
        talentShowLink.href,
      );
    }
  });

  test('the footer links Legal Guidelines at its canonical address, without a full reload', async ({ page }) => {
    await page.goto('/privacy-policy');
    await page.evaluate(() => {
      (window as unknown as { marker: boolean }).marker = true;
    });
    await page.getByRole('contentinfo').getByRole('link', { name: 'Legal Guidelines' }).click();
    await expect(page).toHaveURL(/\/legal$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Legal Guidelines' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
  });
});

test.describe('refund texts', () => {
  for (const path of ['/refund-policy', '/masterClass-Terms']) {
    test(`${path} gives the e-mail as a mailto link with the subject Refund Request`, async ({ page }) => {
      await page.goto(path);
      const mail = page.getByRole('main').locator('a[href^="mailto:"]');
      expect(await mail.count()).toBeGreaterThan(0);
      for (const href of await mail.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))) {
        expect(new URL(href).searchParams.get('subject')).toBe('Refund Request');
      }
    });
  }
});

test('the diploma page offers the five diplomas of the diploma form, in its order', async ({ page }) => {
  await page.goto('/institute/diploma-courses');
  await expect(page.getByRole('article').getByRole('heading', { name: /^Diploma in / })).toHaveText([
    ...diplomaCourseNames,
  ]);
});
