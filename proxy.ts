import { NextResponse, type NextRequest } from 'next/server';
import { canonicalOf } from '@/lib/routes';
import { dashboardPath } from '@/lib/dashboard/views';
import { getStudio } from '@/lib/studio';

/**
 * `next dev` only (the static export cannot run a proxy; see next.config.mjs): serves the case
 * aliases (/Legal, /Institute) as their canonical pages, as the export and the bundled server do,
 * and every nested dashboard path (its views) as the dashboard's one page, as the bundled server and
 * `_redirects` do.
 */
export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  const dashboard = dashboardPath(getStudio().slug);
  if (pathname.startsWith(`${dashboard}/`)) {
    const url = request.nextUrl.clone();
    url.pathname = dashboard;
    return NextResponse.rewrite(url);
  }
  const canonical = canonicalOf(pathname);
  if (!canonical) return NextResponse.next();
  const url = request.nextUrl.clone();
  url.pathname = canonical;
  return NextResponse.rewrite(url);
}

export const config = { matcher: ['/((?!_next/|api/|.*\\..*).*)'] };
