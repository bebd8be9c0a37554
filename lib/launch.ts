import { developmentNotice } from '@/content/navigation';
import { booksLaunchProblems } from '@/lib/books/config';
import { placeholders, type Studio } from '@/content/studio';
import type { Env } from '@/lib/env';
import { isLoopbackHost } from '@/lib/env-checks';
import { getStudio } from '@/lib/studio';
import { isProfileUrl } from '@/lib/studio-links';

/**
 * The launch check: everything that would ship a placeholder to real visitors, one line per item,
 * naming the variable of `.env` that sets it (content/studio.ts holds only the shipped defaults). A build for a public
 * SITE_URL refuses to run while this list is not empty (scripts/check-env.ts).
 */
export function launchProblems(env: Env): string[] {
  const studio = getStudio(env);
  const problems: string[] = [];
  const add = (variable: string, problem: string) => problems.push(`${variable} in .env: ${problem}`);

  const site = siteUrlProblem(env.SITE_URL);
  if (site) add('SITE_URL', site);
  // The names and the founding year the project ships with are One11's: the studio sets its own
  // (the same values, when it is One11) before launch.
  if (!env.STUDIO_NAME) add('STUDIO_NAME', `set the studio's name (the shipped "${studio.name}" is the example's)`);
  if (!env.STUDIO_INSTITUTE_NAME) {
    add('STUDIO_INSTITUTE_NAME', `set the institute's name (the shipped "${studio.instituteName}" is the example's)`);
  }
  if (!env.STUDIO_FOUNDED_YEAR) {
    add(
      'STUDIO_FOUNDED_YEAR',
      `set the year the studio was founded (the shipped ${studio.foundedYear} is the example's)`,
    );
  }
  if (studio.upi.id === placeholders.upiId || /@example$/i.test(studio.upi.id)) {
    add('STUDIO_UPI_ID', `"${studio.upi.id}" is a placeholder; a visitor would pay an invalid UPI ID`);
  }
  if (!env.STUDIO_UPI_NAME && studio.upi.payeeName === placeholders.upiPayeeName) {
    add('STUDIO_UPI_NAME', 'set the payee name exactly as the bank account shows it');
  }
  if (studio.whatsapp === placeholders.whatsapp || /^91\d0{9}$/.test(studio.whatsapp)) {
    add('STUDIO_WHATSAPP', `"${studio.whatsapp}" is a placeholder number`);
  }
  if (studio.email === placeholders.email || isReservedHost(studio.email.split('@')[1] ?? '')) {
    add('STUDIO_EMAIL', `"${studio.email}" is a placeholder address`);
  }
  if (studio.address.street === placeholders.street || /to be set/i.test(studio.address.street)) {
    add('STUDIO_STREET', `"${studio.address.street}" is a placeholder address`);
  }
  if (studio.mapEmbedUrl === placeholders.mapEmbedUrl) {
    add('STUDIO_MAP_EMBED_URL', 'the map shows the city, not the studio');
  }
  if (studio.grievance.name === placeholders.grievanceName || /to be named/i.test(studio.grievance.name)) {
    add('STUDIO_GRIEVANCE_NAME', 'name the person who answers privacy requests and complaints');
  }
  if (
    studio.grievance.email === placeholders.grievanceEmail ||
    isReservedHost(studio.grievance.email.split('@')[1] ?? '')
  ) {
    add('STUDIO_GRIEVANCE_EMAIL', `"${studio.grievance.email}" is a placeholder address`);
  }
  if (studio.mapLink === placeholders.mapLink) add('STUDIO_MAP_LINK', 'the map link shows the city, not the studio');
  for (const [platform, url] of Object.entries(studio.social) as [keyof Studio['social'], string | null][]) {
    if (url !== null && !isProfileUrl(url)) {
      add(
        `STUDIO_${platform.toUpperCase()}`,
        `"${url}" is the platform's home page, not a profile; set the profile's address, or none when the studio has none there`,
      );
    }
  }
  if (env.SITE_NOTICE === undefined || env.SITE_NOTICE === developmentNotice) {
    problems.push(
      'SITE_NOTICE in .env: every page would say the site is under development; set SITE_NOTICE=off, or a notice of your own',
    );
  }
  problems.push(...booksLaunchProblems(env, studio));
  for (const claim of launchClaims) {
    if (!env.LAUNCH_CONFIRMED_CLAIMS.includes(claim.name)) {
      problems.push(
        `LAUNCH_CONFIRMED_CLAIMS in .env: "${claim.text}" (${claim.where}) is unverified; when it is true add ${claim.name} to LAUNCH_CONFIRMED_CLAIMS`,
      );
    }
  }
  return problems;
}

