import { placeholders, type Studio } from '@/content/studio';
import type { Env } from '@/lib/env';
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
  for (const [platform, url] of Object.entries(studio.social) as [keyof Studio['social'], string][]) {
    if (!isProfileUrl(url)) {
      add(
        `STUDIO_${platform.toUpperCase()}`,
        `social.${platform}`,
        `"${url}" is the platform's home page, not a profile`,
      );
    }
  }
  return problems;
}

/** True when the site is built for this machine only (a fresh clone, `npm start`, the tests). */
export function isLoopbackSite(siteUrl: string): boolean {
  const host = new URL(siteUrl).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '::1';
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
