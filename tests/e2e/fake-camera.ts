import { writeFileSync } from 'node:fs';
import sharp from 'sharp';

/** The fake camera's picture size: a phone camera's smallest common mode. */
const WIDTH = 640;
const HEIGHT = 480;

/**
 * Writes a Y4M video (what Chromium's `--use-file-for-fake-video-capture` plays, looped) that shows
 * `png` centred on white: grey pixels from sharp as the Y plane, neutral chroma (4:2:0). Written
 * here because ffmpeg may not be on the machine; Y4M is a text header and raw planes.
 */
export async function writeY4m(png: Buffer, file: string, frames = 5): Promise<void> {
  const side = Math.min(WIDTH, HEIGHT) - 40;
  const luma = await sharp(png)
    .resize(side, side, { fit: 'contain', background: '#ffffff' })
    .flatten({ background: '#ffffff' })
    .extend({
      top: (HEIGHT - side) / 2,
      bottom: (HEIGHT - side) / 2,
      left: (WIDTH - side) / 2,
      right: (WIDTH - side) / 2,
      background: '#ffffff',
    })
    .greyscale()
    .raw()
    .toBuffer();
  if (luma.length !== WIDTH * HEIGHT) throw new Error(`expected one grey byte a pixel, got ${luma.length}`);
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}
