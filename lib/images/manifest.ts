/**
 * What the build made of each photo (lib/images/build.ts), read by <Picture> while pages render.
 * Without a manifest (a unit test, a build that skipped the step) images render as they are.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The widths made, in px: up to twice a 412 px phone's width for content, and two steps for wide heroes. */
export const WIDTH_LADDER = [160, 320, 412, 640, 824, 1280, 1648] as const;

export const IMAGE_PATHS = {
  outDir: 'public/img',
  outUrl: '/img',
  cacheDir: '.cache/images',
  manifest: '.cache/images/manifest.json',
} as const;

export interface ImageEntry {
  /** The real size of the photo, upright, read from the file. */
  width: number;
  height: number;
  /** WebP variants, narrowest first. */
  webp: Array<{ width: number; src: string }>;
  /** A JPEG (or PNG) for browsers without WebP. */
  fallback: string;
}

export type ImageManifest = Record<string, ImageEntry>;

let cached: ImageManifest | undefined;

/** The build's entry for a site path such as /media/gallery/gallery-01.webp, if it has one. */
export function imageEntry(src: string): ImageEntry | undefined {
  if (!cached) {
    const file = path.join(process.cwd(), IMAGE_PATHS.manifest);
    cached = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ImageManifest) : {};
  }
  return cached[src];
}

/** The smallest variant at least `width` px wide (the largest there is otherwise), or `src` itself without an entry. */
export function resizedSrc(src: string, width: number): string {
  const entry = imageEntry(src);
  if (!entry) return src;
  return (entry.webp.find((v) => v.width >= width) ?? entry.webp.at(-1))?.src ?? src;
}
