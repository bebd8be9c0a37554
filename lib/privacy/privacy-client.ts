'use client';

/**
 * The browser's calls for personal data: the visitor's "Your data" page (a link by e-mail, opening
 * it, a download, requests) and the staff's People, Requests and Access log views. Each resolves with
 * an outcome (lib/service-client.ts's `attempt`), never thrown.
 */
import { attempt, readAnswer, type Answer, staffClient, yourDataClient } from '@/lib/service-client';

/** Saves a downloaded file under its name. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The "Your data" routes (server/privacy/data-requests.ts), typed by their own declarations. */
const yourData = () => yourDataClient()['your-data'];
/** A "Your data" session, sent in the Authorization header (never in a URL). */
const bearer = (session: string) => ({ headers: { Authorization: `Bearer ${session}` } });

/** Asks for a link by e-mail; the answer is the same whether or not the address is known. */
export const askForLink = (email: string) =>
  attempt(
    () => yourData().link.$post({ json: { email } }),
    async (res) => ({ message: (await readAnswer(res)).message ?? '' }),
  );

/** Opens a link's token: what is held, and the session that shows it until it expires. */
export const openLink = (token: string) =>
  attempt(
    () => yourData().open.$post({ json: { token } }),
    (res) => res.json(),
  );

/** The visitor's request for a correction (with what to correct) or an erasure. */
export const askForChange = (session: string, kind: 'correction' | 'erasure', details: string) =>
  attempt(
    () => yourData().requests.$post({ json: { kind, details } }, bearer(session)),
    (res) => res.json(),
  );

/** Everything held about the visitor, as a JSON file. */
export const downloadOwnData = (session: string) =>
  attempt(
    () => yourData().download.$post(undefined, bearer(session)),
    (res) => res.blob(),
  );

const staff = () => staffClient();

/** Everything held about the person `q` names (a search: written to the access log). */
export const searchPerson = (q: string) =>
  attempt(
    () => staff().people.search.$post({ json: { q } }),
    (res) => res.json(),
  );
export type Found = Answer<typeof searchPerson>;

/** Everything held about the person `q` names, as a file. */
export const exportPerson = (q: string, format: 'json' | 'csv') =>
  attempt(
    () => staff().people.export.$post({ json: { q, format } }),
    (res) => res.blob(),
  );

/** Corrects one field of one of the person's submissions. */
export const correctField = (q: string, correction: { form: string; id: number; field: string; value: string }) =>
  attempt(
    () => staff().people.correct.$post({ json: { q, ...correction } }),
    (res) => res.json(),
  );

/** Erases everything held about the person `q` names. */
export const erasePerson = (q: string) =>
  attempt(
    () => staff().people.erase.$post({ json: { q, confirm: 'erase' } }),
    (res) => res.json(),
  );

/** The visitors' requests from the "Your data" page. */
export const fetchRequests = () =>
  attempt(
    () => staff().privacy.requests.$get(),
    async (res) => (await res.json()).requests,
  );

/** Answers a visitor's request: erases (confirmed), marks it done, or refuses it, with what was done. */
export const answerRequest = (id: number, action: 'erase' | 'done' | 'refuse', outcome: string) =>
  attempt(
    () =>
      staff().privacy.requests[':id{[0-9]+}'].$post({
        param: { id: String(id) },
        json: { action, outcome, ...(action === 'erase' ? { confirm: 'erase' as const } : {}) },
      }),
    (res) => res.json(),
  );

/** The access log, or only the entries of the person `q` names. */
export const fetchAccessLog = (q: string) =>
  attempt(
    () => staff().privacy.log.$post({ json: { q } }),
    (res) => res.json(),
  );
