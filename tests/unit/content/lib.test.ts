/**
 * @jest-environment node
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { carouselSlides, CAROUSEL_IMAGE_SIZE } from '@/content/carousel';
import { diplomaCourseNames } from '@/content/course-names';
import { diplomas } from '@/content/courses';
import { diplomaCourses, optionValues } from '@/content/forms/options';
import { gallery } from '@/content/gallery';
import { prices } from '@/content/prices';
import { serviceCards, servicePages } from '@/content/services';
import { CAROUSEL_START_INDEX, visibleIndices, wrapIndex } from '@/lib/carousel';
import { decodeEntities, htmlToParagraphs } from '@/lib/cms/entities';
import { imageSize } from '@/lib/cms/image-size';
import { COMMITTED_SNAPSHOT, parseSnapshot } from '@/lib/cms/snapshot';
import { mediaIdOf, safeColor, safeHref } from '@/lib/cms/wordpress';
import { youtubeEmbedUrl } from '@/lib/embeds';
import { formatRupees, upiAmount } from '@/lib/payments/money';
import { momentOffset, MOMENT_MAX_OFFSET_PX } from '@/lib/moments-offset';
import { isRoutePath } from '@/lib/routes';

const publicFile = (src: string) => new Uint8Array(readFileSync(path.join(process.cwd(), 'public', src)));

describe('image sizes from file headers', () => {
  it('reads PNG, GIF, JPEG and the three WebP flavours', () => {
    const png = new Uint8Array(24);
    png.set([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 2, 0x80, 0, 0, 1, 0xe0,
    ]);
    expect(imageSize(png)).toEqual({ type: 'png', width: 640, height: 480 });

    const gif = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x2c, 0x01, 0xc8, 0x00]);
    expect(imageSize(gif)).toEqual({ type: 'gif', width: 300, height: 200 });

    // SOI, an APP0 segment of 16 bytes, then SOF0 with height 0x01E0 and width 0x0280.
    const jpeg = new Uint8Array([
      0xff,
      0xd8,
      0xff,
      0xe0,
      0x00,
      0x10,
      ...new Array<number>(14).fill(0),
      0xff,
      0xc0,
      0x00,
      0x11,
      0x08,
      0x01,
      0xe0,
      0x02,
      0x80,
      0x03,
    ]);
    expect(imageSize(jpeg)).toEqual({ type: 'jpeg', width: 640, height: 480 });

    const riff = (chunk: string, body: number[]) =>
      new Uint8Array([...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WEBP'), ...Buffer.from(chunk), ...body]);
    // VP8X stores width-1 and height-1 in 24 bits at 24 and 27.
    expect(imageSize(riff('VP8X', [0, 0, 0, 0, 0, 0, 0, 0, 0x1f, 0x03, 0x00, 0x57, 0x02, 0x00]))).toEqual({
      type: 'webp',
      width: 800,
      height: 600,
    });
    // VP8L: signature 0x2f, then 14-bit width-1 and height-1.
    const w = 99;
    const h = 49;
    const bits = w | (h << 14);
    expect(
      imageSize(
        riff('VP8L', [0, 0, 0, 0, 0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, (bits >> 24) & 0xff]),
      ),
    ).toEqual({
      type: 'webp',
      width: 100,
      height: 50,
    });
  });

  it('reads the lossy WebP files the site ships, and refuses anything else', () => {
    expect(imageSize(publicFile('media/cms/41-pro-studio.webp'))).toEqual({ type: 'webp', width: 800, height: 600 });
    expect(imageSize(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(imageSize(new Uint8Array([0x89, 0x50]))).toBeNull();
  });

  it('matches the width and height recorded for every shipped image', () => {
    const snapshot = parseSnapshot(JSON.parse(readFileSync(COMMITTED_SNAPSHOT, 'utf8')) as unknown, COMMITTED_SNAPSHOT);
    const recorded = [
      ...[snapshot.content.pro.image, ...snapshot.content.moments.images].flatMap((i) =>
        i ? [{ src: i.src, width: i.width, height: i.height }] : [],
      ),
      ...gallery().map((g) => ({ src: g.img, width: g.width, height: g.height })),
      ...carouselSlides.map((s) => ({ src: s.image, ...CAROUSEL_IMAGE_SIZE })),
    ];
    for (const image of recorded) {
      const info = imageSize(publicFile(image.src.slice(1)));
      expect({ src: image.src, width: info?.width, height: info?.height }).toEqual(image);
    }
  });
});

describe('WordPress field helpers', () => {
  it('decodes numeric and named entities and leaves unknown ones alone', () => {
    expect(decodeEntities('it&#8217;s &#x2019; &amp;&nbsp;&bogus; &#0;')).toBe('it’s ’ &\u00a0&bogus; &#0;');
    expect(htmlToParagraphs('<p>One<br>line</p>\n<p>Two</p>')).toEqual(['One line', 'Two']);
  });

  it('reads media ids from numbers, numeric strings and image objects; empty fields give null', () => {
    expect([41, '41', { id: 41 }, { ID: 41 }].map(mediaIdOf)).toEqual([41, 41, 41, 41]);
    expect([null, '', false, 0, undefined, 'abc', -3].map(mediaIdOf)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('lets only hex colours and site or http(s) addresses through', () => {
    expect(safeColor('#1b1530')).toBe('#1b1530');
    expect(safeColor('red;background:url(x)')).toBeNull();
    expect(safeHref('/request-form')).toBe('/request-form');
    expect(safeHref('//evil.example')).toBeNull();
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('https://example.com/x')).toBe('https://example.com/x');
  });
});

describe('carousel, moments, prices and embeds', () => {
  it('starts at index 2 and wraps both ways modulo 13', () => {
    expect(CAROUSEL_START_INDEX).toBe(2);
    expect(carouselSlides).toHaveLength(13);
    expect(visibleIndices(2, 13)).toEqual([1, 2, 3]);
    expect(visibleIndices(0, 13)).toEqual([12, 0, 1]);
    expect(visibleIndices(12, 13)).toEqual([11, 12, 0]);
    expect(wrapIndex(-1, 13)).toBe(12);
    expect(wrapIndex(13, 13)).toBe(0);
  });

  it('gives each moments image the same small offset on every build', () => {
    for (const id of [52, 53, 54, 'x']) {
      expect(momentOffset(id)).toBe(momentOffset(id));
      expect(momentOffset(id)).toBeGreaterThanOrEqual(0);
      expect(momentOffset(id)).toBeLessThanOrEqual(MOMENT_MAX_OFFSET_PX);
    }
    expect(new Set([52, 53, 54].map((id) => momentOffset(id))).size).toBeGreaterThan(1);
  });

  it('formats paise as rupees', () => {
    expect(formatRupees(prices.masterclass)).toBe('₹99');
    expect(formatRupees(117_882)).toBe('₹1,178.82');
    expect(formatRupees(1_00_00_000)).toBe('₹1,00,000');
    expect(upiAmount(prices.courseRegistration)).toBe('999.00');
    expect(() => formatRupees(1.5)).toThrow(RangeError);
  });

  it('builds a muted, autoplaying, control-free youtube-nocookie player address', () => {
    expect(youtubeEmbedUrl('abc_DEF-123')).toBe(
      'https://www.youtube-nocookie.com/embed/abc_DEF-123?autoplay=1&mute=1&controls=0&loop=1&playlist=abc_DEF-123&playsinline=1&rel=0',
    );
  });
});

describe('services and structured data', () => {
  it('lists 10 service cards, each opening a page that has its own record', () => {
    expect(serviceCards).toHaveLength(10);
    for (const card of serviceCards) {
      expect(servicePages[card.link1]).toBeDefined();
      expect(isRoutePath(card.link1)).toBe(true);
    }
    for (const route of Object.keys(servicePages)) expect(isRoutePath(route)).toBe(true);
  });
});

describe('diplomas', () => {
  it('the diploma page and the diploma form offer the same five diplomas, in the same order', () => {
    expect(diplomas.map((d) => d.name)).toEqual([...diplomaCourseNames]);
    expect(optionValues(diplomaCourses)).toEqual([...diplomaCourseNames]);
  });
});
