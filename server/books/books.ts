import { zipSync, strToU8 } from 'fflate';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import { validator } from 'hono/validator';
import type { BooksConfig } from '@/lib/books/config';
import { bearerToken } from '@/lib/sessions/registrant';
import { totals } from '@/lib/books/book-document';
import { byPlaceAndRate, gstr1Sheets } from '@/lib/books/sheets';
import type { StaffVars } from '../platform/auth';
import { creditNotePdf, invoicePdf, studioSignature, voucherPdf } from './books-pdf';
import { getVoucher, monthAdvances } from './vouchers-store';
import { documentFileName } from './books-mail';
import type { RegistrantLinks } from '../sessions/join';
import { getCreditNote, getInvoice, monthBooks } from './books-store';
import { seatOfRegistration } from '../sessions/seats-store';
import type { Store } from '../store/store';
import { idParams } from '../platform/validate';

export interface BooksOptions {
  store: Store;
  books: BooksConfig;
  staffOnly: MiddlewareHandler<{ Variables: StaffVars }>;
  publicGuards: readonly MiddlewareHandler[];
  /** The registrants' links: a registrant downloads their own invoices and credit notes with their page's token. */
  links?: RegistrantLinks | undefined;
}

/**
 * The registration a registrant's request is about, from its page link's token in the
 * `Authorization: Bearer` header (never in the address), as the other registrant routes take it.
 */
export async function registrantOf(
  c: Context,
  links: RegistrantLinks | undefined,
  db: Store['db'],
): Promise<number | undefined> {
  const token = bearerToken(c.req.header('Authorization'));
  if (!links || token === undefined) return undefined;
  return (await links.verify('page', token, (id) => seatOfRegistration(db, id)))?.registrationId;
}

const pdf = (c: Context, bytes: Uint8Array, number: string) =>
  c.body(Buffer.from(bytes), 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="${documentFileName(number)}"`,
  });

/** The month a staff read of the books names: `?month=YYYY-MM`, or 400 with the format. */
const monthQuery = validator('query', (value: Record<string, string | string[]>, c) => {
  const month = typeof value.month === 'string' ? value.month : '';
  return /^20\d{2}-(0[1-9]|1[0-2])$/.test(month)
    ? { month }
    : c.json({ message: 'Give the month as ?month=YYYY-MM, e.g. 2026-11.' }, 400);
});

/**
 * The books: invoices and credit notes as PDFs (staff, and each registrant their own), the month's
 * documents with their totals reconciled against the verified payments, and the month's GSTR-1
 * sheets in one zip for the accountant.
 */
export function booksRoutes(opts: BooksOptions) {
  const { store, staffOnly } = opts;
  const badLink = (c: Context) => c.json({ message: 'This link is not valid.' }, 404);
  const linkParam = idParams('This link is not valid.', 'id');
  return new Hono<{ Variables: StaffVars }>()
    .get('/books/invoices/:id{[0-9]{1,9}}/pdf', staffOnly, idParams('No such invoice.', 'id'), async (c) => {
      const invoice = await getInvoice(store.db, c.req.valid('param').id);
      return invoice
        ? pdf(c, await invoicePdf(invoice, await studioSignature()), invoice.number)
        : c.json({ message: 'No such invoice.' }, 404);
    })
    .get('/books/credit-notes/:id{[0-9]{1,9}}/pdf', staffOnly, idParams('No such credit note.', 'id'), async (c) => {
      const note = await getCreditNote(store.db, c.req.valid('param').id);
      return note
        ? pdf(c, await creditNotePdf(note, await studioSignature()), note.number)
        : c.json({ message: 'No such credit note.' }, 404);
    })
    .get('/books/vouchers/:id{[0-9]{1,9}}/pdf', staffOnly, idParams('No such voucher.', 'id'), async (c) => {
      const voucher = await getVoucher(store.db, c.req.valid('param').id);
      if (!voucher) return c.json({ message: 'No such voucher.' }, 404);
      const receipt = voucher.receiptId === null ? undefined : await getVoucher(store.db, voucher.receiptId);
      return pdf(c, await voucherPdf(voucher, receipt, await studioSignature()), voucher.number);
    })
    .get('/books/month', staffOnly, monthQuery, async (c) => {
      const { month } = c.req.valid('query');
      const books = await monthBooks(store.db, month);
      return c.json(
        {
          ...books,
          totals: totals(books.documents),
          byPlaceAndRate: [...byPlaceAndRate(books.documents)].map(([key, sums]) => {
            const [pos = '', rate = ''] = key.split('|');
            return { pos, ratePercent: Number(rate), ...sums };
          }),
        },
        200,
      );
    })
    .get('/books/gstr1.zip', staffOnly, monthQuery, async (c) => {
      const { month } = c.req.valid('query');
      const { documents } = await monthBooks(store.db, month);
      const advances = await monthAdvances(store.db, month);
      const sheets = Object.entries(gstr1Sheets(documents, advances)).map(
        ([name, csv]) => [name, strToU8(csv)] as const,
      );
      const zip = zipSync(Object.fromEntries(sheets));
      return c.body(Buffer.from(zip), 200, {
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="gstr1-${month}.zip"`,
      });
    })
    .get('/books/registrant/invoices/:id{[0-9]{1,9}}/pdf', every(...opts.publicGuards), linkParam, async (c) => {
      const id = await registrantOf(c, opts.links, store.db);
      const invoice = id === undefined ? undefined : await getInvoice(store.db, c.req.valid('param').id);
      if (!invoice || invoice.registrationId !== id) return badLink(c);
      return pdf(c, await invoicePdf(invoice, await studioSignature()), invoice.number);
    })
    .get('/books/registrant/credit-notes/:id{[0-9]{1,9}}/pdf', every(...opts.publicGuards), linkParam, async (c) => {
      const id = await registrantOf(c, opts.links, store.db);
      const note = id === undefined ? undefined : await getCreditNote(store.db, c.req.valid('param').id);
      if (!note || note.invoice.registrationId !== id) return badLink(c);
      return pdf(c, await creditNotePdf(note, await studioSignature()), note.number);
    });
}

export type BooksRoutes = ReturnType<typeof booksRoutes>;
