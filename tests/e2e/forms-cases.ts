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

/** A step of an entry, done with labels only (works with or without JavaScript). */
type Step = (page: Page) => Promise<unknown>;

/** A control of the form, by its role and its whole name (a regular expression matches a part of it). */
const control = (page: Page, role: 'textbox' | 'combobox' | 'checkbox' | 'radio', name: string | RegExp) =>
  page.locator('form').getByRole(role, { name, exact: true });

function enter(label: string, value: string): Step {
  return (page) => control(page, 'textbox', label).fill(value);
}
function pick(label: string, option: string): Step {
  return (page) => control(page, 'combobox', label).selectOption(option);
}
function tick(label: string | RegExp): Step {
  return (page) => control(page, 'checkbox', label).check();
}
function choose(label: string): Step {
  return (page) => control(page, 'radio', label).check();
}

/** The rest of an entry: its steps, one after the other. */
function fill(...steps: Step[]): FormCase['rest'] {
  return async (page) => {
    for (const step of steps) await step(page);
  };
}

/** The name and e-mail every form is typed first with: the name's label, then the payload keys of both. */
const typedFirst = (nameLabel: string, nameKey: string, emailKey: string): FormCase['early'] => [
  [nameLabel, 'Asha Rao', nameKey],
  ['Email', 'asha.early@example.com', emailKey],
];

/** Where both course registrations lead: the registration fee's payment page. */
const coursePayment: FormCase['success'] = [/\/institute\/course-payment$/, 'Course Registration Payment'];

export const formCases: readonly FormCase[] = [
  {
    form: 'talent-show',
    path: '/one11Register',
    post: '/api/forms/talent-show',
    button: 'Register',
    early: typedFirst('Full name', 'FullName', 'Email'),
    rest: fill(
      enter('Stage name', 'Asha'),
      enter('Contact number', '+91 9876543210'),
      pick('Category', 'Battle of Rappers'),
      pick('Performance type', 'Duo'),
      enter('Demo link', 'https://drive.google.com/demo'),
      enter('Photo or logo link', 'https://drive.google.com/photo'),
      enter('Bio', 'Rapper from Pune.'),
      enter('Signature (type your full name)', 'Asha Rao'),
    ),
    refused: ['Contact number', '+91', 'Required', '+91 9876543210'],
    success: [/\/submission-successfully\/talent-show$/, 'Your talent show registration has been received.'],
  },
  {
    form: 'masterclass',
    path: '/masterclass',
    post: '/api/forms/masterclass',
    button: 'Confirm My Seat',
    early: typedFirst('Name', 'name', 'email'),
    rest: fill(enter('Phone', '9876543210'), enter('City', 'Pune'), tick(/I have read and agree/)),
    refused: ['Phone', '12345', 'Enter a valid 10-digit phone number', '9876543210'],
    success: [/\/payment$/, 'Payment Procedure'],
  },
  {
    form: 'query',
    path: '/query',
    post: '/api/forms/query',
    button: 'Send Query',
    early: typedFirst('Name', 'Name', 'Email'),
    rest: fill(enter('Your query', 'When does the next batch start?')),
    refused: ['Your query', 'Too short', 'Query should be at least 10 characters', 'When does the next batch start?'],
    success: [/\/api\/forms\/query$/, 'Query submitted successfully!'],
  },
  {
    form: 'service-request',
    path: '/request-form',
    post: '/api/forms/service-request',
    button: 'Submit Request',
    early: typedFirst('Name', 'Name', 'Email'),
    rest: fill(
      enter('Phone', '9876543210'),
      pick('Project type', 'Pro Audio Mastering'),
      enter('Platform', 'Spotify'),
      enter('Mood', 'Warm'),
      enter('Reference links', 'https://example.com/ref'),
      enter('Additional info', 'Two songs.'),
      enter('How did you hear about us?', 'Instagram'),
    ),
    refused: ['Phone', '98765', 'Phone number must be exactly 10 digits', '9876543210'],
    typedWrong: ['Phone', '98765', 'Phone number must be exactly 10 digits'],
    success: [/\/Services-Thanku$/, 'Your request for services has been received.'],
  },
  {
    form: 'certification',
    path: '/institute/Music-certificate-form',
    post: '/api/forms/certification',
    button: 'Register',
    early: typedFirst('Full name', 'Name', 'Email'),
    rest: fill(
      tick('Basic Music Production'),
      choose('Online'),
      tick('Ableton Live'),
      enter('Your goals', 'Release an EP'),
      enter('How did you hear about us?', 'A friend'),
    ),
    refused: ['Full name', 'A', 'Full name must be at least 2 characters', 'Asha Rao'],
    success: coursePayment,
  },
  {
    form: 'diploma',
    path: '/institute/diploma-course-form',
    post: '/api/forms/diploma',
    button: 'Register',
    early: typedFirst('Name', 'Name', 'Email'),
    rest: fill(enter('Phone', '98765 43210'), tick('Diploma in Sound Designing'), choose('Offline')),
    refused: ['Phone', '12345', 'Phone number must be 10 digits', '98765 43210'],
    success: coursePayment,
  },
  {
    form: 'pro-audio',
    path: '/pro-audio-recording-form',
    post: '/pro-audio-form/save-form.php',
    button: 'Submit',
    early: typedFirst('Full name', 'fullName', 'email'),
    rest: fill(
      enter('Phone', '9876543210'),
      (page) => page.getByRole('group', { name: 'Availability' }).getByLabel('Weekends').check(),
      enter('Budget', '₹15,000'),
    ),
    refused: ['Phone', 'call me', 'Enter a valid phone number', '9876543210'],
    success: [/\/pro-audio-form\/save-form\.php$/, 'Form submitted successfully!'],
  },
];
