/**
 * The reader of the settings in `process.env`. Every variable is declared here once, with its default
 * and its check; a bad value stops the build (or the server) with one line per variable saying what is
 * wrong. The few other readers of the environment (the .env loader, child builds, scripts, benches)
 * are listed in docs/configuration.md.
 * Nothing here is ever sent to the browser except through props that pages pass on purpose; browser
 * code reads NEXT_PUBLIC_MASTERCLASS_SESSIONS and NEXT_PUBLIC_SERVICE_URL, which Next builds into the
 * page scripts, from lib/public-env.ts (`npm run lint` refuses a browser module that imports this one).
 * Node entry points load `.env` files first (lib/load-env.ts).
 */

import { gstinProblem } from '@/lib/books/gstin';
import { parseRetention } from '@/lib/privacy/retention';
import { type Check, httpUrl, indiaTime, indiaTimeList, isError } from '@/lib/env-checks';

type Source = Readonly<Record<string, string | undefined>>;

interface VarSpec<T> {
  readonly check: Check<T>;
  readonly fallback: T;
  /** One line for `.env.example` and docs/configuration.md. */
  readonly doc: string;
  /** Secrets are never printed back in error messages. */
  readonly secret?: boolean;
  /**
   * 'server': read by the running service only. Every other variable is a build setting: the pages
   * depend on it, so it is part of the build's settings fingerprint (settingsFingerprint).
   */
  readonly scope?: 'server';
}

const text =
  (max = 200): Check<string> =>
  (raw) =>
    raw.length <= max ? raw : { error: `must be at most ${max} characters` };

const pattern =
  (re: RegExp, what: string): Check<string> =>
  (raw) =>
    re.test(raw) ? raw : { error: `must be ${what}` };

const optionalUrl =
  (opts: { httpsOnly?: boolean } = {}): Check<string | undefined> =>
  (raw, name) => {
    if (raw === '') return undefined;
    return httpUrl(opts)(raw, name);
  };

const integer =
  (min: number, max: number): Check<number> =>
  (raw) => {
    if (!/^\d+$/.test(raw)) return { error: `must be a whole number from ${min} to ${max}` };
    const n = Number(raw);
    return n >= min && n <= max ? n : { error: `must be a whole number from ${min} to ${max}` };
  };

