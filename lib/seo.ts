import type { Metadata } from 'next';
import { getEnv } from '@/lib/env';
import { routeFor, type RoutePath } from '@/lib/routes';
import { getStudio } from '@/lib/studio';

/** Absolute URL of a site path, from SITE_URL. */
export function absoluteUrl(path: string): string {
  const base = getEnv().SITE_URL;
  return path === '/' ? `${base}/` : `${base}${path}`;
}

/**
 * Title, description, canonical link, social cards and robots rules of a page, all from its
 * route-table entry. Pages that stay out of the sitemap are also kept out of search results.
 */
export function pageMetadata(
  path: RoutePath,
  overrides: Partial<Pick<Metadata, 'title' | 'description'>> = {},
): Metadata {
  const route = routeFor(path);
  const studio = getStudio();
  const title = typeof overrides.title === 'string' ? overrides.title : route.title;
  const description = typeof overrides.description === 'string' ? overrides.description : route.description;
  const url = absoluteUrl(path);
  return {
    title: (path as string) === '/' ? { absolute: `${studio.name} | ${title}` } : title,
    description,
    alternates: { canonical: url },
    openGraph: { title, description, url, siteName: studio.name, locale: 'en_IN', type: 'website' },
    twitter: { card: 'summary', title, description },
    robots: route.sitemap ? { index: true, follow: true } : { index: false, follow: true },
  };
}
