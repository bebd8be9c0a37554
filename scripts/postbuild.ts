/**
 * Runs after `next build` (from `npm run build`): writes the case-alias copies, the host files
 * (_redirects, _headers) and the route manifest that next-sitemap reads.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { getEnv } from '@/lib/env';
import { headersFile, redirectsFile } from '@/lib/host-files';
import { aliasRules, dashboardPath, exportFileOf, routes, sitemapPaths } from '@/lib/routes';
import { getStudio } from '@/lib/studio';

const outDir = process.argv[2] ?? 'out';
const env = getEnv();

const missing = routes.filter((r) => !existsSync(path.join(outDir, exportFileOf(r.path))));
if (missing.length > 0) {
  console.error(
    `postbuild: the export has no page for ${missing.map((r) => r.path).join(', ')} (listed in lib/routes.ts)`,
  );
  process.exit(1);
}

// Aliases are copies of their page (which already names the canonical path), so that a plain
// case-sensitive file server answers them with no rewrite rules.
for (const rule of aliasRules) {
  copyFileSync(path.join(outDir, exportFileOf(rule.to)), path.join(outDir, exportFileOf(rule.from)));
}

// Deep links to any dashboard view reach the dashboard's shell, which picks the view from the address.
const dashboard = dashboardPath(getStudio().slug);
if (!existsSync(path.join(outDir, exportFileOf(dashboard)))) {
  console.error(`postbuild: the export has no dashboard page at ${dashboard}`);
  process.exit(1);
}
writeFileSync(path.join(outDir, '_redirects'), redirectsFile([`${dashboard}/*  ${dashboard}  200`]));
writeFileSync(path.join(outDir, '_headers'), headersFile(Boolean(env.GTM_ID)));

mkdirSync('.next', { recursive: true });
writeFileSync(
  path.join('.next', 'site-routes.json'),
  JSON.stringify({ siteUrl: env.SITE_URL, sitemap: sitemapPaths }, null, 2),
);

const html404 = readFileSync(path.join(outDir, '404.html'), 'utf8');
if (!html404.includes('Back to Home')) {
  console.error('postbuild: out/404.html is not the 404 page');
  process.exit(1);
}
console.log(`postbuild: ${aliasRules.length} aliases, _redirects, _headers, ${sitemapPaths.length} sitemap routes`);
