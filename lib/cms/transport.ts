/**
 * The WordPress client's transport (lib/cms/client.ts loads page 22, its media and the collections
 * through it): one request function with a time-out, retries that honour Retry-After, capped
 * bodies, and errors that say which address failed and why. The fetch function is passed in, so
 * tests drive it with WordPress-shaped fixtures.
 */
import { isRecord } from '@/lib/guards';
import type { Env } from '@/lib/env';
import { ShapeError } from './wordpress';

/** The part of `fetch` the client uses. */
export type FetchLike = (
  url: string,
  init: { signal: AbortSignal; headers: Record<string, string> },
) => Promise<Response>;

export interface CmsClientOptions {
  /** The WordPress site, without a trailing slash. */
  baseUrl: string;
  fetch: FetchLike;
  /** Time-out of each attempt. */
  timeoutMs: number;
  /** Further attempts after the first for time-outs, network errors, 408, 429 and 5xx. */
  retries?: number;
  /** First back-off delay; doubles on each retry. */
  backoffMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Where failures that do not stop the build are reported (console.error by default). */
  logError?: (message: string, detail: string) => void;
  /** Hosts images may come from besides the CMS's own (CMS_MEDIA_HOSTS: a CDN or an offload bucket). */
  mediaHosts?: readonly string[];
}

/** The client's options from the settings (CMS_TIMEOUT_MS, CMS_MEDIA_HOSTS), for the WordPress at `baseUrl`. */
export function cmsClientOptions(
  env: Pick<Env, 'CMS_TIMEOUT_MS' | 'CMS_MEDIA_HOSTS'>,
  baseUrl: string,
  logError?: CmsClientOptions['logError'],
): CmsClientOptions {
  return {
    baseUrl,
    fetch: (url, init) => fetch(url, init),
    timeoutMs: env.CMS_TIMEOUT_MS,
    mediaHosts: env.CMS_MEDIA_HOSTS,
    ...(logError ? { logError } : {}),
  };
}

/** Limits on what the build accepts from WordPress (an image over them is left out, a page fails). */
export const CMS_LIMITS = {
  /** Largest image file copied into the export. */
  imageBytes: 5 * 1024 * 1024,
  /** Largest width or height of an image, in pixels. */
  imageSide: 8000,
  /** Largest JSON answer (page 22 is a few KB). */
  jsonBytes: 2 * 1024 * 1024,
} as const;

