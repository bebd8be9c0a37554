// Reads the route manifest that scripts/postbuild.ts writes from lib/routes.ts, so the sitemap
// lists exactly the table's indexable routes (never aliases, thank-you pages or the dashboard), and
// robots.txt has the manifest's rules (lib/seo.ts robotsTxtPolicy: nothing allowed in preview).
import { readFileSync } from 'node:fs';

const manifest = JSON.parse(readFileSync('.next/site-routes.json', 'utf8'));
const listed = new Set(manifest.sitemap);

/** @type {import('next-sitemap').IConfig} */
const config = {
  siteUrl: manifest.siteUrl,
  output: 'export',
  outDir: 'out',
  generateIndexSitemap: false,
  generateRobotsTxt: true,
  autoLastmod: true,
  changefreq: 'weekly',
  priority: 0.7,
  transform: async (cfg, path) =>
    listed.has(path)
      ? {
          loc: path,
          changefreq: cfg.changefreq,
          priority: path === '/' ? 1 : cfg.priority,
          lastmod: new Date().toISOString(),
        }
      : null,
  robotsTxtOptions: { policies: manifest.robots },
};

export default config;
