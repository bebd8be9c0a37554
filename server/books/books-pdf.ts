import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PDFDocument, PDFFont, rgb } from 'pdf-lib';
import { OWNER_MEDIA_DIR } from '@/lib/owner/folders';
import { gstStates, placeOfSupply } from '@/lib/books/states';
import { amountInWords, documentRupees } from '@/lib/books/tax';
import { isoIndia } from '@/lib/india-time';
import type { TaxSplit } from '@/lib/books/tax';
import type { CreditNote, Invoice } from './books-store';
import type { Voucher } from './vouchers-store';

/** DejaVu Sans, shipped in an npm package: it has the rupee sign (₹), which PDF's standard fonts lack. */
const fontPath = (bold: boolean) => require.resolve(`dejavu-fonts-ttf/ttf/DejaVuSans${bold ? '-Bold' : ''}.ttf`);

type Line = { text: string; bold?: boolean; size?: number; gap?: number };

/** The authorised signatory's signature, as the studio scanned it (PNG or JPEG). */
export interface Signature {
  readonly bytes: Uint8Array;
  readonly type: 'png' | 'jpg';
}

/** Where the studio puts its signatory's signature, in its own media folder. */
const SIGNATURE_FILES = [
  ['brand/signature.png', 'png'],
  ['brand/signature.jpg', 'jpg'],
  ['brand/signature.jpeg', 'jpg'],
] as const;

/**
 * The signature the studio put in its media folder (`studio-media/brand/signature.png` or `.jpg`),
 * or undefined when there is none: the documents then carry the signatory's block without an image.
 */
export async function studioSignature(root = process.cwd()): Promise<Signature | undefined> {
  for (const [file, type] of SIGNATURE_FILES) {
    const bytes = await readFile(path.join(root, OWNER_MEDIA_DIR, file)).catch(() => undefined);
    if (bytes) return { bytes, type };
  }
  return undefined;
}

/** A4 in PDF points, portrait. */
export const A4: readonly [number, number] = [595.28, 841.89];

/**
 * pdf-lib and fontkit, loaded with the first document rather than with the service: loading them
 * takes about half a second, and most runs of the service (and most of its tests) make no PDF.
 */
let cachedPdfLibraries: Promise<[typeof import('pdf-lib'), Fontkit & { default?: Fontkit }]> | undefined;
type Fontkit = typeof import('@pdf-lib/fontkit');

/**
 * The DejaVu faces, read and parsed once: parsing them took most of each document's time (a face
 * is only read from; each document embeds its own subset of it).
 */
let cachedFaces: Promise<{ regular: Uint8Array; bold: Uint8Array; fontkit: Fontkit }> | undefined;
async function faces(fontkit: Fontkit) {
  cachedFaces ??= Promise.all([readFile(fontPath(false)), readFile(fontPath(true))]).then(([regular, bold]) => {
    const parsed = new Map<Uint8Array, ReturnType<Fontkit['create']>>(
      [regular, bold].map((bytes) => [bytes, fontkit.create(bytes)]),
    );
    const create: Fontkit['create'] = (bytes, name) => parsed.get(bytes) ?? fontkit.create(bytes, name);
    return { regular, bold, fontkit: { ...fontkit, create } };
  });
  return cachedFaces;
}

/** A new PDF's document, its DejaVu faces and pdf-lib's colour maker. */
interface NewPdf {
  doc: PDFDocument;
  fonts: { regular: PDFFont; bold: PDFFont };
  rgb: typeof rgb;
}

/** A new PDF with its title and the DejaVu faces embedded (subset): the site's documents all start here. */
export async function newPdf(title: string): Promise<NewPdf> {
  cachedPdfLibraries ??= Promise.all([import('pdf-lib'), import('@pdf-lib/fontkit')]);
  const [pdfLib, fontkitModule] = await cachedPdfLibraries;
  // fontkit is CommonJS: `import()` gives its exports as `default` (with copies of them beside it).
  const face = await faces(fontkitModule.default ?? fontkitModule);
  const doc = await pdfLib.PDFDocument.create();
  doc.registerFontkit(face.fontkit);
  const regular = await doc.embedFont(face.regular, { subset: true });
  const bold = await doc.embedFont(face.bold, { subset: true });
  doc.setTitle(title);
  doc.setProducer('studio site');
  return { doc, fonts: { regular, bold }, rgb: pdfLib.rgb };
}

