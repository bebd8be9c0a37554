/**
 * Makes the site's photos fast at build time (scripts/cms-sync.ts, before `next build`): every
 * image under public/media/ is read with sharp, turned upright, stripped of its metadata (camera,
 * GPS), resized to a ladder of widths and written as WebP, with a JPEG (or PNG, when it has
 * transparency) fallback, under public/img/ with content-hashed names. The owner's photos
 * (studio-media/, lib/owner/folders.ts) take the place of the shipped ones of the same path and
 * name, whatever their extension, and their other photos are served at /media/<path> too. Its real size and format
 * come from the file, never from a record or the extension. Results are cached by content hash in
 * .cache/images/ (git-ignored), so a rebuild only encodes new photos. The manifest tells the
 * <Picture> component what exists (lib/images/manifest.ts).
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, link, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Metadata } from 'sharp';
import { OWNER_MEDIA_DIR, ownerMediaFile } from '@/lib/owner/folders';
import { IMAGE_PATHS, type ImageManifest, WIDTH_LADDER } from './manifest';

/** Bumped when the encoding below changes, so that cached results are made again. */
const PIPELINE = 'webp82-jpeg80-v1';
const EXTENSIONS = /\.(jpe?g|png|webp|gif|avif|tiff?)$/i;
const FORMAT_OF_EXTENSION: Record<string, string> = {
  jpg: 'jpeg',
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  avif: 'heif',
  tif: 'tiff',
  tiff: 'tiff',
  svg: 'svg',
};

/** The images under `dir`: photos, and drawings (SVG) too when `drawings` is set. */
async function listImages(dir: string, drawings = false): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await listImages(full, drawings)));
    else if (EXTENSIONS.test(entry.name) || (drawings && /\.svg$/i.test(entry.name))) found.push(full);
  }
  return found.sort();
}

/** The widths made for an image `width` px wide: the ladder's steps below it, and its own width capped at the top step. */
export function widthsFor(width: number): number[] {
  const top = Math.min(width, WIDTH_LADDER[WIDTH_LADDER.length - 1] ?? width);
  return [...WIDTH_LADDER.filter((w) => w < top), top];
}

/**
 * Writes `file` whole under a name of its own, then renames it: a build and the service may encode
 * the same photo at once, and neither may see the other's half-written file.
 */
async function writeWhole(file: string, bytes: Buffer): Promise<void> {
  const partial = `${file}.${process.pid}-${randomUUID()}.tmp`;
  try {
    await writeFile(partial, bytes);
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
}

/** Encodes (or takes from the cache) one variant; returns its file in the cache. */
async function variant(
  bytes: Buffer,
  hash: string,
  width: number,
  format: 'webp' | 'jpeg' | 'png',
  cacheDir: string,
): Promise<string> {
  const file = path.join(cacheDir, `${hash}-${width}.${format === 'jpeg' ? 'jpg' : format}`);
  if (existsSync(file)) return file;
  // rotate() turns the photo upright from its EXIF orientation; sharp writes no metadata unless asked.
  const pipeline = loadSharp()(bytes, { failOn: 'error' }).rotate().resize({ width, withoutEnlargement: true });
  const out =
    format === 'webp'
      ? pipeline.webp({ quality: 82, effort: 4 })
      : format === 'jpeg'
        ? pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true })
        : pipeline.png({ compressionLevel: 9 });
  await writeWhole(file, await out.toBuffer());
  return file;
}

/** What the variants of a photo are made from: its real format, its size once upright, its transparency. */
interface PhotoFacts {
  format: string | undefined;
  width: number;
  height: number;
  hasAlpha: boolean;
}

/** sharp (libvips, about 0.1 s to load), loaded only when a photo is new to the cache. */
const loadSharp = () => require('sharp') as typeof import('sharp').default;

/**
 * A photo's facts, kept beside its variants (`<hash>.json`): a build whose photos are all in the
 * cache does not load sharp at all. A missing or unreadable record is made again.
 */
