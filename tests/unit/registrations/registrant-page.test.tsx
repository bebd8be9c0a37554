import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { RegistrantBooks } from '@/components/registrant/registrant-books';
import { RefundTerms } from '@/components/registrant/registrant-terms';
import { registrationHeading } from '@/components/registrant/registrant-view';
import {
  fetchRegistrantBooks,
  fetchRegistrantCreditNote,
  type RegistrantBooks as Books,
} from '@/lib/books/books-client';
import { saveFile } from '@/lib/privacy/privacy-client';

jest.mock('@/lib/books/books-client', () => ({
  fetchRegistrantBooks: jest.fn(),
  fetchRegistrantCreditNote: jest.fn(),
  fetchRegistrantInvoice: jest.fn(),
  requestRefundCall: jest.fn(),
}));
jest.mock('@/lib/privacy/privacy-client', () => ({ saveFile: jest.fn() }));

const studio = { name: 'One11 Studios', email: 'team@one11.example', whatsapp: '919000000000' };
const books = (refunds: Books['refunds'], refundClosed: string | null = null): Books => ({
  payment: { receivedPaise: 11682, duePaise: 0, pricePaise: 11682, text: '₹116.82 received: paid in full' },
  invoices: [
    { id: 3, number: 'INV/26-27/00002', kind: 'tax-invoice', issuedAt: '2026-11-29T10:00:00Z', totalPaise: 11682 },
  ],
  refunds,
  returned: [],
  refundClosed,
});
const refunded: Books['refunds'][number] = {
  status: 'refunded',
  requestedAt: '2026-11-29T11:00:00Z',
  declineReason: null,
  amountPaise: 5000,
  creditNote: 'INVC/26-27/00001',
  creditNoteId: 7,
};
const masterclassRefundTerms = <RefundTerms kind="masterclass" studio={studio} />;

/** Renders the books part of the page for `read` and waits for it. */
async function showBooks(read: Books, terms: React.ReactNode = masterclassRefundTerms) {
  jest.mocked(fetchRegistrantBooks).mockResolvedValue(read);
  await act(async () => {
    render(<RegistrantBooks token="1.token" terms={terms} />);
  });
}

beforeEach(() => jest.clearAllMocks());

describe("the registrant's page", () => {
  it('is titled by the kind: a course by its name, a masterclass as one', () => {
    expect(registrationHeading({ kind: 'masterclass', title: 'Online masterclass' })).toBe(
      'Your masterclass registration',
    );
    expect(registrationHeading({ kind: 'course', title: 'Diploma in Music Production' })).toBe(
      'Your course registration: Diploma in Music Production',
    );
    expect(registrationHeading({ kind: 'course', title: '' })).toBe('Your course registration');
  });

  it("offers a refund's credit note to download with the page's token, beside the decision", async () => {
    const pdf = new Blob(['%PDF-1.4'], { type: 'application/pdf' });
    jest.mocked(fetchRegistrantCreditNote).mockResolvedValue(pdf);
    await showBooks(books([refunded]));
    expect(screen.getByTestId('refund-status')).toHaveTextContent(
      'Refunded ₹50.00: credit note INVC/26-27/00001 is issued. Download it here; we e-mailed it to you too.',
    );
    expect(screen.queryByText(/was e-mailed to you/)).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Download credit note INVC/26-27/00001 (PDF)' }));
    });
    expect(fetchRegistrantCreditNote).toHaveBeenCalledWith('1.token', 7);
    expect(saveFile).toHaveBeenCalledWith(pdf, 'INVC-26-27-00001.pdf');
  });

  it('says so when the credit note cannot be had', async () => {
    jest.mocked(fetchRegistrantCreditNote).mockResolvedValue(undefined);
    await showBooks(books([refunded]));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Download credit note/ }));
    });
    expect(saveFile).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('The credit note could not be downloaded.');
  });

  it("shows the masterclass's refund terms beside the refund box, with a link to all of them", async () => {
    await showBooks(books([]));
    const form = screen.getByRole('textbox', { name: 'Ask for a refund (the terms above say when)' });
    expect(form).toBeInTheDocument();
    const terms = screen.getByTestId('refund-terms');
    expect(within(terms).getByRole('heading', { name: 'Eligibility for Refund' })).toBeInTheDocument();
    expect(within(terms).getByRole('heading', { name: 'Valid Grounds for Refund' })).toBeInTheDocument();
    expect(terms).toHaveTextContent('within 24 hours of attending the masterclass');
    expect(terms).toHaveTextContent('sole discretion of One11 Studios');
    expect(within(terms).getByRole('link', { name: 'All the masterclass terms' })).toHaveAttribute(
      'href',
      '/masterClass-Terms#eligibility-for-refund',
    );
    // The terms come before the box that points at them.
    expect(terms.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Download credit note/ })).toBeNull();
  });

  it("shows a course's refund terms: the refund policy's words on courses", async () => {
    const courseTerms = <RefundTerms kind="course" studio={studio} />;
    await showBooks(books([], 'Only a verified masterclass payment can be refunded from this page.'), courseTerms);
    const terms = screen.getByTestId('refund-terms');
    expect(within(terms).getByRole('heading', { name: 'Digital Courses and Memberships' })).toBeInTheDocument();
    expect(terms).toHaveTextContent('not refundable once purchased');
    expect(within(terms).getByRole('link', { name: 'Our refund policy' })).toHaveAttribute(
      'href',
      '/refund-policy#courses-and-memberships',
    );
    expect(screen.queryByRole('textbox', { name: /Ask for a refund/ })).toBeNull();
  });
});
