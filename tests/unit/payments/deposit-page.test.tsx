import { render, screen, within } from '@testing-library/react';
import { DepositPayment } from '@/components/payment/deposit-payment';
import { amountOfLink } from '@/lib/payments/upi-link';

const payTo = { upi: { id: 'studio@okaxis', payeeName: 'One11 Studios' } };
const facts = (status: string) => ({
  reference: 'SB7K2M9QXA',
  service: 'recording',
  room: 'studio-a',
  engineer: 'rohan',
  date: '2030-01-08',
  start: '10:00',
  hours: 3,
  depositPaise: 590_000,
  totalPaise: 1_180_000,
  holdUntil: '2030-01-02T00:00:00.000Z',
  status,
});

/** A JSON answer (jsdom has no Response: the fields the client reads). */
const answer = (body: unknown, status = 200) => ({
  ok: status < 300,
  status,
  headers: new Map([['content-type', 'application/json']]),
  json: async () => body,
  text: async () => JSON.stringify(body),
});

/** The page at /book/deposit?reference=…, the service answering the booking's facts with `status`. */
function openPage(status: string, search = '?reference=SB7K2M9QXA') {
  window.history.replaceState(null, '', `/book/deposit${search}`);
  const asked: string[] = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    asked.push(String(input));
    return String(input).includes('/api/bookings/held/SB7K2M9QXA') ? answer(facts(status)) : answer({}, 404);
  }) as unknown as typeof fetch;
  render(<DepositPayment payTo={payTo} />);
  return asked;
}

beforeEach(() => {
  jest.restoreAllMocks();
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

describe("a booking's deposit page", () => {
  it("asks for the booking's deposit with its reference, and sends the claim with both", async () => {
    jest
      .spyOn(navigator, 'userAgent', 'get')
      .mockReturnValue('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36');
    const asked = openPage('held');
    expect(await screen.findByText(/: booking SB7K2M9QXA/)).toHaveTextContent('₹5,900');
    expect(asked.some((url) => url.includes('/api/bookings/held/SB7K2M9QXA'))).toBe(true);
    const link = screen.getByRole('link', { name: /UPI app/i }).getAttribute('href') ?? '';
    expect(amountOfLink(link)).toBe('5900.00');
    expect(link).toContain('SB7K2M9QXA');
    // The claim form: UTR and contact, with the booking's reference and deposit, sent as a form without JavaScript.
    const form = screen.getByRole('form', { name: 'Already paid? Send us your UTR' }) as HTMLFormElement;
    expect(form.method).toBe('post');
    expect(within(form).getByLabelText(/UTR/)).toBeInTheDocument();
    const hidden = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).value;
    expect([hidden('reference'), hidden('prefix'), hidden('amountPaise')]).toEqual(['SB7K2M9QXA', 'SB', '590000']);
  });

  it('says a confirmed booking needs nothing more', async () => {
    openPage('confirmed');
    expect(await screen.findByText('This booking is confirmed: its deposit is received.')).toBeInTheDocument();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('says a lapsed booking is to be booked again, with no way to pay for it', async () => {
    openPage('lapsed');
    expect(await screen.findByText(/hold has ended \(lapsed\)/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book a time' })).toHaveAttribute('href', expect.stringContaining('/book'));
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('says where the reference is when the address has none', async () => {
    openPage('held', '');
    expect(await screen.findByText(/has no booking reference/)).toBeInTheDocument();
  });
});