const boolean: Check<boolean> = (raw) => {
  if (['1', 'true', 'yes'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no'].includes(raw.toLowerCase())) return false;
  return { error: 'must be true or false' };
};

/** An https URL that may carry a query string (map links and embeds). */
const httpsUrlWithQuery: Check<string> = (raw) => {
  try {
    return new URL(raw).protocol === 'https:' ? raw : { error: 'must start with https://' };
  } catch {
    return { error: 'must be an absolute URL such as https://maps.google.com/?q=…' };
  }
};

/** A comma-separated list, each item checked; empty: none. */
const list =
  <T>(check: Check<T>): Check<T[]> =>
  (raw, name) => {
    const items = raw
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    const values: T[] = [];
    for (const item of items) {
      const value = check(item, name);
      if (isError(value)) return { error: `${item}: ${value.error}` };
      values.push(value);
    }
    return values;
  };

const origin: Check<string> = (raw) => {
  try {
    const url = new URL(raw);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.origin === raw.replace(/\/$/, ''))
      return url.origin;
  } catch {
    // reported below
  }
  return { error: 'must be an origin such as https://studio.example (scheme, host and port, no path)' };
};

const optional =
  <T>(check: Check<T>): Check<T | undefined> =>
  (raw, name) =>
    raw === '' ? undefined : check(raw, name);

const optionalEmbedUrl = optional(httpsUrlWithQuery);

/** A social profile's https address, or `none`: the studio has no profile there (null). */
const socialProfile: Check<string | null> = (raw, name) =>
  raw.toLowerCase() === 'none' ? null : httpUrl({ httpsOnly: true })(raw, name);

const spec = {
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

  // The bundled server
  PORT: {
    check: integer(1, 65535),
    fallback: 3000,
    doc: 'Port of the bundled server (npm start).',
    scope: 'server',
  } satisfies VarSpec<number>,
  HOST: {
    check: pattern(/^[A-Za-z0-9.:-]+$/, 'a host name or IP address'),
    fallback: '0.0.0.0',
    doc: 'Address the bundled server listens on.',
    scope: 'server',
  } satisfies VarSpec<string>,
  TRUST_PROXY: {
    check: boolean,
    fallback: false,
    doc: 'true when the server sits behind a reverse proxy that sets X-Forwarded-For and X-Forwarded-Proto.',
    scope: 'server',
  } satisfies VarSpec<boolean>,
  TRUSTED_PROXIES: {
    check: list(pattern(/^[0-9A-Fa-f.:]{2,45}$/, 'an IP address')),
    fallback: ['127.0.0.1', '::1'],
    doc: "With TRUST_PROXY: the proxy's IP addresses, comma-separated; X-Forwarded-* headers from any other address are ignored.",
    scope: 'server',
  } satisfies VarSpec<string[]>,
  ALLOWED_ORIGINS: {
    check: list(origin),
    fallback: [],
    doc: "Origins besides SITE_URL's from which staff may sign in, comma-separated (e.g. https://www.studio.example).",
    scope: 'server',
  } satisfies VarSpec<string[]>,

  // The submissions service
  DATABASE_URL: {
    check: optional(
      pattern(/^postgres(?:ql)?:\/\/\S+$/, 'a PostgreSQL connection URL such as postgres://user:password@host:5432/db'),
    ),
    fallback: undefined,
    doc: 'PostgreSQL connection URL. Empty: the embedded database (PGlite) in DATA_DIR.',
    secret: true,
    scope: 'server',
  } satisfies VarSpec<string | undefined>,
  DATA_DIR: {
    check: text(500),
    fallback: 'data/pglite',
    doc: 'Folder of the embedded database when DATABASE_URL is empty; created on first start.',
    scope: 'server',
  } satisfies VarSpec<string>,
  SESSION_TTL_HOURS: {
    check: integer(1, 720),
    fallback: 12,
    doc: 'How long a staff sign-in lasts, in hours.',
    scope: 'server',
  } satisfies VarSpec<number>,
  WAITLIST_OFFER_HOURS: {
    check: integer(1, 168),
    fallback: 24,
    doc: 'How long a seat offered to the first person on a waitlist is held for them to pay, in hours; unanswered, it passes to the next.',
    scope: 'server',
  } satisfies VarSpec<number>,
  RATE_LIMIT_PER_MINUTE: {
    check: integer(1, 100000),
    fallback: 20,
    doc: 'Form submissions accepted per client address per minute; more get 429.',
    scope: 'server',
  } satisfies VarSpec<number>,
  REBUILD_SECRET: {
    check: optional((raw) => (raw.length >= 24 ? raw : { error: 'must be at least 24 characters' })),
    fallback: undefined,
    doc: 'Shared secret of the rebuild webhook (POST /api/rebuild), at least 24 characters. Empty: the webhook is off.',
    secret: true,
    scope: 'server',
  } satisfies VarSpec<string | undefined>,
  BUILDS_DIR: {
    check: text(500),
    fallback: 'builds',
    doc: 'Folder the rebuild webhook builds into (one sub-folder per build); used only when REBUILD_SECRET is set.',
    scope: 'server',
  } satisfies VarSpec<string>,
  BACKUP_DIR: {
    check: optional(text(500)),
    fallback: undefined,
    doc: 'Folder of the database backups: the daily one (7 daily and 4 weekly kept) and those of npm run db:backup. Empty: the path of DATA_DIR followed by -backups (data/pglite-backups).',
  } satisfies VarSpec<string | undefined>,
  BACKUP_COPY_TO: {
    check: optional(text(500)),
    fallback: undefined,
    doc: 'A second folder (another disk, a mounted share) that every backup is copied to after it is written, daily and npm run db:backup alike (owner-only modes, as in BACKUP_DIR). Empty: no copy.',
    scope: 'server',
  } satisfies VarSpec<string | undefined>,
  LOG_DIR: {
    check: text(500),
    fallback: 'logs',
    doc: "Folder of the site's log (site.log, one line per start, stop, build, update, backup, job and server error; rotated at 1 MB, 3 older files kept), shown by npm run logs. journal: standard output only, for systemd's journal (the shipped unit sets it).",
    scope: 'server',
  } satisfies VarSpec<string>,

  // The staff workspace's notifications
  SMTP_URL: {
    check: optional(pattern(/^smtps?:\/\/\S+$/, 'an SMTP URL such as smtps://user:password@smtp.example.com:465')),
    fallback: undefined,
    doc: 'SMTP server for e-mail (nodemailer URL): staff notifications (submissions, claims, data requests) with NOTIFY_TO, registrants\' messages with a sender, visitors\' "Your data" links and answers. Empty: no e-mail is queued or sent.',
    secret: true,
    scope: 'server',
  } satisfies VarSpec<string | undefined>,
  NOTIFY_TO: {
    check: optional(
      pattern(/^[^\s@,]+@[^\s@,]+(?:,[^\s@,]+@[^\s@,]+)*$/, 'one or more e-mail addresses, comma-separated'),
    ),
    fallback: undefined,
    doc: 'Where each new submission, payment claim and data request (and an overdue request) is announced by e-mail (comma-separated addresses).',
    scope: 'server',
  } satisfies VarSpec<string | undefined>,
  NOTIFY_FROM: {
    check: optional(text(200)),
    fallback: undefined,
    doc: 'Sender of every e-mail, such as "Studio site <site@example.com>"; with SMTP_URL it turns on registrants\' confirmations, invitations and reminders. Empty: the first NOTIFY_TO address.',
    scope: 'server',
  } satisfies VarSpec<string | undefined>,

  // The books: tax invoices, credit notes and the month's return (lib/books, server/books/books.ts)
  STUDIO_GSTIN: {
    check: optional((raw) => {
      const problem = gstinProblem(raw.toUpperCase());
      return problem ? { error: problem } : raw.toUpperCase();
    }),
    fallback: undefined as string | undefined,
    scope: 'server',
    doc: "The studio's GSTIN. Set: every verified payment gets a tax invoice (CGST + SGST or IGST). Empty (a studio below the GST threshold): a plain payment receipt, no tax line.",
  } satisfies VarSpec<string | undefined>,
  STUDIO_LEGAL_NAME: {
    check: optional(text(120)),
    fallback: undefined as string | undefined,
    scope: 'server',
    doc: "The studio's legal name as registered for GST, printed on invoices (default: STUDIO_NAME).",
  } satisfies VarSpec<string | undefined>,
  INVOICE_PREFIX: {
    check: pattern(
      /^[A-Z0-9]{1,3}$/,
      '1 to 3 capital letters or digits (a number such as INV/26-27/00001 stays within 16 characters)',
    ),
    fallback: 'INV',
    scope: 'server',
    doc: "The invoice series' prefix: numbers run INV/26-27/00001, INV/26-27/00002 … and start again each April; credit notes run INVC/26-27/00001 ….",
  } satisfies VarSpec<string>,
  SAC_MASTERCLASS: {
    check: pattern(/^99\d{4}$/, 'a 6-digit SAC code starting 99, such as 999293 or 999291'),
    fallback: '999293',
    scope: 'server',
    doc: "SAC code on the masterclass's invoices: 999293 commercial training and coaching (default) or 999291 cultural education; the accountant decides.",
  } satisfies VarSpec<string>,
  SAC_COURSE: {
    check: pattern(/^99\d{4}$/, 'a 6-digit SAC code starting 99, such as 999293 or 999291'),
    fallback: '999293',
    scope: 'server',
    doc: "SAC code on the course registration fee's invoices (see SAC_MASTERCLASS).",
  } satisfies VarSpec<string>,

  // Visitors' personal data (lib/privacy)
  RETENTION_DAYS: {
    check: (raw) => parseRetention(raw),
    fallback: {},
    doc: "Days each form's submissions are kept before the daily purge erases them, overriding the defaults (lib/privacy/retention.ts), e.g. query=180,talent-show=365.",
  } satisfies VarSpec<Record<string, number>>,
  STUDIO_GRIEVANCE_NAME: {
    check: optional(text(120)),
    fallback: undefined,
    doc: 'Name (or role) of the person who answers privacy requests and complaints, shown in the privacy notice and the footer.',
  } satisfies VarSpec<string | undefined>,
  STUDIO_GRIEVANCE_EMAIL: {
    check: optional(pattern(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'an e-mail address')),
    fallback: undefined,
    doc: 'E-mail address of that grievance contact.',
  } satisfies VarSpec<string | undefined>,
} as const;

export type EnvName = keyof typeof spec;
type Parsed = { -readonly [K in EnvName]: (typeof spec)[K]['fallback'] };
export type Env = Readonly<Parsed>;

/** Every variable with its documentation line, for `.env.example` and docs/configuration.md. */
export const envDocs: ReadonlyArray<{ name: EnvName; doc: string }> = (Object.keys(spec) as EnvName[]).map((name) => ({
  name,
  doc: spec[name].doc,
}));

export class EnvError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Validates `source` (process.env by default) and returns the typed configuration, or throws EnvError. */
export function parseEnv(source: Source): Env {
  const problems: string[] = [];
  const out: Partial<Record<EnvName, unknown>> = {};
  for (const name of Object.keys(spec) as EnvName[]) {
    const entry: VarSpec<unknown> = spec[name];
    const raw = source[name]?.trim();
    if (raw === undefined || raw === '') {
      out[name] = entry.fallback;
      continue;
    }
    const value = entry.check(raw, name);
    if (isError(value)) {
      const shown = entry.secret ? '' : ` (got "${raw.slice(0, 60)}")`;
      problems.push(`${name} ${value.error}${shown}`);
    } else {
      out[name] = value;
    }
  }
  if (problems.length > 0) throw new EnvError(problems);
  const parsed = out as Parsed;
  if (!source.SITE_URL?.trim()) parsed.SITE_URL = listeningUrl(parsed.HOST, parsed.PORT);
  return parsed;
}

/** The address the bundled server answers on: `HOST` (localhost for every interface) and `PORT`. */
function listeningUrl(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return `http://${name.includes(':') ? `[${name}]` : name}:${port}`;
}

/**
 * Every build setting (each variable without `scope: 'server'`), as parsed, in one text: the build
 * records its digest in out/ (lib/site-build.ts) and `npm start` rebuilds when it differs.
 */
export function buildSettingsText(env: Env): string {
  const names = (Object.keys(spec) as EnvName[]).filter((name) => !('scope' in spec[name]));
  return JSON.stringify(names.map((name) => [name, env[name] ?? null]));
}

let cached: Env | undefined;

/**
 * The process's environment as a whole, for what loads it (lib/load-env.ts), checks it (the
 * check:env and check:launch commands) or hands it on (the child build). This module is the only
 * reader of process.env.
 */
export function processEnvironment(): NodeJS.ProcessEnv {
  return process.env;
}

/** Not a setting: the password `npm run staff` takes from STAFF_PASSWORD (scripts) instead of asking. */
export const staffPasswordFromEnvironment = (): string | undefined => process.env.STAFF_PASSWORD;

/** The process's configuration, validated once. */
export function getEnv(): Env {
  if (typeof window !== 'undefined') {
    throw new Error('lib/env is build-time and server-only: pass values to client components as props.');
  }
  cached ??= parseEnv(process.env);
  return cached;
}

/**
 * Whether this build pulls WordPress (CMS_URL set), for the content getters (lib/cms): they also run
 * while component tests render pages in a browser-like environment, where getEnv() refuses to run.
 */
export function cmsUrlIsSet(): boolean {
  return Boolean(process.env.CMS_URL?.trim());
}

/**
 * Not a setting: the variable in which the bundled server names, for each build it runs, the file of
 * the service's upcoming sessions (lib/sessions/at-build.ts).
 */
export const BUILD_SESSIONS_VAR = 'BUILD_SESSIONS_FILE';

/**
 * Not a setting: the variable by which the bundled server marks its rebuilds (an editor's save, the
 * daily rebuild) as content rebuilds (scripts/build-site.ts): the code was checked and compiled when
 * its release was built, so only the pages are generated again when the compiled code still fits.
 */
export const BUILD_KIND_VAR = 'BUILD_KIND';

/** Whether this build is a content rebuild (BUILD_KIND_VAR is `content`). */
export function contentRebuild(): boolean {
  return process.env[BUILD_KIND_VAR] === 'content';
}

/** The file of the service's sessions this build was given (BUILD_SESSIONS_VAR); undefined when none. */
export function buildSessionsFile(): string | undefined {
  return process.env[BUILD_SESSIONS_VAR]?.trim() || undefined;
}
