import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { QRCodeSVG } from 'qrcode.react';
import sharp from 'sharp';

/**
 * A ticket's QR code as a PNG (the page's own QR component drawn to SVG, then rasterised by sharp):
 * e-mail clients show an attached image, not an inline SVG. `size` is the image's width in pixels.
 */
export async function ticketPng(token: string, size = 360): Promise<Buffer> {
  const svg = renderToStaticMarkup(
    createElement(QRCodeSVG, { value: token, size, level: 'M', marginSize: 4, bgColor: '#ffffff', fgColor: '#000000' }),
  );
  return sharp(Buffer.from(svg)).png().toBuffer();
}