/** The height a signature is drawn at, in points (its width follows its proportions, at most 200). */
const SIGNATURE_HEIGHT = 40;

/**
 * A one-page A4 PDF of these lines, top to bottom, ending with the authorised signatory's block
 * (CGST Rule 46(q)): "For" the supplier's legal name, the signature when the studio has one, and
 * "Authorised signatory".
 */
async function pdfOf(
  title: string,
  lines: readonly Line[],
  signatory: { legalName: string; signature: Signature | undefined },
): Promise<Uint8Array> {
  const {
    doc,
    fonts: { regular, bold },
    rgb,
  } = await newPdf(title);
  const page = doc.addPage([...A4]);
  let y = 800;
  const write = (text: string, font: PDFFont, size: number) => {
    page.drawText(text, { x: 50, y, size, font, color: rgb(0.07, 0.07, 0.07) });
  };
  const print = (line: Line) => {
    y -= line.gap ?? 0;
    const size = line.size ?? 10;
    write(line.text, line.bold ? bold : regular, size);
    y -= size + 5;
  };
  for (const line of lines) print(line);
  print({ text: `For ${signatory.legalName}`, bold: true, gap: 12 });
  const { signature } = signatory;
  if (signature) {
    const image = signature.type === 'png' ? await doc.embedPng(signature.bytes) : await doc.embedJpg(signature.bytes);
    const scaled = image.scale(SIGNATURE_HEIGHT / image.height);
    const width = Math.min(scaled.width, 200);
    y -= SIGNATURE_HEIGHT;
    page.drawImage(image, { x: 50, y, width, height: (width / scaled.width) * SIGNATURE_HEIGHT });
    y -= 6;
  } else y -= 24;
  print({ text: 'Authorised signatory' });
  return doc.save();
}

const dateText = (at: string) => isoIndia(Date.parse(at)).slice(0, 10);
const stateText = (code: string) => `${gstStates[code] ?? 'Unknown'} (code ${code})`;

/** The parties as a document prints them: the supplier, then the recipient (with its GSTIN and address when a business). */
interface Parties {
  supplier: Invoice['supplier'];
  recipientName: string;
  /** The recipient's state code, when known. */
  recipientState: string | null;
  recipientGstin?: string | null;
  recipientAddress?: string | null;
}

function partiesOf(parties: Parties): Line[] {
  const s = parties.supplier;
  return [
    { text: 'Supplier', bold: true, gap: 8 },
    { text: s.legalName },
    { text: s.address },
    { text: `State: ${stateText(s.stateCode)}` },
    ...(s.gstin ? [{ text: `GSTIN: ${s.gstin}` }] : []),
    { text: 'Recipient', bold: true, gap: 8 },
    { text: parties.recipientName },
    ...(parties.recipientAddress ? [{ text: parties.recipientAddress }] : []),
    { text: `State: ${parties.recipientState ? stateText(parties.recipientState) : 'not given'}` },
    ...(parties.recipientGstin ? [{ text: `GSTIN: ${parties.recipientGstin}` }] : []),
  ];
}

function amountsOf(split: TaxSplit, taxed: boolean, totalLabel: string): Line[] {
  const half = split.ratePercent / 2;
  return [
    ...(taxed
      ? [
          { text: `Taxable value: ${documentRupees(split.taxablePaise)}`, gap: 8 },
          ...(split.igstPaise > 0 || split.cgstPaise === 0
            ? [{ text: `IGST ${split.ratePercent}%: ${documentRupees(split.igstPaise)}` }]
            : [
                { text: `CGST ${half}%: ${documentRupees(split.cgstPaise)}` },
                { text: `SGST ${half}%: ${documentRupees(split.sgstPaise)}` },
              ]),
        ]
      : []),
    { text: `${totalLabel}: ${documentRupees(split.totalPaise)}`, bold: true, size: 12, gap: taxed ? 4 : 8 },
    { text: `In words: ${amountInWords(split.totalPaise)}` },
  ];
}