async function photoFacts(bytes: Buffer, hash: string, cacheDir: string): Promise<PhotoFacts> {
  const record = path.join(cacheDir, `${hash}.json`);
  try {
    const kept = JSON.parse(await readFile(record, 'utf8')) as Partial<PhotoFacts>;
    if (typeof kept.width === 'number' && typeof kept.height === 'number' && typeof kept.hasAlpha === 'boolean')
      return { format: kept.format, width: kept.width, height: kept.height, hasAlpha: kept.hasAlpha };
  } catch {
    // Not recorded yet: read from the photo below.
  }
  let meta: Metadata;
  try {
    meta = await loadSharp()(bytes).metadata();
  } catch (error) {
    throw new Error(`is not a readable image (${error instanceof Error ? error.message : String(error)})`);
  }
  // Orientations 5-8 swap width and height once the photo is upright.
  const upright = (meta.orientation ?? 1) >= 5;
  const facts = {
    format: meta.format,
    width: (upright ? meta.height : meta.width) ?? 0,
    height: (upright ? meta.width : meta.height) ?? 0,
    hasAlpha: meta.hasAlpha ?? false,
  };
  await writeWhole(record, Buffer.from(JSON.stringify(facts)));
  return facts;
}

/** A photo's variants in the cache, and what the manifest says of it. */
export interface EncodedPhoto {
  /** Its real format (sharp's name), whatever its file's extension. */
  format: string | undefined;
  /** Its size once upright. */
  width: number;
  height: number;
  /** The WebP widths made. */
  widths: number[];
  /** The cache's files: one WebP per width, then the JPEG (or PNG) fallback. */
  files: string[];
  /** How many variants were encoded now, and how many were already in the cache. */
  encoded: number;
  reused: number;
}

/**
 * Encodes a photo's variants into `cacheDir`, named by its content hash (those already there are
 * kept): what a build does for each photo, and what the service does for a photo an editor has just
 * uploaded to WordPress, so that the build which publishes it finds them made. Throws "is not a
 * readable image (…)" for bytes sharp cannot read.
 */
export async function encodePhoto(bytes: Buffer, cacheDir: string): Promise<EncodedPhoto> {
  await mkdir(cacheDir, { recursive: true });
  const hash = createHash('sha256').update(PIPELINE).update(bytes).digest('hex').slice(0, 16);
  const { format, width, height, hasAlpha } = await photoFacts(bytes, hash, cacheDir);
  const widths = widthsFor(width);
  const fallbackFormat = hasAlpha ? 'png' : 'jpeg';
  const fallbackWidth = widths.filter((w) => w <= 824).at(-1) ?? widths[0] ?? width;
  const jobs: Array<{ w: number; format: 'webp' | 'jpeg' | 'png' }> = [
    ...widths.map((w) => ({ w, format: 'webp' as const })),
    { w: fallbackWidth, format: fallbackFormat },
  ];
  let encoded = 0;
  // A photo's variants are encoded side by side (sharp's threads share the cores): a new photo's
  // seven variants take about half the time they took one after another.
  const files = await Promise.all(
    jobs.map(async (job) => {
      const cached = path.join(cacheDir, `${hash}-${job.w}.${job.format === 'jpeg' ? 'jpg' : job.format}`);
      if (!existsSync(cached)) encoded += 1;
      return variant(bytes, hash, job.w, job.format, cacheDir);
    }),
  );
  return { format, width, height, widths, files, encoded, reused: jobs.length - encoded };
}

export interface OptimizeOptions {
  /** The folder scanned (public/media). */
  mediaDir: string;
  /** The site path of mediaDir (/media). */
  mediaUrl: string;
  /** Where the variants are written, emptied first (public/img). */
  outDir: string;
  /** Their site path (/img). */
  outUrl: string;
  cacheDir: string;
  manifestFile: string;
  /** The owner's media folder (studio-media): its photos replace or join those of mediaDir. */
  ownerDir?: string;
  warn?: (line: string) => void;
}

