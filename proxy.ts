import { NextResponse, type NextRequest } from 'next/server';
import { canonicalOf } from '@/lib/routes';

/**
 * `next dev` only (the static export cannot run a proxy; see next.config.mjs): serves the case
 * aliases (/Legal, /Institute) as their canonical pages, as the export and the bundled server do.
 */
export function proxy(request: NextRequest) {
  const canonical = canonicalOf(request.nextUrl.pathname);
  if (!canonical) return NextResponse.next();
  const url = request.nextUrl.clone();
  url.pathname = canonical;
  return NextResponse.rewrite(url);
}

export const config = { matcher: ['/((?!_next/|api/|.*\\..*).*)'] };