/** A request that failed for good: names the URL and the cause in one line. */
export class CmsRequestError extends Error {
  override name = 'CmsRequestError';
  constructor(
    readonly url: string,
    readonly reason: string,
    readonly retryable: boolean,
    readonly status?: number,
    /** WordPress's error code (rest_forbidden …) when the body was its JSON error. */
    readonly code?: string,
  ) {
    super(`${url}: ${reason}`);
  }
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const MAX_RETRY_AFTER_MS = 30_000;

/** A short reason for an error status: WordPress's own code and message when the body is its JSON error. */
function statusReason(
  status: number,
  statusText: string,
  body: string,
  contentType: string,
): { reason: string; code?: string } {
  const base = `HTTP ${status}${statusText ? ` ${statusText}` : ''}`;
  if (/html/i.test(contentType) || /^\s*</.test(body)) return { reason: `${base} (an HTML error page)` };
  try {
    const json: unknown = JSON.parse(body);
    if (isRecord(json) && typeof json.code === 'string') {
      const message = typeof json.message === 'string' ? `: ${json.message}` : '';
      return { reason: `${base} ${json.code}${message}`, code: json.code };
    }
  } catch {
    // not JSON: the status says enough
  }
  return { reason: base };
}

const megabytes = (bytes: number): string => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** A body read up to `maxBytes`: a larger one is refused without reading the rest. */
export async function readCapped(response: Response, url: string, maxBytes: number): Promise<Uint8Array> {
  const tooLarge = (size: string) =>
    new CmsRequestError(url, `is ${size}, over the ${megabytes(maxBytes)} limit`, false);
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge(megabytes(declared));
  }
  if (!response.body) return new Uint8Array(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(`more than ${megabytes(maxBytes)}`);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function retryAfterMs(response: Response): number | undefined {
  const value = response.headers.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.min(seconds * 1000, MAX_RETRY_AFTER_MS);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.min(Math.max(at - Date.now(), 0), MAX_RETRY_AFTER_MS);
}

/** `error.message` of anything thrown, also for errors from another realm (instanceof fails there). */
function messageOf(error: unknown): string {
  return isRecord(error) && typeof error.message === 'string' ? error.message : String(error);
}

/** A network error with its underlying cause (ECONNREFUSED, ENOTFOUND …), which fetch hides in `cause`. */
function describeNetworkError(error: unknown): string {
  const cause = isRecord(error) ? error.cause : undefined;
  if (!isRecord(cause)) return messageOf(error);
  if (/redirect count exceeded/i.test(messageOf(cause))) return 'a redirect loop';
  return `${messageOf(error)}: ${typeof cause.code === 'string' ? cause.code : messageOf(cause)}`;
}

async function attempt<T>(
  url: string,
  opts: CmsClientOptions,
  accept: string,
  read: (response: Response) => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; error: CmsRequestError; waitMs?: number }> {
  const signal = AbortSignal.timeout(opts.timeoutMs);
  let response: Response;
  try {
    response = await opts.fetch(url, { signal, headers: { Accept: accept, 'User-Agent': 'studio-site-build' } });
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    if (name === 'TimeoutError' || name === 'AbortError' || signal.aborted) {
      return { ok: false, error: new CmsRequestError(url, `timed out after ${opts.timeoutMs} ms`, true) };
    }
    const cause = describeNetworkError(error);
    // A redirect loop does not mend itself on a retry.
    if (cause === 'a redirect loop')
      return { ok: false, error: new CmsRequestError(url, 'redirects in a loop', false) };
    return { ok: false, error: new CmsRequestError(url, `unreachable (${cause})`, true) };
  }
  if (!response.ok) {
    const body = await readCapped(response, url, 64 * 1024).then(
      (bytes) => new TextDecoder().decode(bytes),
      () => '',
    );
    const retryable = response.status === 408 || response.status === 429 || response.status >= 500;
    const { reason, code } = statusReason(
      response.status,
      response.statusText,
      body.slice(0, 4096),
      response.headers.get('content-type') ?? '',
    );
    return {
      ok: false,
      error: new CmsRequestError(url, reason, retryable, response.status, code),
      waitMs: retryAfterMs(response),
    };
  }
  try {
    return { ok: true, value: await read(response) };
  } catch (error) {
    if (error instanceof CmsRequestError) return { ok: false, error };
    const name = error instanceof Error ? error.name : '';
    const timedOut = name === 'TimeoutError' || name === 'AbortError' || signal.aborted;
    const reason = timedOut
      ? `timed out after ${opts.timeoutMs} ms`
      : error instanceof Error
        ? error.message
        : String(error);
    return { ok: false, error: new CmsRequestError(url, reason, timedOut) };
  }
}

/** GETs `url`, retrying time-outs, network errors, 408, 429 and 5xx with exponential back-off. */
export async function request<T>(
  url: string,
  opts: CmsClientOptions,
  accept: string,
  read: (response: Response) => Promise<T>,
): Promise<T> {
  const retries = opts.retries ?? 3;
  const backoff = opts.backoffMs ?? 500;
  const sleep = opts.sleep ?? defaultSleep;
  for (let i = 0; ; i += 1) {
    const result = await attempt(url, opts, accept, read);
    if (result.ok) return result.value;
    if (!result.error.retryable || i >= retries) throw result.error;
    await sleep(Math.max(backoff * 2 ** i, result.waitMs ?? 0));
  }
}

/** Reads a body as JSON, refusing HTML pages (firewalls and hosts answer 200 with those) and invalid JSON. */
async function readJson(response: Response, url: string): Promise<unknown> {
  const contentType = response.headers.get('content-type') ?? '';
  const body = new TextDecoder().decode(await readCapped(response, url, CMS_LIMITS.jsonBytes));
  if (/html/i.test(contentType) || /^\s*</.test(body)) {
    throw new CmsRequestError(response.url || '', 'answered an HTML page instead of JSON', false);
  }
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new CmsRequestError(response.url || '', 'answered invalid JSON', false);
  }
}

/** GETs JSON and checks it with `parse`; every failure is a CmsRequestError naming `url`. */
export async function getJson<T>(url: string, opts: CmsClientOptions, parse: (json: unknown) => T): Promise<T> {
  return (await getJsonPage(url, opts, parse)).value;
}

/** getJson, with the number of pages WordPress says a list has (X-WP-TotalPages; 1 without it). */
export async function getJsonPage<T>(
  url: string,
  opts: CmsClientOptions,
  parse: (json: unknown) => T,
): Promise<{ value: T; totalPages: number }> {
  return request(url, opts, 'application/json', async (response) => {
    const pages = Number(response.headers.get('x-wp-totalpages'));
    const totalPages = Number.isInteger(pages) && pages > 0 ? pages : 1;
    let json: unknown;
    try {
      json = await readJson(response, url);
    } catch (error) {
      if (error instanceof CmsRequestError) throw new CmsRequestError(url, error.reason, false);
      throw error;
    }
    try {
      return { value: parse(json), totalPages };
    } catch (error) {
      if (error instanceof ShapeError) throw new CmsRequestError(url, error.message, false);
      throw error;
    }
  });
}
