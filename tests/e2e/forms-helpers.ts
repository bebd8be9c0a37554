import { expect, type Page } from '@playwright/test';
import type { InboxFormName } from '../../lib/forms/types';

/** A text box of the page's form by its accessible name (the required mark is not part of it). */
export const field = (page: Page, name: string) => page.locator('form').getByRole('textbox', { name, exact: true });

/** A select of the page's form by its accessible name. */
export const select = (page: Page, name: string) => page.locator('form').getByRole('combobox', { name, exact: true });

/** How the intercepted inbox answers. */
export type InboxAnswer = 'saved' | 'server-error' | 'network-error';

/**
 * Intercepts the bundled inbox of one form (to choose its answer: tests/e2e/inbox.spec.ts covers the real one) and records every body
 * the page sends. The answer can be changed between submits.
 */
export async function interceptInbox(page: Page, form: InboxFormName, answer: InboxAnswer = 'saved') {
  const bodies: unknown[] = [];
  const headers: Array<Record<string, string>> = [];
  const state = { answer };
  await page.route(`**/api/forms/${form}`, async (route) => {
    const request = route.request();
    expect(request.method()).toBe('POST');
    bodies.push(request.postDataJSON());
    headers.push(request.headers());
    if (state.answer === 'network-error') return route.abort('internetdisconnected');
    if (state.answer === 'server-error')
      return route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"message":"Something went wrong"}',
      });
    return route.fulfill({ status: 201, contentType: 'application/json', body: '{"message":"Saved"}' });
  });
  return {
    bodies,
    headers,
    answerWith(next: InboxAnswer) {
      state.answer = next;
    },
  };
}

/**
 * Opens a form with a controllable clock, so the minimum fill time can pass without waiting:
 * call `fillTimePasses` before submitting.
 */
export async function openForm(page: Page, path: string) {
  await page.clock.install();
  await page.goto(path);
  // The form is interactive once hydrated: the engine then marks it ready.
  await page.waitForFunction(() => document.querySelector('form[data-ready]') !== null);
}

/** Moves the page's clock past the minimum fill time. */
export async function fillTimePasses(page: Page) {
  await page.clock.fastForward(4000);
}

/** Waits until the form's draft is in session storage. */
export async function draftSaved(page: Page, form: InboxFormName, text: string) {
  await page.clock.fastForward(1000);
  await page.waitForFunction(([key, needle]) => (sessionStorage.getItem(key) ?? '').includes(needle), [
    `draft:${form}`,
    text,
  ] as const);
}

/** The Timestamp of a payload: the local date and time as en-IN writes it. */
export const timestampPattern = /^\d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d{2}:\d{2}\s?(am|pm)$/i;

/** Splits a recorded body into its Timestamp and the rest. */
export function withoutTimestamp(body: unknown): { Timestamp: unknown; rest: Record<string, unknown> } {
  const { Timestamp, ...rest } = body as Record<string, unknown>;
  return { Timestamp, rest };
}
