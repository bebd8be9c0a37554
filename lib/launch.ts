import { developmentNotice } from '@/content/navigation';
import { booksLaunchProblems } from '@/lib/books/config';
import { placeholders, type Studio } from '@/content/studio';
import { type Env, isLoopbackHost } from '@/lib/env';
import { getStudio, isProfileUrl } from '@/lib/studio';

/**
 * The launch check: everything that would ship a placeholder to real visitors, one line per item,
 * naming the variable (or the record in content/studio.ts) that sets it. A build for a public
 * SITE_URL refuses to run while this list is not empty (scripts/check-env.ts).
 */
export function launchProblems(env: Env): string[] {
  const studio = getStudio(env);
  const problems: string[] = [];
  const add = (variable: string, record: string | undefined, problem: string) =>
    problems.push(`${variable}${record ? ` (or ${record} in content/studio.ts)` : ''}: ${problem}`);

  const site = siteUrlProblem(env.SITE_URL);
  if (site) add('SITE_URL', undefined, site);
  if (studio.upi.id === placeholders.upiId || /@example$/i.test(studio.upi.id)) {
    add('STUDIO_UPI_ID', 'upi.id', `"${studio.upi.id}" is a placeholder; a visitor would pay an invalid UPI ID`);
  }
  if (!env.STUDIO_UPI_NAME && studio.upi.payeeName === placeholders.upiPayeeName) {
    add('STUDIO_UPI_NAME', 'upi.payeeName', 'set the payee name exactly as the bank account shows it');
  }
  if (studio.whatsapp === placeholders.whatsapp || /^91\d0{9}$/.test(studio.whatsapp)) {
    add('STUDIO_WHATSAPP', 'whatsapp', `"${studio.whatsapp}" is a placeholder number`);
  }
  if (studio.email === placeholders.email || isReservedHost(studio.email.split('@')[1] ?? '')) {
    add('STUDIO_EMAIL', 'email', `"${studio.email}" is a placeholder address`);
  }
  if (studio.address.street === placeholders.street || /to be set/i.test(studio.address.street)) {
    add('STUDIO_STREET', 'address.street', `"${studio.address.street}" is a placeholder address`);
  }
  if (studio.mapEmbedUrl === placeholders.mapEmbedUrl) {
    add('STUDIO_MAP_EMBED_URL', 'mapEmbedUrl', 'the map shows the city, not the studio');
  }
  if (studio.grievance.name === placeholders.grievanceName || /to be named/i.test(studio.grievance.name)) {
    add('STUDIO_GRIEVANCE_NAME', 'grievance.name', 'name the person who answers privacy requests and complaints');
  }
  if (
    studio.grievance.email === placeholders.grievanceEmail ||
    isReservedHost(studio.grievance.email.split('@')[1] ?? '')
  ) {
    add('STUDIO_GRIEVANCE_EMAIL', 'grievance.email', `"${studio.grievance.email}" is a placeholder address`);
  }
  if (studio.mapLink === placeholders.mapLink)
    add('STUDIO_MAP_LINK', 'mapLink', 'the map link shows the city, not the studio');
  for (const [platform, url] of Object.entries(studio.social) as [keyof Studio['social'], string | null][]) {
    if (url !== null && !isProfileUrl(url)) {
      add(
        `STUDIO_${platform.toUpperCase()}`,
        `social.${platform}`,
        `"${url}" is the platform's home page, not a profile; set the profile's address, or none when the studio has none there`,
      );
    }
  }
  if (env.SITE_NOTICE === undefined || env.SITE_NOTICE === developmentNotice) {
    problems.push(
      'SITE_NOTICE: every page would say the site is under development; set SITE_NOTICE=off, or a notice of your own',
    );
  }
  problems.push(...booksLaunchProblems(env, studio));
  for (const claim of launchClaims) {
    if (!env.LAUNCH_CONFIRMED_CLAIMS.includes(claim.name)) {
      problems.push(
        `LAUNCH_CONFIRMED_CLAIMS: "${claim.text}" (${claim.where}) is unverified; when it is true add ${claim.name} to LAUNCH_CONFIRMED_CLAIMS, else change or remove it there`,
      );
    }
  }
  return problems;
}

/** A statement on the pages that only the studio can vouch for: the owner confirms it by name. */
export interface LaunchClaim {
  readonly name: string;
  readonly text: string;
  /** The record that holds it. */
  readonly where: string;
}

/** The claims the pages make today, each to be confirmed before a public build. */
export const launchClaims: readonly LaunchClaim[] = [
  { name: 'attendees', text: '10k+ attendees', where: 'content/forms/masterclass.ts, badges.attendees' },
  {
    name: 'reviewers',
    text: 'Rated by more than 50 reviewers on Google Maps',
    where: 'content/home.ts, rating.text',
  },
];

/** The content records the launch check reads (the exported arrays of content/). */
export interface LaunchContent {
  readonly news: readonly { readonly date: string; readonly title: string }[];
  readonly artists: readonly { readonly name: string; readonly image: { readonly src: string } }[];
  readonly testimonials: readonly { readonly name: string; readonly image: string }[];
  readonly gallery: readonly { readonly img: string; readonly title: string }[];
}

/** News older than this at build time is stale: it announces what has passed. */
export const NEWS_MAX_AGE_DAYS = 90;

/** The people's names shipped with the project as placeholders (content/artists.ts, content/testimonials.ts). */
const placeholderNames: ReadonlySet<string> = new Set([
  'Aarohi',
  'The Monsoon Lines',
  'Kabir Saxena',
  'Singer-songwriter, recording client',
  'Student, music production certification',
  'Band, mixing and mastering client',
]);

/**
 * What a public build must not ship from the content records, one line each naming the record
 * that fixes it: news dated more than NEWS_MAX_AGE_DAYS before `today` (or after it: a typo),
 * placeholder names, and images that are still the generated placeholders (`isPlaceholderImage`
 * looks at the file behind a site path).
 */
export function checkContent(
  content: LaunchContent,
  opts: { today: Date; isPlaceholderImage: (src: string) => boolean },
): string[] {
  const problems: string[] = [];
  const day = 86_400_000;
  for (const item of content.news) {
    const age = (opts.today.getTime() - Date.parse(`${item.date}T00:00:00+05:30`)) / day;
    if (!(age <= NEWS_MAX_AGE_DAYS)) {
      problems.push(
        `content/news.ts: "${item.title}" is dated ${item.date}, more than ${NEWS_MAX_AGE_DAYS} days ago; update or remove it`,
      );
    } else if (age < -1) {
      problems.push(`content/news.ts: "${item.title}" is dated ${item.date}, in the future; correct its date`);
    }
  }
  for (const artist of content.artists) {
    if (placeholderNames.has(artist.name))
      problems.push(`content/artists.ts: "${artist.name}" is a placeholder artist; set a signed artist's name`);
    if (opts.isPlaceholderImage(artist.image.src))
      problems.push(
        `content/artists.ts: ${artist.image.src} (${artist.name}) is a generated placeholder; use the artist's photo`,
      );
  }
  for (const person of content.testimonials) {
    if (placeholderNames.has(person.name))
      problems.push(`content/testimonials.ts: "${person.name}" is a placeholder; name the person as they agreed`);
    if (opts.isPlaceholderImage(person.image))
      problems.push(`content/testimonials.ts: ${person.image} (${person.name}) is a generated placeholder image`);
  }
  for (const item of content.gallery) {
    if (opts.isPlaceholderImage(item.img))
      problems.push(`content/gallery.ts: ${item.img} ("${item.title}") is a generated placeholder; use a photo`);
  }
  return problems;
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
