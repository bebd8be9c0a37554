import { expect, type Page } from '@playwright/test';
import type { InboxFormName } from '../../lib/forms/types';

/** A text box of the page's form by its accessible name (the required mark is not part of it). */
export const field = (page: Page, name: string) => page.locator('form').getByRole('textbox', { name, exact: true });

/** A select of the page's form by its accessible name. */
export const select = (page: Page, name: string) => page.locator('form').getByRole('combobox', { name, exact: true });

/** How the intercepted inbox answers. */
type InboxAnswer = 'saved' | 'server-error' | 'network-error';

/**
 * Intercepts the bundled inbox of one form (to choose its answer: tests/e2e/inbox.spec.ts covers the real one) and records every body
 * the page sends. The answer can be changed between submits.
 */
async function interceptInbox(page: Page, form: InboxFormName) {
  const bodies: unknown[] = [];
  const headers: Array<Record<string, string>> = [];
  const state: { answer: InboxAnswer } = { answer: 'saved' };
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

/** Waits until the form's draft holds `value`, reloads the page, and finds `value` again in the text box `name`. */
export async function draftKeeps(page: Page, form: InboxFormName, name: string, value: string): Promise<void> {
  await draftSaved(page, form, value);
  await page.reload();
  await expect(field(page, name)).toHaveValue(value);
}

/** The Timestamp of a payload: the local date and time as en-IN writes it. */
const timestampPattern = /^\d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d{2}:\d{2}\s?(am|pm)$/i;

/** Checks a recorded body: exactly the expected fields, plus a Timestamp as en-IN writes it. */
export function expectSent(body: unknown, expected: Record<string, unknown>): void {
  const { Timestamp, ...rest } = body as Record<string, unknown>;
  expect(rest).toEqual(expected);
  expect(Timestamp).toMatch(timestampPattern);
}

/** Fills the page's form: each text box or select, by its accessible name, in the order given. */
export async function fillIn(page: Page, values: Readonly<Record<string, string>>): Promise<void> {
  for (const [name, value] of Object.entries(values)) {
    const control = field(page, name).or(select(page, name));
    if (await control.evaluate((el) => el instanceof HTMLSelectElement)) await control.selectOption(value);
    else await control.fill(value);
  }
}

/** A form opened with its inbox intercepted, as openWithInbox answers it. */
export type Inbox = Awaited<ReturnType<typeof openWithInbox>>;

/**
 * Intercepts the form's inbox (see interceptInbox), opens its page (see openForm), and sends the
 * form with its button, the inbox answering as each step asks.
 */
export async function openWithInbox(page: Page, form: InboxFormName, path: string, button: string) {
  const inbox = await interceptInbox(page, form);
  await openForm(page, path);
  const submit = page.getByRole('button', { name: button });
  const send = async (answer: InboxAnswer) => {
    inbox.answerWith(answer);
    await submit.click();
  };
  return {
    bodies: inbox.bodies,
    headers: inbox.headers,
    submit,
    /**
     * Sends the incomplete form once the fill time has passed: each message shows, the first field
     * to fix (`focused`) takes the focus, and nothing is sent.
     */
    async sendIncomplete(focused: string, messages: readonly string[] = []): Promise<void> {
      await fillTimePasses(page);
      await send('saved');
      for (const message of messages) await expect(page.getByText(message, { exact: true })).toBeVisible();
      await expect(field(page, focused)).toBeFocused();
      expect(inbox.bodies).toHaveLength(0);
    },
    /** Sends the filled form with the inbox answering `answer`: the form shows `message` in its alert. */
    async sendRefused(answer: Exclude<InboxAnswer, 'saved'>, message: RegExp): Promise<void> {
      await send(answer);
      await expect(page.locator('form').getByRole('alert')).toHaveText(message);
    },
    /** Sends the filled form with the inbox saving it. */
    sendSaved: () => send('saved'),
  };
}
