import type { Color, PDFFont, PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import { datesText, dayText, kindTitle, verifyUrl } from '@/lib/certificates/certificates';
import { A4, newPdf } from '../books/books-pdf';
import type { Certificate } from './certificates-store';

/** The certificate's colours: its text, its quieter lines and frame, and the QR code's white ground. */
interface Palette {
  ink: Color;
  muted: Color;
  white: Color;
}

/** Draws the QR code of `text` as dark squares, its top right corner at (right, top), each module `unit` points wide. */
function drawQr(page: PDFPage, text: string, right: number, top: number, unit: number, { ink, white }: Palette): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const side = (modules.size + 2 * quiet) * unit;
  const x = right - side;
  page.drawRectangle({ x, y: top - side, width: side, height: side, color: white });
  // Each row's runs of dark modules as one rectangle: about half the drawing operations, the same picture.
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue;
      let end = col;
      while (end + 1 < modules.size && modules.get(row, end + 1)) end++;
      page.drawRectangle({
        x: x + (quiet + col) * unit,
        y: top - (quiet + row + 1) * unit,
        width: (end - col + 1) * unit,
        height: unit,
        color: ink,
      });
      col = end;
    }
  }
}

/**
 * A certificate as its PDF (A4 landscape): the studio's name, the kind, the holder's name as
 * registered, the course and its dates, the serial, and a QR code to its verification page.
 */
export async function certificatePdf(certificate: Certificate, siteUrl: string): Promise<Uint8Array> {
  const title = kindTitle[certificate.kind];
  const { doc, fonts, rgb } = await newPdf(`${title} ${certificate.serial}`);
  const palette: Palette = { ink: rgb(0.07, 0.07, 0.07), muted: rgb(0.35, 0.35, 0.35), white: rgb(1, 1, 1) };
  const { ink, muted } = palette;
  const [height, width] = A4;
  const page = doc.addPage([width, height]);
  const centred = (text: string, y: number, size: number, font: PDFFont = fonts.regular, color = ink) =>
    page.drawText(text, { x: (width - font.widthOfTextAtSize(text, size)) / 2, y, size, font, color });
  page.drawRectangle({ x: 24, y: 24, width: width - 48, height: height - 48, borderColor: muted, borderWidth: 1.5 });
  centred(certificate.studioName, height - 90, 20, fonts.bold);
  centred(title, height - 140, 30, fonts.bold);
  centred('This certifies that', height - 190, 13, fonts.regular, muted);
  centred(certificate.holderName, height - 230, 26, fonts.bold);
  centred(
    certificate.kind === 'completion' ? 'has completed the course' : 'took part in the',
    height - 265,
    13,
    fonts.regular,
    muted,
  );
  centred(certificate.course, height - 300, 18, fonts.bold);
  centred(datesText(certificate.startsAt, certificate.endsAt), height - 330, 13);
  const url = verifyUrl(siteUrl, certificate.serial);
  page.drawText(`Serial number: ${certificate.serial}`, { x: 60, y: 110, size: 11, font: fonts.bold, color: ink });
  page.drawText(`Issued on ${dayText(certificate.issuedAt)}`, {
    x: 60,
    y: 92,
    size: 10,
    font: fonts.regular,
    color: ink,
  });
  page.drawText('Check that it is valid: scan the code, or open', {
    x: 60,
    y: 74,
    size: 9,
    font: fonts.regular,
    color: muted,
  });
  page.drawText(url, { x: 60, y: 60, size: 9, font: fonts.regular, color: muted });
  drawQr(page, url, width - 48, 170, 3, palette);
  return doc.save();
}
