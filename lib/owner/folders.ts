/**
 * The owner's own folders, beside the code and ignored by git, so that making the site their own
 * never changes a tracked file and an update (`git pull`) never conflicts:
 *  - studio-content/: the content WordPress would hold, when the site runs without WordPress (one
 *    JSON file per collection and page-22.json), seeded from the shipped snapshots (content/cms/) on
 *    the first build, then the owner's to edit;
 *  - studio-media/: the owner's photos. A file at the same path as a shipped one under /media/
 *    (any image extension: studio-media/carousel/slide-01.jpg for /media/carousel/slide-01.webp)
 *    replaces it; any other file is served at /media/<its path> for the content to name. The photo
 *    step (lib/images/build.ts) processes them like the shipped ones.
 */
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

export const OWNER_CONTENT_DIR = 'studio-content';
export const OWNER_MEDIA_DIR = 'studio-media';

/**
 * The slot of the studio's logo on every page's Open Graph card (the picture a link shows when
 * shared): the project draws a generated mark until the owner puts studio-media/brand/logo.png (or
 * .svg) there.
 */
export const OWNER_LOGO_SRC = '/media/brand/logo.svg';

/** The extensions an owner's file may have in place of a shipped one's. */
const OWNER_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp', 'gif', 'avif', 'svg'] as const;

/**
 * The content file a build without WordPress reads for `file` (a name in content/cms/): the
 * owner's copy in studio-content/ when there is one, else the shipped snapshot.
 */
export function ownerContentFile(file: string, root = process.cwd()): string {
  const own = path.join(OWNER_CONTENT_DIR, file);
  return existsSync(path.join(root, own)) ? own : path.join('content/cms', file);
}

/**
 * The owner's file that stands for the shipped site path `src` (/media/…), if they put one in
 * `dir` (the owner's media folder).
 */
export function ownerMediaFile(src: string, dir: string = OWNER_MEDIA_DIR): string | undefined {
  if (!src.startsWith('/media/')) return undefined;
  const base = path.join(dir, src.slice('/media/'.length)).replace(/\.[a-z0-9]+$/i, '');
  for (const ext of OWNER_IMAGE_EXTENSIONS) {
    for (const name of [`${base}.${ext}`, `${base}.${ext.toUpperCase()}`]) if (existsSync(name)) return name;
  }
  return undefined;
}

/** Where the owner puts the photo for `src`, as the launch check names it. */
export function ownerMediaPlace(src: string): string {
  const rel = src.replace(/^\/media\//, '').replace(/\.[a-z0-9]+$/i, '');
  return `${OWNER_MEDIA_DIR}/${rel}.jpg (or .png, .webp${src.endsWith('.svg') ? ', .svg' : ''})`;
}

/** Copies each shipped snapshot the owner's content folder lacks into it; returns the names copied. */
export async function seedOwnerContent(root = process.cwd()): Promise<string[]> {
  const from = path.join(root, 'content/cms');
  const to = path.join(root, OWNER_CONTENT_DIR);
  await mkdir(to, { recursive: true });
  const copied: string[] = [];
  for (const name of (await readdir(from)).filter((n) => n.endsWith('.json')).sort()) {
    if (existsSync(path.join(to, name))) continue;
    await copyFile(path.join(from, name), path.join(to, name));
    copied.push(name);
  }
  return copied;
}
