import { expect, test } from './fixtures';

/**
 * The exported pages carry their CSS once, in <head> (scripts/postbuild.ts empties the copies in
 * the inline payload: lib/payload-css.ts). React adopts the head's stylesheet on hydration; a
 * client-side navigation reads the next page's `.txt` payload, which keeps its CSS.
 */
test('a page without CSS in its payload hydrates cleanly and keeps its styles, across client-side navigations', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error' || /hydrat|mismatch/i.test(msg.text())) problems.push(msg.text());
  });
  const html = await (await page.request.get('/about')).text();
  const payload = [...html.matchAll(/self\.__next_f\.push\((\[1,[\s\S]*?\])\)/g)]
    .map((m) => (JSON.parse(m[1] as string) as [number, string])[1])
    .join('');
  expect(payload).not.toContain(':root{');
  expect(payload).toMatch(/"precedence":"next","href":"[^"]+\.css","children":"\$[0-9a-f]+"/);

  const styled = () =>
    page.evaluate(() => ({
      stylesheets: document.querySelectorAll('style[data-precedence]').length,
      cssText: [...document.querySelectorAll('style[data-precedence]')].reduce(
        (n, s) => n + (s.textContent ?? '').length,
        0,
      ),
      background: getComputedStyle(document.body).backgroundColor,
      container:
        (document.querySelector('main .container') as Element).getBoundingClientRect().width < window.innerWidth - 20,
    }));
  await page.goto('/about');
  const before = await styled();
  expect(before.cssText).toBeGreaterThan(5000);
  expect(before.container).toBe(true);
  await page.waitForTimeout(500);
  expect(await styled()).toEqual(before);

  // To a page whose own CSS the first one did not have, and back.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Refund Policy' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Refund Policy');
  const after = await styled();
  expect(after.background).toBe(before.background);
  expect(after.container).toBe(before.container);
  await page.goBack();
  await expect(page).toHaveURL(/\/about$/);
  await expect.poll(async () => (await styled()).container).toBe(before.container);
  expect(problems).toEqual([]);
});
