/**
 * Pulls page 22 and its media from WordPress into a snapshot file and a media folder: the build
 * does this before `next build` when CMS_URL is set, and `npm run cms:pull` refreshes the committed
 * snapshot. The export then never depends on WordPress being up.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { COLLECTIONS, ItemProblem } from './collections';
import { downloadImage, loadHomeContent, loadSite, logOf } from './client';
import type { CmsClientOptions } from './transport';
import type { ImageInfo } from './image-size';
import type { CmsImage, CmsSnapshot, CollectionName, HomeCmsContent, RemoteImage } from './types';
import { CMS_PAGE_ID } from './wordpress';

export interface SnapshotTarget {
  /** The JSON file to write. */
  file: string;
  /** The folder the images are written to, emptied first. */
  mediaDir: string;
  /** The site path of that folder. */
  mediaUrlPrefix: string;
}

/** A safe file name for a downloaded image: its id, a slug of its name, the extension of its real format. */
function mediaFileName(image: RemoteImage, info: ImageInfo): string {
  const base = decodeURIComponent(new URL(image.sourceUrl).pathname.split('/').pop() ?? '')
    .replace(/\.[a-z0-9]+$/i, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-zA-Z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 60);
  const ext = info.type === 'jpeg' ? 'jpg' : info.type;
  return `${image.id}${base ? `-${base}` : ''}.${ext}`;
}

/** Replaces remote images by local ones; images missing from `local` (failed downloads) are left out. */
function localizeContent(content: HomeCmsContent<RemoteImage>, local: ReadonlyMap<number, CmsImage>): HomeCmsContent {
  const swap = (image: RemoteImage | null) => (image ? (local.get(image.id) ?? null) : null);
  return {
    pro: { ...content.pro, image: swap(content.pro.image) },
    moments: {
      ...content.moments,
      images: content.moments.images.map(swap).filter((i): i is CmsImage => i !== null),
    },
    insights: content.insights,
  };
}

/** Fetches page 22 and its images and writes them to `target`; returns the snapshot written. */
export async function pullSnapshot(
  opts: CmsClientOptions,
  target: SnapshotTarget,
  now = new Date(),
): Promise<CmsSnapshot> {
  const remote = await loadHomeContent(opts);
  return writeHome(remote, await downloadImages(homeImages(remote), opts, homeImageError(opts)), opts, target, now);
}

/** A downloaded image, or null when it could not be (said by `onError`). */
type Download = { image: RemoteImage; bytes: Uint8Array; info: ImageInfo } | null;

/** Downloads `images` (by media id) side by side; a failed one is told to `onError` and null. */
function downloadImages(
  images: ReadonlyMap<number, RemoteImage>,
  opts: CmsClientOptions,
  onError: (image: RemoteImage, reason: string) => void,
): Promise<Download[]> {
  return Promise.all(
    [...images.values()].map(async (image) => {
      try {
        return { image, ...(await downloadImage(image.sourceUrl, opts)) };
      } catch (error) {
        onError(image, error instanceof Error ? error.message : String(error));
        return null;
      }
    }),
  );
}

/** Writes the downloaded images into `mediaDir`, emptied first; returns them by media id. */
async function writeImages(
  downloads: readonly Download[],
  target: Omit<SnapshotTarget, 'file'>,
): Promise<Map<number, CmsImage>> {
  await rm(target.mediaDir, { recursive: true, force: true });
  await mkdir(target.mediaDir, { recursive: true });
  const local = new Map<number, CmsImage>();
  for (const d of downloads) {
    if (!d) continue;
    const name = mediaFileName(d.image, d.info);
    await writeFile(path.join(target.mediaDir, name), d.bytes);
    local.set(d.image.id, {
      id: d.image.id,
      src: `${target.mediaUrlPrefix}/${name}`,
      alt: d.image.alt,
      width: d.info.width,
      height: d.info.height,
    });
  }
  return local;
}

