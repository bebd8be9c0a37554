/**
 * The WordPress transport used at build time (scripts/cms-sync.ts, scripts/cms-pull.ts): one
 * request function with a time-out and retries, and the loaders of page 22 and its media. The
 * fetch function is passed in, so tests drive it with WordPress-shaped fixtures.
 */
import { imageSize, type ImageInfo } from './image-size';
import type { HomeCmsContent, RemoteImage } from './types';
import { CMS_PAGE_ID, mediaIdsOf, parseMedia, parsePage, ShapeError, toHomeContent, type WpMedia } from './wordpress';

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
}

/** A request that failed for good: names the URL and the cause in one line. */
export class CmsRequestError extends Error {
  override name = 'CmsRequestError';
  constructor(
    readonly url: string,
    readonly reason: string,
    readonly retryable: boolean,
    readonly status?: number,
  ) {
    super(`${url}: ${reason}`);
  }
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const MAX_RETRY_AFTER_MS = 30_000;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A short reason for an error status: WordPress's own code and message when the body is its JSON error. */
function statusReason(status: number, statusText: string, body: string, contentType: string): string {
  const base = `HTTP ${status}${statusText ? ` ${statusText}` : ''}`;
  if (/html/i.test(contentType) || /^\s*</.test(body)) return `${base} (an HTML error page)`;
  try {
    const json: unknown = JSON.parse(body);
    if (isRecord(json) && typeof json.code === 'string') {
      const message = typeof json.message === 'string' ? `: ${json.message}` : '';
      return `${base} ${json.code}${message}`;
    }
  } catch {
    // not JSON: the status says enough
  }
  return base;
}

function retryAfterMs(response: Response): number | undefined {
  const value = response.headers.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.min(seconds * 1000, MAX_RETRY_AFTER_MS);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.min(Math.max(at - Date.now(), 0), MAX_RETRY_AFTER_MS);
}

/** A network error with its underlying cause (ECONNREFUSED, ENOTFOUND …), which fetch hides in `cause`. */
function describeNetworkError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause: unknown = error.cause;
  if (cause instanceof Error) {
    const code = 'code' in cause && typeof cause.code === 'string' ? cause.code : cause.message;
    return `${error.message}: ${code}`;
  }
  return error.message;
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
    const reason =
      name === 'TimeoutError' || name === 'AbortError' || signal.aborted
        ? `timed out after ${opts.timeoutMs} ms`
        : `unreachable (${describeNetworkError(error)})`;
    return { ok: false, error: new CmsRequestError(url, reason, true) };
  }
  if (!response.ok) {
    const body = await response.text().catch(() => '');
    const retryable = response.status === 408 || response.status === 429 || response.status >= 500;
    return {
      ok: false,
      error: new CmsRequestError(
        url,
        statusReason(response.status, response.statusText, body, response.headers.get('content-type') ?? ''),
        retryable,
        response.status,
      ),
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
async function request<T>(
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
async function readJson(response: Response): Promise<unknown> {
  const contentType = response.headers.get('content-type') ?? '';
  const body = await response.text();
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
async function getJson<T>(url: string, opts: CmsClientOptions, parse: (json: unknown) => T): Promise<T> {
  return request(url, opts, 'application/json', async (response) => {
    let json: unknown;
    try {
      json = await readJson(response);
    } catch (error) {
      if (error instanceof CmsRequestError) throw new CmsRequestError(url, error.reason, false);
      throw error;
    }
    try {
      return parse(json);
    } catch (error) {
      if (error instanceof ShapeError) throw new CmsRequestError(url, error.message, false);
      throw error;
    }
  });
}

/** The REST address of a page or media item. */
function restUrl(baseUrl: string, kind: 'pages' | 'media', id: number): string {
  return `${baseUrl.replace(/\/+$/, '')}/wp-json/wp/v2/${kind}/${id}`;
}

function logOf(opts: CmsClientOptions): (message: string, detail: string) => void {
  return opts.logError ?? ((message, detail) => console.error(message, detail));
}

/**
 * Page 22 in the app's shape, with its media fetched in parallel. A page failure throws (the
 * caller decides whether the build stops); a media failure is logged as `Error fetching images:`
 * and that image is left out.
 */
export async function loadHomeContent(opts: CmsClientOptions): Promise<HomeCmsContent<RemoteImage>> {
  const url = restUrl(opts.baseUrl, 'pages', CMS_PAGE_ID);
  const page = await getJson(url, opts, parsePage);
  if (page.protected)
    throw new CmsRequestError(url, 'the page is password-protected, so WordPress sends it without content', false);
  const log = logOf(opts);
  const ids = mediaIdsOf(page);
  const items = await Promise.all(
    ids.map(async (id): Promise<WpMedia | null> => {
      try {
        return await getJson(restUrl(opts.baseUrl, 'media', id), opts, parseMedia);
      } catch (error) {
        log('Error fetching images:', error instanceof Error ? error.message : String(error));
        return null;
      }
    }),
  );
  const media = new Map(items.filter((m): m is WpMedia => m !== null).map((m) => [m.id, m]));
  return toHomeContent(page, media);
}

/** Downloads an image and reads its size; throws a CmsRequestError when it is not a PNG, JPEG, WebP or GIF. */
export async function downloadImage(
  sourceUrl: string,
  opts: CmsClientOptions,
): Promise<{ bytes: Uint8Array; info: ImageInfo }> {
  return request(sourceUrl, opts, 'image/*', async (response) => {
    const bytes = new Uint8Array(await response.arrayBuffer());
    const info = imageSize(bytes);
    if (!info) throw new CmsRequestError(sourceUrl, 'is not a PNG, JPEG, WebP or GIF image', false);
    return { bytes, info };
  });
}