/** A statement on the pages that only the studio can vouch for: the owner confirms it by name. */
export interface LaunchClaim {
  readonly name: string;
  readonly text: string;
  /** Where a visitor reads it. */
  readonly where: string;
}

/** The claims the pages make today, each to be confirmed before a public build. */
export const launchClaims: readonly LaunchClaim[] = [
  { name: 'attendees', text: '10k+ attendees', where: "the masterclass page's badge" },
  {
    name: 'reviewers',
    text: 'Rated by more than 50 reviewers on Google Maps',
    where: "the home page's rating",
  },
];

/** An image a page shows, and where the owner replaces it. */
export interface ShippedImage {
  /** Its site path, as the content records it. */
  readonly src: string;
  /** What it is, as a visitor sees it: "the About page's studio picture". */
  readonly what: string;
  /** Where the owner replaces it: a WordPress screen, or a file of the owner's media folder. */
  readonly place: string;
}

/** A person's name on the pages, and where the owner changes it. */
export interface ShippedName {
  readonly name: string;
  readonly what: string;
  readonly place: string;
}

/** What the launch check reads of the content: every image every page shows, and the people's names. */
export interface LaunchContent {
  readonly images: readonly ShippedImage[];
  readonly names: readonly ShippedName[];
}

/** The people's names shipped with the project as placeholders (the artists' and testimonials' snapshots). */
const placeholderNames: ReadonlySet<string> = new Set([
  'Aarohi',
  'The Monsoon Lines',
  'Kabir Saxena',
  'Singer-songwriter, recording client',
  'Student, music production certification',
  'Band, mixing and mastering client',
]);

/**
 * What a public build must not ship from the content, one line each starting with the place the
 * owner edits (a WordPress screen, a file of the owner's content or media folder): placeholder names
 * and every image still one of the generated placeholders (`isPlaceholderImage` looks at the file
 * that would ship for a site path). News dates are never a problem here: lib/news.ts decides what
 * shows.
 */
export function checkContent(content: LaunchContent, opts: { isPlaceholderImage: (src: string) => boolean }): string[] {
  const problems = new Set<string>();
  for (const person of content.names) {
    if (placeholderNames.has(person.name))
      problems.add(`${person.place}: "${person.name}" (${person.what}) is a placeholder name; set the real one`);
  }
  for (const image of content.images) {
    if (opts.isPlaceholderImage(image.src))
      problems.add(
        `${image.place}: ${image.what} is still the generated placeholder; put the studio's own image there`,
      );
  }
  return [...problems];
}

/** True when the site is built for this machine only (a fresh clone, `npm start`, the tests). */
export function isLoopbackSite(siteUrl: string): boolean {
  return isLoopbackHost(new URL(siteUrl).hostname);
}

function siteUrlProblem(siteUrl: string): string | undefined {
  const url = new URL(siteUrl);
  if (isLoopbackSite(siteUrl)) return `"${siteUrl}" is this machine; set the public address, e.g. https://studio.in`;
  if (isReservedHost(url.hostname)) return `"${siteUrl}" is a reserved example domain`;
  if (url.protocol !== 'https:') return `"${siteUrl}" must use https://`;
  return undefined;
}

/** Domains reserved for examples and tests (RFC 2606, RFC 6761), never a real site or mailbox. */
function isReservedHost(host: string): boolean {
  const h = host.toLowerCase();
  return (
    /^example\.(com|net|org)$/.test(h) ||
    /(^|\.)(example|test|invalid|localhost|local)$/.test(h) ||
    /\.example\.(com|net|org)$/.test(h)
  );
}
