/**
 * The registrant's page in the browser: it takes its link's token from the address (and clears it),
 * and calls the registrant API with it in a header.
 */
import { serviceFetch } from '@/lib/service-client';
import { isLinkToken, joinPrefix, registrantPaths } from './registrant';

/** What the page's address fragment carries: a page link's token, a join link's, or nothing usable. */
export type FragmentLink = { kind: 'page' | 'join'; token: string } | { kind: 'none' };

function linkInFragment(hash: string): FragmentLink {
  let value = '';
  try {
    value = decodeURIComponent(hash.replace(/^#/, ''));
  } catch {
    return { kind: 'none' };
  }
  const join = value.startsWith(joinPrefix);
  const token = join ? value.slice(joinPrefix.length) : value;
  return isLinkToken(token) ? { kind: join ? 'join' : 'page', token } : { kind: 'none' };
}

/** Where the page keeps its link's token once it has left the address bar: this tab only. */
const tokenKey = 'registrant-link';

/** The page link's token: taken from the fragment (which is then cleared), else the one this tab kept. */
export function takeLinkFromAddress(): FragmentLink {
  const found = linkInFragment(window.location.hash);
  if (window.location.hash) window.history.replaceState(null, '', window.location.pathname + window.location.search);
  try {
    if (found.kind === 'page') sessionStorage.setItem(tokenKey, found.token);
    if (found.kind !== 'none') return found;
    const kept = sessionStorage.getItem(tokenKey) ?? '';
    return isLinkToken(kept) ? { kind: 'page', token: kept } : { kind: 'none' };
  } catch {
    // Storage switched off: the token lives in this page's memory only.
    return found;
  }
}

/** An answer of the registrant API: whether it went, and its body. */
export interface RegistrantReply {
  ok: boolean;
  status: number;
  body: Record<string, unknown>;
}

/** Calls the registrant API with the link's token in the Authorization header; a failed network is an answer too. */
export async function registrantRequest(
  path: (typeof registrantPaths)[keyof typeof registrantPaths],
  token: string,
  body?: unknown,
): Promise<RegistrantReply> {
  try {
    const res = await serviceFetch(path, {
      method: path === registrantPaths.view ? 'GET' : 'POST',
      cache: 'no-store',
      headers: {
        Accept: 'application/json',
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const answer: unknown = await res.json().catch(() => ({}));
    return {
      ok: res.ok,
      status: res.status,
      body: typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>) : {},
    };
  } catch {
    return {
      ok: false,
      status: 0,
      body: { message: 'Our service could not be reached. Please try again in a minute.' },
    };
  }
}
