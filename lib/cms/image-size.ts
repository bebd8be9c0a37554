/** The format and pixel size of an image file, read from its first bytes. */
export interface ImageInfo {
  type: 'png' | 'jpeg' | 'webp' | 'gif';
  width: number;
  height: number;
}

const ascii = (bytes: Uint8Array, start: number, length: number): string =>
  String.fromCharCode(...bytes.subarray(start, start + length));

const u16be = (b: Uint8Array, i: number): number => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const u16le = (b: Uint8Array, i: number): number => (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, i: number): number => u16le(b, i) | ((b[i + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, i: number): number => ((u16be(b, i) << 16) >>> 0) + u16be(b, i + 2);

function jpegSize(b: Uint8Array): { width: number; height: number } | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1] ?? 0;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { height: u16be(b, i + 5), width: u16be(b, i + 7) };
    i += 2 + u16be(b, i + 2);
  }
  return null;
}

function webpSize(b: Uint8Array): { width: number; height: number } | null {
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8 ' && b.length >= 30) return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  if (chunk === 'VP8L' && b.length >= 25 && b[20] === 0x2f) {
    const b1 = b[21] ?? 0;
    const b2 = b[22] ?? 0;
    const b3 = b[23] ?? 0;
    const b4 = b[24] ?? 0;
    return { width: 1 + (((b2 & 0x3f) << 8) | b1), height: 1 + (((b4 & 0x0f) << 10) | (b3 << 2) | ((b2 & 0xc0) >> 6)) };
  }
  if (chunk === 'VP8X' && b.length >= 30) return { width: 1 + u24le(b, 24), height: 1 + u24le(b, 27) };
  return null;
}

/** Reads the size of a PNG, JPEG, WebP or GIF from its header; null for anything else or a truncated file. */
export function imageSize(bytes: Uint8Array): ImageInfo | null {
  let size: { width: number; height: number } | null = null;
  let type: ImageInfo['type'];
  if (
    bytes.length >= 24 &&
    u32be(bytes, 0) === 0x89504e47 &&
    u32be(bytes, 4) === 0x0d0a1a0a &&
    ascii(bytes, 12, 4) === 'IHDR'
  ) {
    type = 'png';
    size = { width: u32be(bytes, 16), height: u32be(bytes, 20) };
  } else if (bytes.length >= 10 && /^GIF8[79]a$/.test(ascii(bytes, 0, 6))) {
    type = 'gif';
    size = { width: u16le(bytes, 6), height: u16le(bytes, 8) };
  } else if (bytes.length >= 16 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') {
    type = 'webp';
    size = webpSize(bytes);
  } else if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    type = 'jpeg';
    size = jpegSize(bytes);
  } else {
    return null;
  }
  if (!size || size.width <= 0 || size.height <= 0) return null;
  return { type, ...size };
}
