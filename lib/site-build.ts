/**
 * What a build knows that the running service must agree with: written by the build into
 * out/site-build.json (scripts/postbuild.ts) and read by the service from the folder it serves
 * (server/site/served-build.ts), also after a rebuild swaps the folder. The service never reads these
 * facts from its own environment, which can differ from the one the pages were built with.
 * Everything here is public (it is in the pages already).
 */
import { createHash } from 'node:crypto';
import { prices } from '@/content/prices';
import { calendar } from '@/content/calendar';
import { buildSettingsText, type Env } from '@/lib/env';
import { sessionsAtBuild, sessionsDigest } from '@/lib/sessions/at-build';
import { getStudio } from '@/lib/studio';
import { isRecord } from '@/lib/guards';
import { formatRupees } from '@/lib/payments/money';

/** The digest of the build settings (a change detector, not a secret: no build setting is secret). */
export const settingsFingerprint = (env: Env): string =>
  createHash('sha256').update(buildSettingsText(env)).digest('hex').slice(0, 16);

export const SITE_BUILD_FILE = 'site-build.json';

export interface SiteBuild {
  /** settingsFingerprint of the configuration the pages were built with. */
  readonly fingerprint: string;
  readonly siteUrl: string;
  /** NEXT_PUBLIC_SERVICE_URL: where the pages send forms, claims and the dashboard's calls; null: their own origin. */
  readonly serviceUrl: string | null;
  readonly studio: { readonly name: string; readonly slug: string };
  /** The masterclass sessions' starts, India time, as the pages were built with them. */
  readonly masterclassSessions: readonly string[];
  /** sessionsDigest of the service's sessions the pages list (lib/sessions/at-build.ts); '': none. */
  readonly sessionsDigest: string;
  /** Whether the pages load the analytics tag (GTM_ID set): the served pages' policy must allow it. */
  readonly analytics: boolean;
  /** Prices in paise, as the payment pages show them: the service checks them against its own (priceMismatches). */
  readonly prices: Readonly<Record<string, number>>;
}

/** The facts of a build made with `env`. */
export function siteBuildOf(env: Env): SiteBuild {
  const studio = getStudio(env);
  return {
    fingerprint: settingsFingerprint(env),
    siteUrl: env.SITE_URL,
    serviceUrl: env.NEXT_PUBLIC_SERVICE_URL ?? null,
    studio: { name: studio.name, slug: studio.slug },
    masterclassSessions: [...(env.NEXT_PUBLIC_MASTERCLASS_SESSIONS ?? calendar.masterclassSessions)],
    sessionsDigest: sessionsDigest(sessionsAtBuild()),
    analytics: Boolean(env.GTM_ID),
    prices: { ...prices },
  };
}

const isText = (v: unknown): v is string => typeof v === 'string';
/** Reads site-build.json's text; undefined when it is not such a record (an older build, a damaged file). */
export function parseSiteBuild(text: string): SiteBuild | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(value) || !isRecord(value.studio) || !isRecord(value.prices)) return undefined;
  const { fingerprint, siteUrl, serviceUrl, studio, masterclassSessions, analytics } = value;
  // A record from before the pages listed the service's sessions: none.
  const digest = value.sessionsDigest ?? '';
  if (!isText(digest)) return undefined;
  if (typeof analytics !== 'boolean') return undefined;
  if (!isText(fingerprint) || !isText(siteUrl) || !(serviceUrl === null || isText(serviceUrl))) return undefined;
  if (!isText(studio.name) || !isText(studio.slug)) return undefined;
  if (!Array.isArray(masterclassSessions) || !masterclassSessions.every(isText)) return undefined;
  const priceEntries = Object.entries(value.prices);
  if (!priceEntries.every(([, p]) => Number.isInteger(p))) return undefined;
  return {
    fingerprint,
    siteUrl,
    serviceUrl,
    studio: { name: studio.name, slug: studio.slug },
    masterclassSessions,
    sessionsDigest: digest,
    analytics,
    prices: Object.fromEntries(priceEntries) as Record<string, number>,
  };
}

/** What each price is, as a sentence names it. */
const priceNames: Record<keyof typeof prices, string> = {
  masterclass: 'the masterclass',
  courseRegistration: 'the course registration fee',
};

/**
 * Where the prices the pages were built with differ from those the service charges (content/prices.ts,
 * which the e-mails, invoices and claims use): one sentence each, naming the fix; [] when they agree.
 */
export function priceMismatches(
  shown: Readonly<Record<string, number>>,
  charged: Readonly<Record<keyof typeof prices, number>> = prices,
): string[] {
  return (Object.keys(priceNames) as (keyof typeof prices)[]).flatMap((key) => {
    const [page, service] = [shown[key], charged[key]];
    if (page === service) return [];
    const pages = page === undefined ? 'The pages show no price for' : 'The pages show';
    const at = page === undefined ? '' : ` at ${formatRupees(page)} + GST`;
    return [
      `${pages} ${priceNames[key]}${at} but the service charges ${formatRupees(service)} + GST: rebuild the site.`,
    ];
  });
}
