/**
 * The route table: every page the site builds, with its title, description, case aliases and
 * whether search engines should list it. Navigation, footer, sitemap, the alias step, the bundled
 * server and the tests all read this table; a page that is not here fails the tests.
 */
export interface RouteEntry {
  /** The canonical path, as linked and as written to out/ (`/legal` → out/legal.html). */
  readonly path: `/${string}`;
  readonly title: string;
  readonly description: string;
  /** Listed in sitemap.xml and indexable; false gives the page a noindex robots tag. */
  readonly sitemap: boolean;
  /** Other spellings that must reach the same page (served as copies with a canonical link). */
  readonly aliases?: readonly `/${string}`[];
}

export const routes = [
  {
    path: '/privacy-policy',
    title: 'Privacy Policy',
    description:
      'How the studio collects, uses and protects your name, e-mail, phone number and payment details, and how to access, correct or delete them.',
    sitemap: true,
  },
  {
    path: '/legal',
    title: 'Legal Guidelines',
    description:
      'Terms of use of the website, intellectual property, prohibited activities, liability and the Indian law that governs them.',
    sitemap: true,
    aliases: ['/Legal'],
  },
  {
    path: '/refund-policy',
    title: 'Refund Policy',
    description:
      'Which purchases can be refunded, the 12-hour window for studio services, and how to send a refund request.',
    sitemap: true,
  },
  {
    path: '/upcoming',
    title: 'Coming Soon',
    description: 'Something new is on its way from the studio. Count down to the launch with us.',
    sitemap: true,
  },
  {
    path: '/submission-successfully',
    title: 'Thank You for Registering',
    description: 'Your registration has been received.',
    sitemap: false,
  },
  {
    path: '/Services-Thanku',
    title: 'Request Received',
    description: 'Your request for services has been received.',
    sitemap: false,
  },
  // issue 6: the pro audio form (the dashboard is outside the table: its path comes from the studio's slug)
  {
    path: '/pro-audio-recording-form',
    title: 'Pro Audio Recording Form',
    description:
      'Book a professional audio recording session: tell us when you are free, which editing, mixing or mastering you need, and your budget.',
    sitemap: true,
  },
] as const satisfies readonly RouteEntry[];

export type RoutePath = (typeof routes)[number]['path'];

const byPath = new Map<string, RouteEntry>(routes.map((r) => [r.path, r]));

/** The table entry of a canonical path. */
export function routeFor(path: RoutePath): RouteEntry {
  const entry = byPath.get(path);
  if (!entry) throw new Error(`No route ${path} in lib/routes.ts`);
  return entry;
}

/** True when `path` (without query or hash) is a canonical path of the table. */
export function isRoutePath(path: string): path is RoutePath {
  return byPath.has(path);
}

/** Each alias with the canonical path it stands for: one source for the export, _redirects, proxy and server. */
export const aliasRules: ReadonlyArray<{ from: `/${string}`; to: RoutePath }> = routes.flatMap((r) =>
  'aliases' in r ? r.aliases.map((from) => ({ from, to: r.path })) : [],
);

/** The canonical path of an alias, or undefined. */
export function canonicalOf(path: string): RoutePath | undefined {
  return aliasRules.find((rule) => rule.from === path)?.to;
}

/** Routes listed in sitemap.xml. */
export const sitemapPaths: readonly RoutePath[] = routes.filter((r) => r.sitemap).map((r) => r.path);

/** The file a canonical path is exported to, relative to out/. */
export function exportFileOf(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}.html`;
}

// issue 6: the staff dashboard, at /dashboard-<studio slug>/ (noindex, never in the sitemap)

/** The dashboard's fixed views, each a nested path under the dashboard's base path. */
export const dashboardViews = ['get-audio-form-request', 'get-video-form-request', 'get-voice-form-request', 'builds'] as const;

/** The nested path of an inbox form's view in the dashboard. */
export function inboxViewPath(form: string): string {
  return `forms/${form}`;
}

/** The dashboard's base path for a studio slug, or one of its views: `/dashboard-<slug>[/<view>]`. */
export function dashboardPath(slug: string, view?: string): `/${string}` {
  return view ? `/dashboard-${slug}/${view}` : `/dashboard-${slug}`;
}
