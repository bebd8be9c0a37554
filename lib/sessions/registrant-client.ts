/**
 * The registrant's page in the browser: it takes its link's token from the address (and clears it),
 * and calls the registrant API with it in a header, through the service's typed client.
 */
import { attempt, failureText, type Outcome, publicClient } from '@/lib/service-client';
import { isLinkToken, type JoinAnswer, joinPrefix, type RegistrantAnswer } from './registrant';

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

/** A registrant call's answer, or the words the page shows for its failure. */
export type Reply<T> = { ok: true; value: T } | { ok: false; message: string };

/** The registration the page link opens: its state, what it may move to, its ticket and waitlists. */
export async function readRegistration(token: string): Promise<Reply<RegistrantAnswer>> {
  const read = await attempt(
    () => publicClient(token).registrant.$get(),
    (res) => res.json(),
  );
  return read.ok ? read : { ok: false, message: failureText(read) };
}

/** Where a join link leads now; a link that is not valid, or no answer, is a closed one. */
export async function openJoinLink(token: string): Promise<JoinAnswer> {
  const read = await attempt(
    () => publicClient(token).join.$post(),
    (res) => res.json(),
  );
  return read.ok ? read.value : { state: 'closed' };
}

/** A change to the seat as the page shows it: whether it went through, and the service's message (or why not). */
const changed = (sent: Outcome<{ message: string }>) =>
  sent.ok ? { ok: true, message: sent.value.message } : { ok: false, message: failureText(sent) };

/** Moves the registrant's seat to another upcoming masterclass session. */
export const moveSeat = async (token: string, sessionId: number) =>
  changed(
    await attempt(
      () => publicClient(token).registrant.move.$post({ json: { sessionId } }),
      (res) => res.json(),
    ),
  );

/** Cancels the registrant's seat. */
export const cancelSeat = async (token: string) =>
  changed(
    await attempt(
      () => publicClient(token).registrant.cancel.$post(),
      (res) => res.json(),
    ),
  );
