/**
 * Pulls page 22 and its media from WordPress into a snapshot file and a media folder: the build
 * does this before `next build` when CMS_URL is set, and `npm run cms:pull` refreshes the committed
 * snapshot. The export then never depends on WordPress being up.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { downloadImage, loadHomeContent, type CmsClientOptions } from './client';
import type { ImageInfo } from './image-size';
import type { CmsImage, CmsSnapshot, HomeCmsContent, RemoteImage } from './types';
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
  const images = new Map<number, RemoteImage>();
  for (const image of [remote.pro.image, ...remote.moments.images]) if (image) images.set(image.id, image);

  const log = opts.logError ?? ((message: string, detail: string) => console.error(message, detail));
  const downloads = await Promise.all(
    [...images.values()].map(async (image) => {
      try {
        return { image, ...(await downloadImage(image.sourceUrl, opts)) };
      } catch (error) {
        log('Error fetching images:', error instanceof Error ? error.message : String(error));
        return null;
      }
    }),
  );

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

  const snapshot: CmsSnapshot = {
    pageId: CMS_PAGE_ID,
    source: opts.baseUrl,
    fetchedAt: now.toISOString(),
    content: localizeContent(remote, local),
  };
  await mkdir(path.dirname(target.file), { recursive: true });
  await writeFile(target.file, `${JSON.stringify(snapshot, null, 2)}\n`);
  return snapshot;
}
