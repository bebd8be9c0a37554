import {
  type VarSpec,
  text,
  pattern,
  integer,
  boolean,
  list,
  optionalVar,
  embedUrl,
  socialProfile,
} from '@/lib/env-value-checks';
import { type Check, httpUrl, indiaTime, indiaTimeList } from '@/lib/env-checks';
import { stateCodeOf } from '@/lib/books/states';

/** A state or union territory of India, by the name GST gives it (letter case and spacing aside). */
const indiaState: Check<string> = (raw) =>
  stateCodeOf(raw)
    ? raw
    : { error: 'must be a state or union territory of India as GST names it, such as Maharashtra or Tamil Nadu' };

/** A visitor form's endpoint, `what` it receives: an https address; empty, the form posts to the bundled inbox. */
const formEndpoint = (what: string) => optionalVar(httpUrl({ httpsOnly: true }), `${what} Empty: the bundled inbox.`);

/** The studio's `profile` on a platform: its https address, or none when it has none there. */
const studioProfile = (profile: string) =>
  optionalVar(
    socialProfile,
    `The studio's ${profile}, or none when it has none (then no page links to it). Empty: the platform's home page (a public build refuses that).`,
  );

/** The build's settings: the site, the studio's identity and calendar, the forms' endpoints and WordPress (read by lib/env.ts). */
export const siteVars = {
  // The site
  SITE_URL: {
    check: httpUrl(),
    fallback: 'http://localhost:3000',
    doc: 'Public address of the site, used for canonical links, the sitemap and structured data. Empty: the address the bundled server listens on (http://HOST:PORT, localhost for 0.0.0.0).',
  } satisfies VarSpec<string>,
  NEXT_PUBLIC_SERVICE_URL: optionalVar(
    httpUrl(),
    "Address of the submissions service when it runs on another origin than the pages (pages on a static host), e.g. https://service.studio.example. Public: built into the pages; forms, payment claims and the dashboard call it, and the dashboard lives there. Empty: the pages' own origin.",
  ),
  SITE_NOTICE: {
    check: (raw) =>
      raw.toLowerCase() === 'off'
        ? null
        : raw.length <= 300
          ? raw
          : { error: 'must be at most 300 characters, or off' },
    fallback: undefined,
    doc: 'The scrolling notice above every page: its text, or off for none. Empty: the "under development" notice of content/navigation.ts (a public build refuses that).',
  } satisfies VarSpec<string | null | undefined>,
  SITE_LAUNCHED: {
    check: boolean,
    fallback: true,
    doc: 'no: the site is in preview, not yet open (every page noindex and robots.txt disallowing all, a "not open yet" notice on every page, public forms and payment claims answering that the site is not open yet; a public build lists the launch check as a warning instead of refusing). deploy/install.sh writes no; npm run launch sets yes once the launch check is clean. Empty: yes (launched).',
  } satisfies VarSpec<boolean>,
  LAUNCH_CONFIRMED_CLAIMS: {
    check: list(pattern(/^[a-z][a-z0-9-]*$/, 'a claim name as npm run check:launch lists it')),
    fallback: [] as string[],
    doc: 'Claims on the pages that the studio has checked are true, by name, comma-separated (npm run check:launch lists each unconfirmed one, e.g. attendees, reviewers).',
  } satisfies VarSpec<string[]>,
  GTM_ID: optionalVar(
    pattern(/^GTM-[A-Z0-9]{4,12}$/, 'a Google Tag Manager container ID such as GTM-AB12CD3'),
    'Analytics container ID. Empty: no analytics tag is loaded (pageviews still go to window.dataLayer).',
  ),

  // The studio's identity (defaults live in content/studio.ts)
  STUDIO_NAME: optionalVar(text(80), "The studio's name, shown in titles, the footer and payment requests."),
  STUDIO_INSTITUTE_NAME: optionalVar(text(80), "The institute's name, on its page and in the structured data."),
  STUDIO_TAGLINE: optionalVar(text(120), "One line on what the studio is, in the footer and the pages' description."),
  STUDIO_FOUNDED_YEAR: optionalVar(
    integer(1900, 2100),
    'The year the studio was founded (the story and structured data).',
  ),
  STUDIO_SLUG: optionalVar(
    pattern(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lower-case letters, digits and single hyphens'),
    "The studio's name in slug form; the dashboard lives at /dashboard-<slug>/.",
  ),
  STUDIO_EMAIL: optionalVar(pattern(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'an e-mail address'), "The team's e-mail address."),
  STUDIO_WHATSAPP: optionalVar(
    pattern(/^91[6-9]\d{9}$/, 'an Indian mobile number as 91 followed by 10 digits, digits only'),
    'WhatsApp number for chat links: 91 and the 10-digit mobile number, digits only.',
  ),
  STUDIO_UPI_ID: optionalVar(
    pattern(/^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9.-]{1,63}$/, 'a UPI ID such as studio@okbank'),
    'UPI ID (VPA) that receives payments.',
  ),
  STUDIO_UPI_NAME: optionalVar(text(60), 'Payee name shown in the UPI app.'),

  // The rest of the identity (placeholders in content/studio.ts until set; see npm run check:launch)
  STUDIO_STREET: optionalVar(
    text(200),
    'Street address of the studio (building, street, area), shown on the site and in structured data.',
  ),
  STUDIO_CITY: optionalVar(text(80), 'City of the studio.'),
  STUDIO_REGION: optionalVar(
    indiaState,
    "State of the studio: a state or union territory of India as GST names it (Maharashtra, Tamil Nadu, Delhi …); a GSTIN's first two digits must be this state's code.",
  ),
  STUDIO_POSTAL_CODE: optionalVar(pattern(/^\d{6}$/, 'a 6-digit PIN code'), 'PIN code of the studio.'),
  STUDIO_MAP_EMBED_URL: optionalVar(
    embedUrl,
    'Embed URL of the map on the About page (Google Maps: Share, Embed a map, the iframe src).',
  ),
  STUDIO_MAP_LINK: optionalVar(embedUrl, "Link to the studio's place on a map service."),
  STUDIO_FACEBOOK: studioProfile('Facebook page'),
  STUDIO_LINKEDIN: studioProfile('LinkedIn page'),
  STUDIO_INSTAGRAM: studioProfile('Instagram profile'),
  STUDIO_X: studioProfile('X profile'),

  // The studio's calendar (defaults in content/calendar.ts); times are India time, YYYY-MM-DD HH:mm
  NEXT_PUBLIC_MASTERCLASS_SESSIONS: optionalVar(
    indiaTimeList,
    'Masterclass sessions (2 hours, online), India time, comma-separated: 2027-01-08 14:00, 2027-01-15 14:00. Public: built into the page scripts. Empty: content/calendar.ts.',
  ),
  TALENT_SHOW_START: optionalVar(
    indiaTime,
    'Start of the talent show, India time: 2027-02-20 18:00. Set together with TALENT_SHOW_END, _VENUE and _ADDRESS.',
  ),
  TALENT_SHOW_END: optionalVar(indiaTime, 'End of the talent show, India time: 2027-02-20 22:00.'),
  TALENT_SHOW_VENUE: optionalVar(text(120), 'Name of the talent show venue.'),
  TALENT_SHOW_ADDRESS: optionalVar(text(200), 'Address of the talent show venue, one line.'),
  LAUNCH_AT: optionalVar(
    indiaTime,
    'The launch moment behind /upcoming, India time: 2027-01-01 10:00. Empty: content/calendar.ts, else the spec countdown (30 d 12 h 45 min 20 s from each visit).',
  ),

  // Visitor form endpoints (empty: the form posts to the bundled inbox at /api/forms/<form>)
  FORM_ENDPOINT_TALENT_SHOW: formEndpoint(
    'Talent show registration: a spreadsheet form service (receives a JSON POST).',
  ),
  FORM_ENDPOINT_QUERY: formEndpoint('Query form: a spreadsheet form service (receives a JSON POST).'),
  FORM_ENDPOINT_SERVICE_REQUEST: formEndpoint(
    'Service request form: a script web app (receives JSON as text/plain, answer not read).',
  ),
  FORM_ENDPOINT_CERTIFICATION: formEndpoint(
    'Certification registration: a script web app (receives JSON as text/plain, answer not read).',
  ),
  FORM_ENDPOINT_DIPLOMA: formEndpoint(
    'Diploma registration: a script web app (receives JSON as text/plain, answer not read).',
  ),
  FORM_ENDPOINT_MASTERCLASS: formEndpoint(
    'Masterclass sign-up: a script web app (receives JSON as text/plain, answer not read).',
  ),
  // WordPress page 22 and its media, pulled in at build time
  CMS_URL: optionalVar(
    httpUrl(),
    'WordPress site whose page 22 (and its media) feeds the home page at build time, e.g. https://cms.example.com. Empty: the committed snapshot in content/cms/ is used.',
  ),
  CMS_FALLBACK_TO_SNAPSHOT: {
    check: boolean,
    fallback: false,
    doc: 'true: when CMS_URL is set but WordPress fails, build from the committed snapshot with a warning instead of failing the build.',
  } satisfies VarSpec<boolean>,
  CMS_TIMEOUT_MS: {
    check: integer(1000, 120000),
    fallback: 10000,
    doc: 'Time-out of each WordPress request during the build, in milliseconds (retried with back-off).',
  } satisfies VarSpec<number>,
  CMS_MEDIA_HOSTS: {
    check: (raw) => {
      const hosts = raw
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean);
      const bad = hosts.find((h) => !/^[a-z0-9.-]+(?::\d{1,5})?$/.test(h));
      return bad ? { error: `"${bad}" is not a host name (such as media.example.com)` } : hosts;
    },
    fallback: [],
    doc: "Hosts (comma-separated) the build also accepts WordPress images from, besides CMS_URL's own, e.g. a CDN.",
  } satisfies VarSpec<string[]>,
} as const;
