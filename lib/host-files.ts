import { createHash } from 'node:crypto';
import { publicServiceUrl } from '@/lib/public-env';
import { aliasRules } from '@/lib/routes';

/** Hashes of the inline scripts of an HTML page, for a script-src that allows exactly those. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    const body = match[1] ?? '';
    if (body.length === 0) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** Text formats worth compressing: the build writes a `.br` and a `.gz` beside each (scripts/postbuild.ts). */
export const compressible = /\.(html|js|mjs|css|json|txt|xml|svg|map|webmanifest|vtt|ico)$/i;

/** HSTS, sent only on answers that reached the visitor over HTTPS. */
export const strictTransportSecurity = 'max-age=63072000; includeSubDomains';

/**
 * Security headers, shared by the bundled server and the `_headers` file for static hosts.
 * `script-src` allows the site's own files plus `scriptHashes`, the inline scripts of the page
 * being served (a static export inlines its bootstrap data): never 'unsafe-inline'.
 */
export function securityHeaders(
  opts: { scriptHashes?: readonly string[]; analytics?: boolean; serviceUrl?: string; camera?: boolean } = {},
): Record<string, string> {
  const gtm = opts.analytics ? ' https://www.googletagmanager.com' : '';
  // Pages whose service runs on another origin (NEXT_PUBLIC_SERVICE_URL) call it and post forms to it.
  const serviceUrl = opts.serviceUrl ?? publicServiceUrl();
  const service = serviceUrl ? ` ${new URL(serviceUrl).origin}` : '';
  const csp = [
    "default-src 'self'",
    `script-src ${["'self'", ...(opts.scriptHashes ?? [])].join(' ')}${gtm}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https:`,
    "font-src 'self'",
    `connect-src 'self' https:${service}`,
    'frame-src https://www.google.com https://maps.google.com https://www.youtube-nocookie.com https://www.youtube.com https://player.vimeo.com',
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self'${service}`,
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    // The staff dashboard's Check in view scans tickets with the phone's camera; no other page may.
    'Permissions-Policy': `camera=${opts.camera ? '(self)' : '()'}, microphone=(), geolocation=(), payment=()`,
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
}

/** The staff dashboard's pages (`/dashboard-<slug>/…`, lib/routes.ts): the only ones allowed the camera. */
export const isDashboardPath = (path: string): boolean => /^\/dashboard-[\w-]+(\/|$)/.test(path);

/** `_redirects` for hosts that read one (Netlify, Cloudflare Pages): the case aliases, as rewrites. */
export function redirectsFile(extra: readonly string[] = []): string {
  const lines = aliasRules.map((rule) => `${rule.from}  ${rule.to}  200`);
  return `${[...lines, ...extra].join('\n')}\n`;
}

/** One page of the export: its URL path and the hashes of its inline scripts. */
export interface PageScripts {
  path: string;
  scriptHashes: readonly string[];
}

/**
 * `_headers` for hosts that read one (Netlify, Cloudflare Pages). Such hosts merge every block that
 * matches a path and join repeated headers with a comma, which for a CSP means both policies
 * apply. So `/*` carries the security headers with a CSP that says nothing about scripts (and no
 * default-src, which would stand for script-src), and each page's own block carries the full
 * policy with exactly its inline scripts' hashes: never 'unsafe-inline'. Hashed assets are cached
 * for a year.
 */
export function headersFile(analytics: boolean, pages: readonly PageScripts[] = []): string {
  const { 'Content-Security-Policy': _page, ...common } = securityHeaders({ analytics });
  const serviceUrl = publicServiceUrl();
  const base = `object-src 'none'; base-uri 'self'; form-action 'self'${serviceUrl ? ` ${new URL(serviceUrl).origin}` : ''}; frame-ancestors 'none'`;
  const lines = (headers: Record<string, string>) =>
    Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`);
  const blocks = [
    ['/*', ...lines({ ...common, 'Content-Security-Policy': base })],
    ...pages.map((page) => [
      page.path,
      ...lines({
        'Content-Security-Policy':
          securityHeaders({ analytics, scriptHashes: page.scriptHashes })['Content-Security-Policy'] ?? '',
      }),
    ]),
    ['/_next/static/*', '  Cache-Control: public, max-age=31536000, immutable'],
  ];
  return `${blocks.map((b) => b.join('\n')).join('\n')}\n`;
}
