/**
 * @jest-environment node
 */
/**
 * The build's photo step (lib/images/build.ts) on a real phone-like photo made with sharp: a JPEG
 * with GPS in its EXIF, taken sideways (orientation 6) and saved as .webp.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { optimizeImages, widthsFor } from '@/lib/images/build';
import type { ImageManifest } from '@/lib/images/manifest';

jest.setTimeout(60_000);

async function phonePhoto(width: number, height: number): Promise<Buffer> {
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 7919) % 251;
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '28/1 36/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '77/1 12/1 0/1' },
    })
    .toBuffer();
}

/** The photo step over `root`/media, into `root`/img, with its cache in `root`/cache. */
const optionsIn = (root: string) => ({
  mediaDir: path.join(root, 'media'),
  mediaUrl: '/media',
  outDir: path.join(root, 'img'),
  outUrl: '/img',
  cacheDir: path.join(root, 'cache'),
  manifestFile: path.join(root, 'm.json'),
});

describe('photos made at build', () => {
  it("lists the widths up to the photo's own, capped at 1648", () => {
    expect(widthsFor(300)).toEqual([160, 300]);
    expect(widthsFor(4032)).toEqual([160, 320, 412, 640, 824, 1280, 1648]);
  });

  it('reads the real size and format, turns it upright, strips the GPS, and caches by content', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'images-'));
    const media = path.join(root, 'media');
    mkdirSync(path.join(media, 'gallery'), { recursive: true });
    const photo = await phonePhoto(1200, 900);
    const original = await sharp(photo).metadata();
    expect(original).toMatchObject({ orientation: 6, width: 1200, height: 900 });
    expect(original.exif?.toString('latin1')).toContain('PhoneMaker');
    writeFileSync(path.join(media, 'gallery', 'gallery-01.webp'), photo);
    const warnings: string[] = [];
    const opts = {
      mediaDir: media,
      mediaUrl: '/media',
      outDir: path.join(root, 'img'),
      outUrl: '/img',
      cacheDir: path.join(root, 'cache'),
      manifestFile: path.join(root, 'cache', 'manifest.json'),
      warn: (line: string) => warnings.push(line),
    };
    expect(await optimizeImages(opts)).toBe(`1 photo(s): 7 variant(s) encoded, 0 from the cache (${opts.cacheDir})`);
    expect(warnings).toEqual([
      'images: /media/gallery/gallery-01.webp is really JPEG, not WEBP: served from its real content',
    ]);
    const manifest = JSON.parse(readFileSync(opts.manifestFile, 'utf8')) as ImageManifest;
    const entry = manifest['/media/gallery/gallery-01.webp'];
    // Upright: the sideways 1200×900 photo is 900 wide and 1200 high.
    expect(entry).toMatchObject({ width: 900, height: 1200 });
    expect(entry?.webp.map((v) => v.width)).toEqual([160, 320, 412, 640, 824, 900]);
    expect(entry?.fallback).toMatch(/^\/img\/[0-9a-f]{16}-824\.jpg$/);
    for (const file of readdirSync(opts.outDir)) {
      const meta = await sharp(readFileSync(path.join(opts.outDir, file))).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.format).toBe(file.endsWith('.jpg') ? 'jpeg' : 'webp');
      expect(meta.width).toBe(Number(file.match(/-(\d+)\./)?.[1]));
    }
    expect(await optimizeImages(opts)).toBe(`1 photo(s): 0 variant(s) encoded, 7 from the cache (${opts.cacheDir})`);
    // A cached photo's facts are kept beside its variants, so a build of cached photos needs no sharp;
    // a damaged record is read from the photo again, with the same result.
    const [record] = readdirSync(opts.cacheDir).filter((f) => /^[0-9a-f]{16}\.json$/.test(f));
    expect(JSON.parse(readFileSync(path.join(opts.cacheDir, record ?? ''), 'utf8'))).toEqual({
      format: 'jpeg',
      width: 900,
      height: 1200,
      hasAlpha: false,
    });
    writeFileSync(path.join(opts.cacheDir, record ?? ''), '{"width": 9');
    expect(await optimizeImages(opts)).toBe(`1 photo(s): 0 variant(s) encoded, 7 from the cache (${opts.cacheDir})`);
    expect(JSON.parse(readFileSync(opts.manifestFile, 'utf8'))).toEqual(manifest);
    expect(JSON.parse(readFileSync(path.join(opts.cacheDir, record ?? ''), 'utf8'))).toMatchObject({ width: 900 });
  });

  it("places the cache's own files, and a second photo with the same bytes leaves them whole", async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'images-'));
    mkdirSync(path.join(root, 'media'));
    const photo = await phonePhoto(400, 300);
    writeFileSync(path.join(root, 'media', 'a.jpg'), photo);
    writeFileSync(path.join(root, 'media', 'b.jpg'), photo);
    const opts = optionsIn(root);
    expect(await optimizeImages(opts)).toMatch(/^2 photo\(s\): 3 variant\(s\) encoded, 3 from the cache/);
    const manifest = JSON.parse(readFileSync(opts.manifestFile, 'utf8')) as ImageManifest;
    expect(manifest['/media/a.jpg']).toEqual(manifest['/media/b.jpg']);
    for (const file of readdirSync(opts.outDir)) {
      const placed = statSync(path.join(opts.outDir, file));
      const cached = statSync(path.join(opts.cacheDir, file));
      expect(placed.ino).toBe(cached.ino);
      expect(placed.size).toBeGreaterThan(0);
      expect((await sharp(readFileSync(path.join(opts.outDir, file))).metadata()).width).toBeGreaterThan(0);
    }
  });

  it('stops on a file that is not an image, naming it', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'images-'));
    mkdirSync(path.join(root, 'media'));
    writeFileSync(path.join(root, 'media', 'broken.jpg'), 'not an image');
    await expect(optimizeImages(optionsIn(root))).rejects.toThrow(
      `${path.join(root, 'media', 'broken.jpg')} is not a readable image`,
    );
  });
});
