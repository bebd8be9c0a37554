import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { aliasRules, canonicalOf, exportFileOf, routes, sitemapPaths } from '@/lib/routes';

/** The URL paths of every static page.tsx under app/ (route groups and private folders skipped). */
function pagesUnder(dir: string, prefix = ''): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name.startsWith('_') || name.startsWith('[')) continue;
      const segment = name.startsWith('(') && name.endsWith(')') ? '' : `/${name}`;
      found.push(...pagesUnder(full, prefix + segment));
    } else if (name === 'page.tsx') {
      found.push(prefix || '/');
    }
  }
  return found;
}

describe('route table', () => {
  const pages = pagesUnder(path.join(process.cwd(), 'app')).sort();
  const table = routes.map((r) => r.path as string).sort();

  it('lists every page under app/, and every entry has a page', () => {
    expect(table).toEqual(pages);
  });

  it('has unique paths and no alias that is also a page', () => {
    expect(new Set(table).size).toBe(table.length);
    for (const rule of aliasRules) expect(table).not.toContain(rule.from);
  });

  it('maps the case aliases to their lower-case pages', () => {
    expect(canonicalOf('/Legal')).toBe('/legal');
    expect(canonicalOf('/legal')).toBeUndefined();
  });

  it('keeps thank-you pages out of the sitemap', () => {
    expect(sitemapPaths).not.toContain('/submission-successfully');
    expect(sitemapPaths).not.toContain('/Services-Thanku');
    expect(sitemapPaths).not.toContain('/book/held');
    expect(sitemapPaths).toContain('/book');
    expect(sitemapPaths).toContain('/legal');
  });

  it('names the exported file of a path', () => {
    expect(exportFileOf('/')).toBe('index.html');
    expect(exportFileOf('/institute/diploma-courses')).toBe('institute/diploma-courses.html');
  });
});
