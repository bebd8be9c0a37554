import { expect, test } from './fixtures';

test.describe('institute course pages', () => {
  test('certification levels: real answers, questions open and close independently, Enroll Now', async ({ page }) => {
    await page.goto('/institute/certification-courses');
    await expect(page.getByRole('heading', { level: 1, name: 'Professional Certification Courses' })).toBeVisible();
    for (const level of ['Basic', 'Intermediate', 'Advance', 'Pro']) {
      await expect(page.getByRole('heading', { level: 2, name: level, exact: true })).toBeVisible();
    }
    const basic = page.locator('article', { has: page.getByRole('heading', { name: 'Basic', exact: true }) });
    await expect(basic.locator('details')).toHaveCount(4);
    const duration = basic.locator('details').nth(0);
    const hours = basic.locator('details').nth(1);
    const answerDuration = duration.getByText(/8-12 weeks/);
    const answerHours = hours.getByText(/2-3 hours/);
    await expect(answerDuration).toBeHidden();

    await duration.locator('summary').click();
    await expect(answerDuration).toBeVisible();
    await hours.locator('summary').click();
    await expect(answerHours).toBeVisible();
    await expect(answerDuration).toBeVisible();
    await duration.locator('summary').click();
    await expect(answerDuration).toBeHidden();
    await expect(answerHours).toBeVisible();

    await basic.locator('details').nth(2).locator('summary').click();
    await expect(
      basic
        .locator('details')
        .nth(2)
        .getByText(/live online/),
    ).toBeVisible();
    await basic.locator('details').nth(3).locator('summary').click();
    await expect(
      basic
        .locator('details')
        .nth(3)
        .getByText(/certificate from the institute/),
    ).toBeVisible();

    const enroll = page.getByRole('link', { name: 'Enroll Now' });
    await expect(enroll).toHaveCount(4);
    await expect(enroll.first()).toHaveAttribute(
      'href',
      '/institute/Music-course-form?course=Basic%20Music%20Production',
    );
    expect(await page.locator('script[type="application/ld+json"]').textContent()).toContain('"priceCurrency":"INR"');
  });

  test('diplomas: five, each with four questions, Enroll Now to the diploma form', async ({ page }) => {
    await page.goto('/institute/diploma-courses');
    await expect(page.getByRole('heading', { level: 1, name: 'Professional Diploma Courses' })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(5);
    for (const article of await page.getByRole('article').all())
      await expect(article.locator('details')).toHaveCount(4);
    await expect(page.getByRole('link', { name: 'Enroll Now' }).first()).toHaveAttribute(
      'href',
      '/institute/diploma-course-form?course=Diploma%20in%20Music%20Production',
    );
  });

  test('instrument courses: guitar, drums and piano, each Coming Soon', async ({ page }) => {
    await page.goto('/institute/instrument-certificate');
    for (const name of ['Guitar', 'Drums', 'Piano'])
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    const soon = page.getByRole('link', { name: 'Coming Soon' });
    await expect(soon).toHaveCount(3);
    await expect(soon.first()).toHaveAttribute('href', '/upcoming');
  });
});
