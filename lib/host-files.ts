import { aliasRules } from '@/lib/routes';

/**
 * Security headers, shared by the bundled server and the `_headers` file for static hosts.
 * `script-src` allows inline scripts because a static export inlines its bootstrap data; the
 * bundled server replaces that with per-page hashes.
 */
export function securityHeaders(opts: { scriptSrc?: string; analytics?: boolean } = {}): Record<string, string> {
  const gtm = opts.analytics ? ' https://www.googletagmanager.com' : '';
  const csp = [
    "default-src 'self'",
    `script-src ${opts.scriptSrc ?? "'self' 'unsafe-inline'"}${gtm}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https:`,
    "font-src 'self'",
    `connect-src 'self' https:`,
    'frame-src https://www.google.com https://maps.google.com https://www.youtube-nocookie.com https://www.youtube.com https://player.vimeo.com',
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}

/** `_redirects` for hosts that read one (Netlify, Cloudflare Pages): the case aliases, as rewrites. */
export function redirectsFile(extra: readonly string[] = []): string {
  const lines = aliasRules.map((rule) => `${rule.from}  ${rule.to}  200`);
  return [...lines, ...extra].join('\n') + '\n';
}

/** `_headers` for hosts that read one: security headers everywhere, long caching for hashed assets. */
export function headersFile(analytics: boolean): string {
  const headers = Object.entries(securityHeaders({ analytics }))
    .map(([name, value]) => `  ${name}: ${value}`)
    .join('\n');
  return `/*\n${headers}\n/_next/static/*\n  Cache-Control: public, max-age=31536000, immutable\n`;
}