/** Processes every image of `mediaDir`; returns a one-line report. A file that is not a readable image stops the build, naming it. */
export async function optimizeImages(opts: OptimizeOptions): Promise<string> {
  const warn = opts.warn ?? ((line: string) => console.warn(line));
  await rm(opts.outDir, { recursive: true, force: true });
  await mkdir(opts.outDir, { recursive: true });
  const manifest: ImageManifest = {};
  let encoded = 0;
  let reused = 0;
  const shipped = (await listImages(opts.mediaDir, true)).map((file) => ({
    file,
    src: `${opts.mediaUrl}/${path.relative(opts.mediaDir, file).split(path.sep).join('/')}`,
  }));
  const ownerDir = opts.ownerDir;
  const own = ownerDir
    ? (await listImages(ownerDir, true)).map((file) => ({
        file,
        src: `${opts.mediaUrl}/${path.relative(ownerDir, file).split(path.sep).join('/')}`,
      }))
    : [];
  // A shipped photo the owner replaced is made from the owner's file; the owner's others join. A
  // shipped drawing (SVG) is served as it is unless the owner replaced it.
  const files = [
    ...shipped.flatMap(({ file, src }) => {
      const owners = ownerDir ? ownerMediaFile(src, ownerDir) : undefined;
      if (owners) return [{ file: owners, src }];
      return /\.svg$/i.test(file) ? [] : [{ file, src }];
    }),
    ...own.filter((o) => !shipped.some((s) => s.src === o.src)),
  ];
  for (const { file, src } of files) {
    let photo: EncodedPhoto;
    try {
      photo = await encodePhoto(await readFile(file), opts.cacheDir);
    } catch (error) {
      throw new Error(`${file} ${error instanceof Error ? error.message : String(error)}`);
    }
    encoded += photo.encoded;
    reused += photo.reused;
    const ext = path.extname(file).slice(1).toLowerCase();
    if (FORMAT_OF_EXTENSION[ext] !== photo.format) {
      warn(
        `images: ${src} is really ${photo.format?.toUpperCase()}, not ${ext.toUpperCase()}: served from its real content`,
      );
    }
    // Hard links to the cache's files (a cache file is never written in place, so a link cannot
    // change under the pages); a copy where a link cannot be made (another file system). A name
    // already there is the same variant (a second photo with the same bytes): left as it is.
    const urls = await Promise.all(
      photo.files.map(async (made) => {
        const placed = path.join(opts.outDir, path.basename(made));
        await link(made, placed).catch((error: NodeJS.ErrnoException) =>
          error.code === 'EEXIST' ? undefined : copyFile(made, placed),
        );
        return `${opts.outUrl}/${path.basename(made)}`;
      }),
    );
    manifest[src] = {
      width: photo.width,
      height: photo.height,
      webp: photo.widths.map((w, i) => ({ width: w, src: urls[i] ?? '' })),
      fallback: urls.at(-1) ?? src,
    };
  }
  await mkdir(path.dirname(opts.manifestFile), { recursive: true });
  await writeFile(opts.manifestFile, `${JSON.stringify(manifest)}\n`);
  return `${files.length} photo(s): ${encoded} variant(s) encoded, ${reused} from the cache (${opts.cacheDir})`;
}

/** optimizeImages over the site's own folders. */
export function optimizeSiteImages(): Promise<string> {
  return optimizeImages({
    mediaDir: 'public/media',
    mediaUrl: '/media',
    outDir: IMAGE_PATHS.outDir,
    outUrl: IMAGE_PATHS.outUrl,
    cacheDir: IMAGE_PATHS.cacheDir,
    manifestFile: IMAGE_PATHS.manifest,
    ownerDir: OWNER_MEDIA_DIR,
  });
}
