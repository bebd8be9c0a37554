/**
 * The WordPress transport used at build time (scripts/cms-sync.ts, for the build and npm run cms:pull): one
 * request function with a time-out and retries, and the loaders of page 22 and its media. The
 * fetch function is passed in, so tests drive it with WordPress-shaped fixtures.
 */
import {
  COLLECTIONS,
  type CollectionSpec,
  editorsOrder,
  ItemProblem,
  parseItems,
  type RemoteItem,
  reshapeItem,
  restFieldsOf,
  type WpItem,
} from './collections';
import { imageSize, type ImageInfo } from './image-size';
import type { CollectionName, HomeCmsContent, RemoteImage } from './types';
import {
  CMS_PAGE_ID,
  mediaIdsOf,
  missingHomeFields,
  parseMedia,
  parsePage,
  ShapeError,
  toHomeContent,
  type WpMedia,
  type WpPage,
} from './wordpress';
import { isRecord } from '@/lib/guards';
import type { Env } from '@/lib/env';

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
async function readCapped(response: Response, url: string, maxBytes: number): Promise<Uint8Array> {
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
async function getJson<T>(url: string, opts: CmsClientOptions, parse: (json: unknown) => T): Promise<T> {
  return (await getJsonPage(url, opts, parse)).value;
}

/** getJson, with the number of pages WordPress says a list has (X-WP-TotalPages; 1 without it). */
async function getJsonPage<T>(
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

/** How the site serves its REST API: /wp-json/… (pretty permalinks) or ?rest_route=… (plain permalinks). */
type RestStyle = 'pretty' | 'plain';

/** The REST address of a page or media item. */
function restUrl(baseUrl: string, kind: 'pages' | 'media', id: number, style: RestStyle): string {
  return routeUrl(baseUrl, `/wp/v2/${kind}/${id}`, style);
}

/** The REST address of a route, with query parameters. */
function routeUrl(baseUrl: string, route: string, style: RestStyle, query: Record<string, string> = {}): string {
  const base = baseUrl.replace(/\/+$/, '');
  const params = new URLSearchParams(query).toString().replace(/%2C/g, ',');
  if (style === 'pretty') return `${base}/wp-json${route}${params ? `?${params}` : ''}`;
  return `${base}/?rest_route=${route}${params ? `&${params}` : ''}`;
}

/** Largest page WordPress's REST API gives. */
const PER_PAGE = 100;

/** Every item of a list route, page by page (per_page=100, as many pages as X-WP-TotalPages says). */
async function getAllPages<T>(
  opts: CmsClientOptions,
  route: string,
  style: RestStyle,
  query: Record<string, string>,
  parse: (json: unknown) => T[],
): Promise<T[]> {
  const url = (page: number) =>
    routeUrl(opts.baseUrl, route, style, { ...query, per_page: String(PER_PAGE), page: String(page) });
  const first = await getJsonPage(url(1), opts, parse);
  const rest = [];
  for (let page = 2; page <= Math.min(first.totalPages, 50); page += 1)
    rest.push(await getJson(url(page), opts, parse));
  return [first.value, ...rest].flat();
}

/** Where the pull's problems are told: `opts.logError`, or the console's error stream. */
export function logOf(opts: CmsClientOptions): (message: string, detail: string) => void {
  return opts.logError ?? ((message, detail) => console.error(message, detail));
}

/**
 * True when /wp-json/ answered something other than WordPress's REST API (a 404 or HTML page, a
 * redirect to the home page): the site may have plain permalinks, where only ?rest_route= works.
 */
function mayBePlainPermalinks(error: unknown): error is CmsRequestError {
  return (
    error instanceof CmsRequestError &&
    !error.retryable &&
    (error.code === undefined || error.code === 'rest_no_route') &&
    (error.status === undefined || error.status === 404)
  );
}

/** Page 22 by /wp-json/, or by ?rest_route= when the site has plain permalinks. */
async function loadPage(opts: CmsClientOptions): Promise<{ page: WpPage; url: string; style: RestStyle }> {
  const url = restUrl(opts.baseUrl, 'pages', CMS_PAGE_ID, 'pretty');
  try {
    return { page: await getJson(url, opts, parsePage), url, style: 'pretty' };
  } catch (error) {
    if (!mayBePlainPermalinks(error)) throw error;
    const plain = restUrl(opts.baseUrl, 'pages', CMS_PAGE_ID, 'plain');
    try {
      return { page: await getJson(plain, opts, parsePage), url: plain, style: 'plain' };
    } catch (second) {
      // WordPress's own error (a draft, a deleted page) says more than the first address's answer.
      throw second instanceof CmsRequestError && second.code ? second : error;
    }
  }
}

/**
 * Page 22 in the app's shape, with its media fetched in parallel. A page failure throws (the
 * caller decides whether the build stops), and so does a page without the fields the home page
 * needs; a media failure is logged as `Error fetching images:` and that image is left out.
 */
export async function loadHomeContent(opts: CmsClientOptions): Promise<HomeCmsContent<RemoteImage>> {
  return (await loadHome(opts)).content;
}

async function loadHome(opts: CmsClientOptions): Promise<{ content: HomeCmsContent<RemoteImage>; style: RestStyle }> {
  const loaded = await loadPage(opts);
  return { content: await homeContentOf(opts, loaded), style: loaded.style };
}

/** Page 22, once loaded, in the app's shape: checked, with its media fetched in parallel. */
async function homeContentOf(
  opts: CmsClientOptions,
  { page, url, style }: { page: WpPage; url: string; style: RestStyle },
): Promise<HomeCmsContent<RemoteImage>> {
  if (page.protected)
    throw new CmsRequestError(url, 'the page is password-protected, so WordPress sends it without content', false);
  const missing = missingHomeFields(page);
  if (missing) throw new CmsRequestError(url, missing, false);
  const log = logOf(opts);
  const ids = mediaIdsOf(page);
  const items = await Promise.all(
    ids.map(async (id): Promise<WpMedia | null> => {
      try {
        return await getJson(restUrl(opts.baseUrl, 'media', id, style), opts, parseMedia);
      } catch (error) {
        log('Error fetching images:', error instanceof Error ? error.message : String(error));
        return null;
      }
    }),
  );
  const media = new Map(items.filter((m): m is WpMedia => m !== null).map((m) => [m.id, m]));
  return toHomeContent(page, media);
}

/**
 * The values of `work`, run side by side; when some fail, the error of the first in the list's
 * order, so the message does not depend on which answer came first.
 */
async function allInOrder<T>(work: ReadonlyArray<Promise<T>>): Promise<T[]> {
  const settled = await Promise.allSettled(work);
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
}

/** Media items by id, asked for a hundred at a time (media?include=…); ids WordPress does not send are absent. */
async function loadMedia(
  opts: CmsClientOptions,
  ids: readonly number[],
  style: RestStyle,
): Promise<Map<number, WpMedia>> {
  const found = new Map<number, WpMedia>();
  for (let i = 0; i < ids.length; i += PER_PAGE) {
    const include = ids.slice(i, i + PER_PAGE).join(',');
    const list = await getAllPages(
      opts,
      '/wp/v2/media',
      style,
      { include, _fields: 'id,source_url,alt_text' },
      (json) => {
        if (!Array.isArray(json)) throw new ShapeError('the response is not a list of media items');
        return json.map(parseMedia);
      },
    );
    for (const m of list) found.set(m.id, m);
  }
  return found;
}

/**
 * Media items by id, with the address and alt text the build will read (for the service to prepare
 * a photo an editor has just uploaded). Ids WordPress does not send to the public (deleted, or
 * attached to a draft) are absent.
 */
export async function loadMediaItems(opts: CmsClientOptions, ids: readonly number[]): Promise<WpMedia[]> {
  const { style } = await loadPage(opts);
  return [...(await loadMedia(opts, ids, style)).values()];
}

/** Page 22 and every collection, with their images still remote. */
export interface RemoteSite {
  home: HomeCmsContent<RemoteImage>;
  collections: Record<CollectionName, RemoteItem[]>;
}

/**
 * Page 22 (as loadHomeContent) and every collection of lib/cms/collections.ts, in editors' order
 * (menu_order), only the fields the site reads (`_fields`). A bad item of a `fail` collection
 * throws an ItemProblem naming it and its field; of a `skip` collection it is logged as
 * `Left out:` and dropped.
 */
export async function loadSite(opts: CmsClientOptions): Promise<RemoteSite> {
  const loaded = await loadPage(opts);
  const { style } = loaded;
  const listOf = async (spec: CollectionSpec): Promise<[CollectionSpec, WpItem[]]> => {
    const query = { orderby: 'menu_order', order: 'asc', _fields: restFieldsOf(spec) };
    return [spec, editorsOrder(await getAllPages(opts, `/wp/v2/${spec.rest}`, style, query, parseItems))];
  };
  // Page 22's media and the collections are asked for side by side: a few round trips, not one
  // per collection. Page 22's problem is named first, as when they were asked for in turn.
  const [home, listed] = await Promise.allSettled([homeContentOf(opts, loaded), allInOrder(COLLECTIONS.map(listOf))]);
  if (home.status === 'rejected') throw home.reason;
  if (listed.status === 'rejected') throw listed.reason;
  const content = home.value;
  const lists = new Map(listed.value);
  const ids = [...new Set([...lists.values()].flat().map((item) => item.featuredMedia))].filter((id) => id > 0);
  const media = await loadMedia(opts, ids, style);
  const log = logOf(opts);
  const collections = {} as Record<CollectionName, RemoteItem[]>;
  for (const [spec, items] of lists) {
    collections[spec.name] = items.flatMap((item) => {
      try {
        return [reshapeItem(spec, item, media)];
      } catch (error) {
        if (!(error instanceof ItemProblem) || spec.onBad === 'fail') throw error;
        log('Left out:', error.message);
        return [];
      }
    });
  }
  return { home: content, collections };
}

/** Throws unless `address` is on the CMS's own host or one of `opts.mediaHosts`. */
function checkImageHost(address: string, sourceUrl: string, opts: CmsClientOptions): void {
  const host = new URL(address).host.toLowerCase();
  const allowed = [new URL(opts.baseUrl).host, ...(opts.mediaHosts ?? [])].map((h) => h.toLowerCase());
  if (!allowed.includes(host)) {
    throw new CmsRequestError(
      sourceUrl,
      `is on ${host}, neither the CMS's host nor one of CMS_MEDIA_HOSTS (${allowed.join(', ')})`,
      false,
    );
  }
}

/**
 * Downloads an image and reads its size. Throws a CmsRequestError when it is on another host than
 * the CMS's (or CMS_MEDIA_HOSTS), even after a redirect, larger than CMS_LIMITS.imageBytes, wider or
 * taller than CMS_LIMITS.imageSide, or when its bytes are not a PNG, JPEG, WebP or GIF.
 */
export async function downloadImage(
  sourceUrl: string,
  opts: CmsClientOptions,
): Promise<{ bytes: Uint8Array; info: ImageInfo }> {
  checkImageHost(sourceUrl, sourceUrl, opts);
  return request(sourceUrl, opts, 'image/*', async (response) => {
    if (response.url) checkImageHost(response.url, sourceUrl, opts);
    const bytes = await readCapped(response, sourceUrl, CMS_LIMITS.imageBytes);
    const info = imageSize(bytes);
    if (!info) throw new CmsRequestError(sourceUrl, 'is not a PNG, JPEG, WebP or GIF image', false);
    const side = CMS_LIMITS.imageSide;
    if (info.width > side || info.height > side) {
      throw new CmsRequestError(
        sourceUrl,
        `is ${info.width}×${info.height} px, over the ${side} px limit a side`,
        false,
      );
    }
    return { bytes, info };
  });
}