/** An invoice as its PDF: a tax invoice with every field of CGST Rule 46, or a plain receipt without a GSTIN. */
export function invoicePdf(invoice: Invoice, signature: Signature | undefined): Promise<Uint8Array> {
  const taxed = invoice.kind === 'tax-invoice';
  const title = taxed ? 'Tax invoice' : 'Payment receipt';
  return pdfOf(
    `${title} ${invoice.number}`,
    [
      { text: title, bold: true, size: 18 },
      { text: `${taxed ? 'Invoice' : 'Receipt'} number: ${invoice.number}`, gap: 6 },
      { text: `Date: ${dateText(invoice.issuedAt)}` },
      ...partiesOf(invoice),
      ...(taxed
        ? [{ text: `Place of supply: ${placeOfSupply(invoice.placeOfSupply)}`, gap: 8 }, { text: 'Reverse charge: No' }]
        : []),
      { text: `${taxed ? `SAC ${invoice.sac}: ` : ''}${invoice.description}`, gap: 8 },
      ...amountsOf(invoice, taxed, taxed ? 'Total' : 'Amount paid'),
      { text: taxed ? 'Paid by UPI.' : 'Paid by UPI. Thank you.', gap: 16, size: 9 },
    ],
    { legalName: invoice.supplier.legalName, signature },
  );
}

/** A credit note as its PDF: against its invoice's number and date, with the invoice's tax split. */
export function creditNotePdf(note: CreditNote, signature: Signature | undefined): Promise<Uint8Array> {
  const taxed = note.invoice.kind === 'tax-invoice';
  return pdfOf(
    `Credit note ${note.number}`,
    [
      { text: 'Credit note', bold: true, size: 18 },
      { text: `Credit note number: ${note.number}`, gap: 6 },
      { text: `Date: ${dateText(note.issuedAt)}` },
      { text: `Against ${taxed ? 'invoice' : 'receipt'} ${note.invoice.number} of ${dateText(note.invoice.issuedAt)}` },
      ...partiesOf(note.invoice),
      ...(taxed ? [{ text: `Place of supply: ${placeOfSupply(note.invoice.placeOfSupply)}`, gap: 8 }] : []),
      { text: `${taxed ? `SAC ${note.invoice.sac}: ` : ''}${note.invoice.description}`, gap: 8 },
      { text: `Reason: ${note.reason}` },
      ...amountsOf(note, taxed, 'Total credited'),
    ],
    { legalName: note.invoice.supplier.legalName, signature },
  );
}

/**
 * A receipt voucher (CGST Rule 50) or a refund voucher (Rule 51) as its PDF: the advance, its tax
 * at the rate and split of the place of supply, and for a refund the receipt voucher it returns.
 */
export function voucherPdf(
  voucher: Voucher,
  receipt: { number: string; issuedAt: string } | undefined,
  signature: Signature | undefined,
): Promise<Uint8Array> {
  const title = voucher.kind === 'receipt' ? 'Receipt voucher' : 'Refund voucher';
  const taxed = voucher.ratePercent > 0;
  return pdfOf(
    `${title} ${voucher.number}`,
    [
      { text: title, bold: true, size: 18 },
      { text: `Voucher number: ${voucher.number}`, gap: 6 },
      { text: `Date: ${dateText(voucher.issuedAt)}` },
      ...(receipt ? [{ text: `Against receipt voucher ${receipt.number} of ${dateText(receipt.issuedAt)}` }] : []),
      ...partiesOf({
        ...voucher,
        recipientState: voucher.recipientGstin?.slice(0, 2) ?? voucher.placeOfSupply,
      }),
      { text: `Place of supply: ${placeOfSupply(voucher.placeOfSupply)}`, gap: 8 },
      { text: 'Reverse charge: No' },
      { text: `SAC ${voucher.sac}: ${voucher.description}`, gap: 8 },
      { text: `${voucher.kind === 'receipt' ? 'Advance for' : 'Advance returned for'} booking ${voucher.reference}` },
      ...(voucher.reason ? [{ text: `Reason: ${voucher.reason}` }] : []),
      ...amountsOf(voucher, taxed, voucher.kind === 'receipt' ? 'Amount received' : 'Amount refunded'),
      {
        text:
          voucher.kind === 'receipt'
            ? 'Paid by UPI. The tax invoice follows when the service is supplied, adjusting this advance.'
            : 'Refunded by bank transfer.',
        gap: 16,
        size: 9,
      },
    ],
    { legalName: voucher.supplier.legalName, signature },
  );
}
