import {
  type VarSpec,
  text,
  pattern,
  optionalUrl,
  integer,
  boolean,
  list,
  optional,
  optionalEmbedUrl,
  socialProfile,
} from '@/lib/env-value-checks';
import { httpUrl, indiaTime, indiaTimeList } from '@/lib/env-checks';

/** The build's settings: the site, the studio's identity and calendar, the forms' endpoints and WordPress (read by lib/env.ts). */
export const siteVars = {
  // The site
  SITE_URL: {
    check: httpUrl(),
    fallback: 'http://localhost:3000',
    doc: 'Public address of the site, used for canonical links, the sitemap and structured data. Empty: the address the bundled server listens on (http://HOST:PORT, localhost for 0.0.0.0).',
  } satisfies VarSpec<string>,
  NEXT_PUBLIC_SERVICE_URL: {
    check: optionalUrl(),
    fallback: undefined,
    doc: "Address of the submissions service when it runs on another origin than the pages (pages on a static host), e.g. https://service.studio.example. Public: built into the pages; forms, payment claims and the dashboard call it, and the dashboard lives there. Empty: the pages' own origin.",
  } satisfies VarSpec<string | undefined>,
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
  LAUNCH_CONFIRMED_CLAIMS: {
    check: list(pattern(/^[a-z][a-z0-9-]*$/, 'a claim name as npm run check:launch lists it')),
    fallback: [] as string[],
    doc: 'Claims on the pages that the studio has checked are true, by name, comma-separated (npm run check:launch lists each unconfirmed one, e.g. attendees, reviewers).',
  } satisfies VarSpec<string[]>,
  GTM_ID: {
    check: optional(pattern(/^GTM-[A-Z0-9]{4,12}$/, 'a Google Tag Manager container ID such as GTM-AB12CD3')),
    fallback: undefined,
    doc: 'Analytics container ID. Empty: no analytics tag is loaded (pageviews still go to window.dataLayer).',
  } satisfies VarSpec<string | undefined>,

  // The studio's identity (defaults live in content/studio.ts)
  STUDIO_NAME: {
    check: optional(text(80)),
    fallback: undefined,
    doc: "The studio's name, shown in titles, the footer and payment requests.",
  } satisfies VarSpec<string | undefined>,
  STUDIO_SLUG: {
    check: optional(pattern(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lower-case letters, digits and single hyphens')),
    fallback: undefined,
    doc: "The studio's name in slug form; the dashboard lives at /dashboard-<slug>/.",
  } satisfies VarSpec<string | undefined>,
  STUDIO_EMAIL: {
    check: optional(pattern(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'an e-mail address')),
    fallback: undefined,
    doc: "The team's e-mail address.",
  } satisfies VarSpec<string | undefined>,
  STUDIO_WHATSAPP: {
    check: optional(pattern(/^91[6-9]\d{9}$/, 'an Indian mobile number as 91 followed by 10 digits, digits only')),
    fallback: undefined,
    doc: 'WhatsApp number for chat links: 91 and the 10-digit mobile number, digits only.',
  } satisfies VarSpec<string | undefined>,
  STUDIO_UPI_ID: {
    check: optional(pattern(/^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9.-]{1,63}$/, 'a UPI ID such as studio@okbank')),
    fallback: undefined,
    doc: 'UPI ID (VPA) that receives payments.',
  } satisfies VarSpec<string | undefined>,
  STUDIO_UPI_NAME: {
    check: optional(text(60)),
    fallback: undefined,
    doc: 'Payee name shown in the UPI app.',
  } satisfies VarSpec<string | undefined>,

  // The rest of the identity (placeholders in content/studio.ts until set; see npm run check:launch)
  STUDIO_STREET: {
    check: optional(text(200)),
    fallback: undefined,
    doc: 'Street address of the studio (building, street, area), shown on the site and in structured data.',
  } satisfies VarSpec<string | undefined>,
  STUDIO_CITY: {
    check: optional(text(80)),
    fallback: undefined,
    doc: 'City of the studio.',
  } satisfies VarSpec<string | undefined>,
  STUDIO_REGION: {
    check: optional(text(80)),
    fallback: undefined,
    doc: 'State of the studio.',
  } satisfies VarSpec<string | undefined>,
  STUDIO_POSTAL_CODE: {
    check: optional(pattern(/^\d{6}$/, 'a 6-digit PIN code')),
    fallback: undefined,
    doc: 'PIN code of the studio.',
  } satisfies VarSpec<string | undefined>,
  STUDIO_MAP_EMBED_URL: {
    check: optionalEmbedUrl,
    fallback: undefined,
    doc: 'Embed URL of the map on the About page (Google Maps: Share, Embed a map, the iframe src).',
  } satisfies VarSpec<string | undefined>,
  STUDIO_MAP_LINK: {
    check: optionalEmbedUrl,
    fallback: undefined,
    doc: "Link to the studio's place on a map service.",
  } satisfies VarSpec<string | undefined>,
  STUDIO_FACEBOOK: {
    check: optional(socialProfile),
    fallback: undefined,
    doc: "The studio's Facebook page, or none when it has none (then no page links to it). Empty: the platform's home page (a public build refuses that).",
  } satisfies VarSpec<string | null | undefined>,
  STUDIO_LINKEDIN: {
    check: optional(socialProfile),
    fallback: undefined,
    doc: "The studio's LinkedIn page, or none when it has none (then no page links to it). Empty: the platform's home page (a public build refuses that).",
  } satisfies VarSpec<string | null | undefined>,
  STUDIO_INSTAGRAM: {
    check: optional(socialProfile),
    fallback: undefined,
    doc: "The studio's Instagram profile, or none when it has none (then no page links to it). Empty: the platform's home page (a public build refuses that).",
  } satisfies VarSpec<string | null | undefined>,
  STUDIO_X: {
    check: optional(socialProfile),
    fallback: undefined,
    doc: "The studio's X profile, or none when it has none (then no page links to it). Empty: the platform's home page (a public build refuses that).",
  } satisfies VarSpec<string | null | undefined>,

  // The studio's calendar (defaults in content/calendar.ts); times are India time, YYYY-MM-DD HH:mm
  NEXT_PUBLIC_MASTERCLASS_SESSIONS: {
    check: optional(indiaTimeList),
    fallback: undefined,
    doc: 'Masterclass sessions (2 hours, online), India time, comma-separated: 2027-01-08 14:00, 2027-01-15 14:00. Public: built into the page scripts. Empty: content/calendar.ts.',
  } satisfies VarSpec<readonly string[] | undefined>,
  TALENT_SHOW_START: {
    check: optional(indiaTime),
    fallback: undefined,
    doc: 'Start of the talent show, India time: 2027-02-20 18:00. Set together with TALENT_SHOW_END, _VENUE and _ADDRESS.',
  } satisfies VarSpec<string | undefined>,
  TALENT_SHOW_END: {
    check: optional(indiaTime),
    fallback: undefined,
    doc: 'End of the talent show, India time: 2027-02-20 22:00.',
  } satisfies VarSpec<string | undefined>,
  TALENT_SHOW_VENUE: {
    check: optional(text(120)),
    fallback: undefined,
    doc: 'Name of the talent show venue.',
  } satisfies VarSpec<string | undefined>,
  TALENT_SHOW_ADDRESS: {
    check: optional(text(200)),
    fallback: undefined,
    doc: 'Address of the talent show venue, one line.',
  } satisfies VarSpec<string | undefined>,
  LAUNCH_AT: {
    check: optional(indiaTime),
    fallback: undefined,
    doc: 'The launch moment behind /upcoming, India time: 2027-01-01 10:00. Empty: content/calendar.ts, else the spec countdown (30 d 12 h 45 min 20 s from each visit).',
  } satisfies VarSpec<string | undefined>,

  // Visitor form endpoints (empty: the form posts to the bundled inbox at /api/forms/<form>)
  FORM_ENDPOINT_TALENT_SHOW: {
    check: optionalUrl({ httpsOnly: true }),
    fallback: undefined,
    doc: 'Talent show registration: a spreadsheet form service (receives a JSON POST). Empty: the bundled inbox.',
  } satisfies VarSpec<string | undefined>,
  FORM_ENDPOINT_QUERY: {
    check: optionalUrl({ httpsOnly: true }),
    fallback: undefined,
    doc: 'Query form: a spreadsheet form service (receives a JSON POST). Empty: the bundled inbox.',
  } satisfies VarSpec<string | undefined>,
  FORM_ENDPOINT_SERVICE_REQUEST: {
    check: optionalUrl({ httpsOnly: true }),
    fallback: undefined,
    doc: 'Service request form: a script web app (receives JSON as text/plain, answer not read). Empty: the bundled inbox.',
  } satisfies VarSpec<string | undefined>,
  FORM_ENDPOINT_CERTIFICATION: {
    check: optionalUrl({ httpsOnly: true }),
    fallback: undefined,
    doc: 'Certification registration: a script web app (receives JSON as text/plain, answer not read). Empty: the bundled inbox.',
  } satisfies VarSpec<string | undefined>,
  FORM_ENDPOINT_DIPLOMA: {
    check: optionalUrl({ httpsOnly: true }),
    fallback: undefined,
    doc: 'Diploma registration: a script web app (receives JSON as text/plain, answer not read). Empty: the bundled inbox.',
  } satisfies VarSpec<string | undefined>,
  FORM_ENDPOINT_MASTERCLASS: {
    check: optionalUrl({ httpsOnly: true }),
    fallback: undefined,
    doc: 'Masterclass sign-up: a script web app (receives JSON as text/plain, answer not read). Empty: the bundled inbox.',
  } satisfies VarSpec<string | undefined>,
  // WordPress page 22 and its media, pulled in at build time
  CMS_URL: {
    check: optionalUrl(),
    fallback: undefined,
    doc: 'WordPress site whose page 22 (and its media) feeds the home page at build time, e.g. https://cms.example.com. Empty: the committed snapshot in content/cms/ is used.',
  } satisfies VarSpec<string | undefined>,
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
