/**
 * The WordPress client used at build time (scripts/cms-sync.ts, for the build and npm run cms:pull):
 * the loaders of page 22, its media and the collections, over the transport of lib/cms/transport.ts.
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
import {
  CMS_LIMITS,
  type CmsClientOptions,
  CmsRequestError,
  getJson,
  getJsonPage,
  readCapped,
  request,
} from './transport';

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
