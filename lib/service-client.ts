/**
 * The browser's one way to the submissions service: forms, payment claims and the staff
 * workspace all call it through this module, with one base address, one reader of answers, one way
 * to call (`attempt`, whose outcome is never thrown) and one wording of a failure (`failureText`).
 * Each domain's calls are in lib/<domain>/<domain>-client.ts.
 *
 * The base is NEXT_PUBLIC_SERVICE_URL (built into the pages) when the service runs on another
 * origin than the pages, else the page's own origin. Requests are typed by Hono's client over the
 * service's own route types (server/contract.ts, types only).
 */
import { hc } from 'hono/client';
import { publicServiceUrl } from '@/lib/public-env';
import { postPath } from '@/lib/forms/contract';
import type { FormRoutes, PublicApi, StaffRoutes, YourDataRoutes } from '@/server/contract';

/** The service's origin as the page should call it: its own address, or the page's origin. */
function serviceBase(): string {
  return publicServiceUrl() ?? globalThis.location?.origin ?? 'http://localhost';
}

/** A service path as a link or form action: absolute when the service is elsewhere, else the path itself. */
export function serviceHref(path: `/${string}`): string {
  return `${publicServiceUrl() ?? ''}${path}`;
}

/** The payment claim's path on the service (POST /api/payments/claims: server/payments/claims.ts). */
const claimPath = '/api/payments/claims';

/** Where a booking of studio time is sent (POST /api/bookings): the booking page's form posts here. */
const bookingsPath = '/api/bookings';

/**
 * Where a form posts when the browser sends it itself (without JavaScript, or before its script
 * runs): the one place the HTML forms' action addresses come from, so that every form, the payment
 * claims included, reaches the service with method POST and nothing typed travels in a URL.
 */
export function formAction(form: string): string {
  if (form === 'payment-claim') return serviceHref(claimPath);
  return serviceHref(form === 'booking' ? bookingsPath : postPath(form));
}

/** Whether the page is served by the service's own origin (the staff dashboard must be). */
export function onServiceOrigin(): boolean {
  const base = publicServiceUrl();
  return base === undefined || new URL(base).origin === globalThis.location?.origin;
}

/** An answer as read: the service's message and field errors, when they have the right shape. */
export interface ServiceAnswer {
  readonly message?: string;
  readonly fieldErrors?: Readonly<Record<string, string>>;
}

/**
 * The one reader of the service's answers, success or error: `{ message?, errors? }` from the
 * JSON body, checked rather than cast; never throws (a body that is not such JSON reads as {}).
 */
export async function readAnswer(response: Response): Promise<ServiceAnswer> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return {};
  }
  if (typeof body !== 'object' || body === null) return {};
  const message = 'message' in body && typeof body.message === 'string' ? body.message : undefined;
  const errors = 'errors' in body && typeof body.errors === 'object' && body.errors !== null ? body.errors : {};
  const fieldErrors = Object.fromEntries(
    Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  return {
    ...(message !== undefined ? { message } : {}),
    ...(Object.keys(fieldErrors).length > 0 ? { fieldErrors } : {}),
  };
}

/** A 2xx answer: the typed client then knows which body it holds. */
const isOk = <R extends Response>(res: R): res is Extract<R, { ok: true }> => res.ok;

/**
 * A call that failed: its status (0: no answer), the service's own message (undefined when it gave
 * none: failureText then says it) and the field errors it named, if any.
 */
export interface Failure {
  readonly ok: false;
  readonly status: number;
  readonly message: string | undefined;
  readonly fieldErrors?: Readonly<Record<string, string>>;
}

/** What a typed call came to, never thrown: its answer as read, or its failure. */
export type Outcome<T> = { ok: true; value: T } | Failure;

/** The answer a call resolves with when it works: `Answer<typeof fetchMonth>`. */
export type Answer<F extends (...args: never[]) => Promise<Outcome<unknown>>> = Extract<
  Awaited<ReturnType<F>>,
  { ok: true }
>['value'];

/**
 * Runs a typed call and reads its 2xx answer with `read` (its JSON, or a file's Blob): a network
 * failure, an error answer and an answer that cannot be read (a static host's page where the service
 * should be) are outcomes, never thrown.
 */
export async function attempt<R extends Response, T>(
  request: () => Promise<R>,
  read: (res: Extract<R, { ok: true }>) => Promise<T>,
): Promise<Outcome<T>> {
  let res: R;
  try {
    res = await request();
  } catch {
    return { ok: false, status: 0, message: undefined };
  }
  if (!isOk(res)) {
    const { message, fieldErrors } = await readAnswer(res);
    return { ok: false, status: res.status, message, ...(fieldErrors ? { fieldErrors } : {}) };
  }
  try {
    return { ok: true, value: await read(res) };
  } catch {
    return { ok: false, status: res.status, message: undefined };
  }
}

/**
 * A failure in the words every page shows: the service's message; else its status, for an error
 * answer; else (no answer, or one that cannot be read) that it could not be reached.
 */
export function failureText(failed: Pick<Failure, 'status' | 'message'>): string {
  if (failed.message !== undefined) return failed.message;
  if (failed.status >= 400) return `The service answered ${failed.status}.`;
  return 'The service could not be reached. Check your connection and try again.';
}

const fetchOptions = (fetchImpl?: typeof fetch) => ({
  init: { credentials: 'same-origin' as const },
  ...(fetchImpl ? { fetch: fetchImpl } : {}),
});

/** The typed client of the form routes (visitor forms and the pro audio form). */
export function formsClient(base = serviceBase(), fetchImpl?: typeof fetch) {
  return hc<FormRoutes>(base, fetchImpl ? { fetch: fetchImpl } : undefined);
}

/** The typed client of the "Your data" page's routes under /api (link, open, view, download, requests). */
export function yourDataClient(base = serviceBase(), fetchImpl?: typeof fetch) {
  return hc<YourDataRoutes>(`${base}/api`, fetchOptions(fetchImpl));
}

/**
 * The typed client of the routes visitors' and registrants' pages call under /api (server/contract.ts's
 * PublicApi): the public list of sessions, the certificate check, and, with a registrant's link
 * `token` (sent as `Authorization: Bearer`, never in an address, and never cached), their page, join
 * link, certificates, invoices and refund request.
 */
export function publicClient(token?: string, base = serviceBase(), fetchImpl?: typeof fetch) {
  const options = fetchOptions(fetchImpl);
  if (token === undefined) return hc<PublicApi>(`${base}/api`, { ...options, headers: { Accept: 'application/json' } });
  return hc<PublicApi>(`${base}/api`, {
    ...options,
    init: { ...options.init, cache: 'no-store' },
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
  });
}

/**
 * The typed client of every staff route under /api (server/contract.ts's StaffRoutes): sign-in,
 * the workspace, payments, sessions, check-in, certificates, people, books, builds and backups.
 */
export function staffClient(base = serviceBase(), fetchImpl?: typeof fetch) {
  return hc<StaffRoutes>(`${base}/api`, fetchOptions(fetchImpl));
}
