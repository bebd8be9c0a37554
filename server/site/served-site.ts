import type { Env } from '@/lib/env';
import { priceMismatches, SITE_BUILD_FILE, type SiteBuild, siteBuildOf as fallbackSiteBuild } from '@/lib/site-build';
import type { OwnerLog } from '../platform/log';
import { servedSiteBuild } from './served-build';

/** The folder the site is served from and what its pages were built with. */
export interface ServedSite {
  /** The folder served now. */
  root: () => string;
  /** Serves from `root` from now on (the rebuilds' folders). */
  serveFrom: (root: () => string) => void;
  /** The served folder's own record of its build, if it has one. */
  recorded: () => SiteBuild | undefined;
  /** What the pages were built with: the record, or the current settings when there is none. */
  builtWith: () => SiteBuild;
  /** Pages built with other prices than the service charges. */
  priceWarnings: () => string[];
  /** Writes each price warning to the owner's log. */
  logPriceWarnings: () => void;
}

/**
 * The site served from `outDir` until rebuilds serve it from their own folders. What the pages
 * were built with (sessions, the studio's identity, addresses, prices) is read from the folder
 * served, also after a rebuild swaps it: never a second reading of the environment. Pages built
 * with other prices than the service charges (content/prices.ts) are said at start, after each swap
 * of the served folder, in /api/health and by npm run check:launch.
 */
export function servedSite(env: Env, outDir: string, log: OwnerLog): ServedSite {
  let root = () => outDir;
  const recorded = servedSiteBuild(() => root());
  const builtWith = () => recorded() ?? fallbackSiteBuild(env);
  const priceWarnings = () => priceMismatches(builtWith().prices);
  return {
    root: () => root(),
    serveFrom: (next) => {
      root = next;
    },
    recorded,
    builtWith,
    priceWarnings,
    logPriceWarnings: () => {
      for (const line of priceWarnings()) log('build', line);
    },
  };
}

/** Says at start when the folder served has no record of its build, then any price warnings. */
export function checkServedSite(site: ServedSite): void {
  if (!site.recorded())
    console.warn(`${site.root()} has no ${SITE_BUILD_FILE}: run npm run build; using the current settings meanwhile.`);
  site.logPriceWarnings();
}