async function writeJson(file: string, value: unknown): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(value, null, 2)}\n`);
}

/** Page 22's images, by media id. */
function homeImages(remote: HomeCmsContent<RemoteImage>): Map<number, RemoteImage> {
  const images = new Map<number, RemoteImage>();
  for (const image of [remote.pro.image, ...remote.moments.images]) if (image) images.set(image.id, image);
  return images;
}

/** How a page 22 image that could not be copied is told: logged, and the image left out. */
function homeImageError(opts: CmsClientOptions): (image: RemoteImage, reason: string) => void {
  const log = logOf(opts);
  return (_image, reason) => log('Error fetching images:', reason);
}

async function writeHome(
  remote: HomeCmsContent<RemoteImage>,
  downloads: readonly Download[],
  opts: CmsClientOptions,
  target: SnapshotTarget,
  now: Date,
): Promise<CmsSnapshot> {
  const local = await writeImages(downloads, target);
  const snapshot: CmsSnapshot = {
    pageId: CMS_PAGE_ID,
    source: opts.baseUrl,
    fetchedAt: now.toISOString(),
    content: localizeContent(remote, local),
  };
  await writeJson(target.file, snapshot);
  return snapshot;
}

/** Where a whole pull goes: one folder of snapshot files and one of media. */
export interface SiteTarget {
  /** page-22.json and <collection>.json are written here. */
  dir: string;
  /** Page 22's images go here and the collections' into its items/ folder. */
  mediaDir: string;
  mediaUrlPrefix: string;
}

/**
 * Pulls page 22 and every collection with their images into `target`. An item whose photo cannot
 * be copied is left out with a warning (a `skip` collection) or stops the pull (a `fail` one); so
 * does a collection left without any item, since its section would be empty.
 */
export async function pullSite(
  opts: CmsClientOptions,
  target: SiteTarget,
  now = new Date(),
): Promise<{ home: CmsSnapshot; counts: Record<CollectionName, number> }> {
  const site = await loadSite(opts);
  const images = new Map<number, RemoteImage>();
  for (const item of Object.values(site.collections).flat()) if (item.image) images.set(item.image.id, item.image);
  const failed = new Map<number, string>();
  // Every image is downloaded side by side; page 22's are written first, since their folder holds
  // the items' folder.
  const [homeDownloads, itemDownloads] = await Promise.all([
    downloadImages(homeImages(site.home), opts, homeImageError(opts)),
    downloadImages(images, opts, (image, reason) => failed.set(image.id, reason)),
  ]);
  const home = await writeHome(
    site.home,
    homeDownloads,
    opts,
    { ...target, file: path.join(target.dir, 'page-22.json') },
    now,
  );
  const local = await writeImages(itemDownloads, {
    mediaDir: path.join(target.mediaDir, 'items'),
    mediaUrlPrefix: `${target.mediaUrlPrefix}/items`,
  });
  const log = logOf(opts);
  const counts = {} as Record<CollectionName, number>;
  for (const spec of COLLECTIONS) {
    const items = site.collections[spec.name].flatMap((item): Record<string, unknown>[] => {
      if (!item.image) return [item];
      const image = local.get(item.image.id);
      if (image) return [{ ...item, image }];
      const problem = `${spec.noun} ${item.id}: its photo (media ${item.image.id}) could not be copied: ${failed.get(item.image.id)}`;
      if (spec.onBad === 'fail') throw new ItemProblem(problem);
      log('Left out:', problem);
      return [];
    });
    if (items.length === 0) {
      throw new ItemProblem(
        `WordPress has no published ${spec.noun} (${spec.rest}): the site's section would be empty`,
      );
    }
    counts[spec.name] = items.length;
    const snapshot = { collection: spec.name, source: opts.baseUrl, fetchedAt: now.toISOString(), items };
    await writeJson(path.join(target.dir, `${spec.name}.json`), snapshot);
  }
  return { home, counts };
}
