import type { Page } from '@playwright/test';

/**
 * Each visitor form as a person fills it in, for the tests that run every form the same way (the
 * early-typing test under the slow-phone profile, the no-JavaScript tests): its page, where it
 * posts, its button, the text fields a visitor types first, and the rest of a complete entry.
 */
export interface FormCase {
  /** The form's name (lib/forms/registry), also the dashboard table. */
  readonly form: string;
  readonly path: string;
  /** The path the form posts to. */
  readonly post: string;
  readonly button: string;
  /** Text boxes typed first: [label, value, payload key]. */
  readonly early: ReadonlyArray<readonly [label: string, value: string, key: string]>;
  /** Completes the entry (after the early fields), with labels only: works with or without JavaScript. */
  readonly rest: (page: Page) => Promise<void>;
  /**
   * A text box, a value the service refuses with its message (the browser's own checks let it
   * through), and a value it takes.
   */
  readonly refused: readonly [label: string, value: string, message: string, valid: string];
  /**
   * A text box typed wrong before hydration and the message that must show once the page is
   * interactive, as typing after shows it (a form whose errors show while typing); `rest` types it right.
   */
  readonly typedWrong?: readonly [label: string, value: string, message: string];
  /** Where a successful send without JavaScript leads, and what that page says. */
  readonly success: readonly [path: RegExp, text: string];
}

const text = (page: Page, name: string) => page.locator('form').getByRole('textbox', { name, exact: true });
const pick = (page: Page, name: string, option: string) =>
  page.locator('form').getByRole('combobox', { name, exact: true }).selectOption(option);
const tick = (page: Page, name: string) => page.locator('form').getByRole('checkbox', { name, exact: true }).check();
const choose = (page: Page, name: string) => page.locator('form').getByRole('radio', { name, exact: true }).check();

async function typeInto(page: Page, label: string, value: string): Promise<void> {
  await text(page, label).fill(value);
}

export const formCases: readonly FormCase[] = [
  {
    form: 'talent-show',
    path: '/one11Register',
    post: '/api/forms/talent-show',
    button: 'Register',
    early: [
      ['Full name', 'Asha Rao', 'FullName'],
      ['Email', 'asha.early@example.com', 'Email'],
    ],
    rest: async (page) => {
      await typeInto(page, 'Stage name', 'Asha');
      await typeInto(page, 'Contact number', '+91 9876543210');
      await pick(page, 'Category', 'Battle of Rappers');
      await pick(page, 'Performance type', 'Duo');
      await typeInto(page, 'Demo link', 'https://drive.google.com/demo');
      await typeInto(page, 'Photo or logo link', 'https://drive.google.com/photo');
      await typeInto(page, 'Bio', 'Rapper from Pune.');
      await typeInto(page, 'Signature (type your full name)', 'Asha Rao');
    },
    refused: ['Contact number', '+91', 'Required', '+91 9876543210'],
    success: [/\/submission-successfully\/talent-show$/, 'Your talent show registration has been received.'],
  },
  {
    form: 'masterclass',
    path: '/masterclass',
    post: '/api/forms/masterclass',
    button: 'Confirm My Seat',
    early: [
      ['Name', 'Asha Rao', 'name'],
      ['Email', 'asha.early@example.com', 'email'],
    ],
    rest: async (page) => {
      await typeInto(page, 'Phone', '9876543210');
      await typeInto(page, 'City', 'Pune');
      await page
        .locator('form')
        .getByRole('checkbox', { name: /I have read and agree/ })
        .check();
    },
    refused: ['Phone', '12345', 'Enter a valid 10-digit phone number', '9876543210'],
    success: [/\/payment$/, 'Payment Procedure'],
  },
  {
    form: 'query',
    path: '/query',
    post: '/api/forms/query',
    button: 'Send Query',
    early: [
      ['Name', 'Asha Rao', 'Name'],
      ['Email', 'asha.early@example.com', 'Email'],
    ],
    rest: async (page) => {
      await typeInto(page, 'Your query', 'When does the next batch start?');
    },
    refused: ['Your query', 'Too short', 'Query should be at least 10 characters', 'When does the next batch start?'],
    success: [/\/api\/forms\/query$/, 'Query submitted successfully!'],
  },
  {
    form: 'service-request',
    path: '/request-form',
    post: '/api/forms/service-request',
    button: 'Submit Request',
    early: [
      ['Name', 'Asha Rao', 'Name'],
      ['Email', 'asha.early@example.com', 'Email'],
    ],
    rest: async (page) => {
      await typeInto(page, 'Phone', '9876543210');
      await pick(page, 'Project type', 'Pro Audio Mastering');
      await typeInto(page, 'Platform', 'Spotify');
      await typeInto(page, 'Mood', 'Warm');
      await typeInto(page, 'Reference links', 'https://example.com/ref');
      await typeInto(page, 'Additional info', 'Two songs.');
      await typeInto(page, 'How did you hear about us?', 'Instagram');
    },
    refused: ['Phone', '98765', 'Phone number must be exactly 10 digits', '9876543210'],
    typedWrong: ['Phone', '98765', 'Phone number must be exactly 10 digits'],
    success: [/\/Services-Thanku$/, 'Your request for services has been received.'],
  },
  {
    form: 'certification',
    path: '/institute/Music-certificate-form',
    post: '/api/forms/certification',
    button: 'Register',
    early: [
      ['Full name', 'Asha Rao', 'Name'],
      ['Email', 'asha.early@example.com', 'Email'],
    ],
    rest: async (page) => {
      await tick(page, 'Basic Music Production');
      await choose(page, 'Online');
      await tick(page, 'Ableton Live');
      await typeInto(page, 'Your goals', 'Release an EP');
      await typeInto(page, 'How did you hear about us?', 'A friend');
    },
    refused: ['Full name', 'A', 'Full name must be at least 2 characters', 'Asha Rao'],
    success: [/\/institute\/course-payment$/, 'Course Registration Payment'],
  },
  {
    form: 'diploma',
    path: '/institute/diploma-course-form',
    post: '/api/forms/diploma',
    button: 'Register',
    early: [
      ['Name', 'Asha Rao', 'Name'],
      ['Email', 'asha.early@example.com', 'Email'],
    ],
    rest: async (page) => {
      await typeInto(page, 'Phone', '98765 43210');
      await tick(page, 'Diploma in Sound Designing');
      await choose(page, 'Offline');
    },
    refused: ['Phone', '12345', 'Phone number must be 10 digits', '98765 43210'],
    success: [/\/institute\/course-payment$/, 'Course Registration Payment'],
  },
  {
    form: 'pro-audio',
    path: '/pro-audio-recording-form',
    post: '/pro-audio-form/save-form.php',
    button: 'Submit',
    early: [
      ['Full name', 'Asha Rao', 'fullName'],
      ['Email', 'asha.early@example.com', 'email'],
    ],
    rest: async (page) => {
      await typeInto(page, 'Phone', '9876543210');
      await page.getByRole('group', { name: 'Availability' }).getByLabel('Weekends').check();
      await typeInto(page, 'Budget', '₹15,000');
    },
    refused: ['Phone', 'call me', 'Enter a valid phone number', '9876543210'],
    success: [/\/pro-audio-form\/save-form\.php$/, 'Form submitted successfully!'],
  },
];
