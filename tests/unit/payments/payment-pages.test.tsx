import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { CoursePaymentScreen, MasterclassPaymentScreen } from '@/components/payment/payment-screens';
import { saveMasterclassContact } from '@/lib/handoff';
import { paiseFromText } from '@/lib/payments/money';
import { amountOfLink } from '@/lib/payments/upi-link';

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const studio = {
  name: 'One11 Studios',
  whatsapp: '919000000000',
  upi: { id: 'studio@okaxis', payeeName: 'One11 Studios' },
};

/** The amount in the <dd> next to the <dt> with `label`, inside `container`, in paise. */
function figure(container: HTMLElement, label: string): number {
  const term = within(container).getByText(label, { selector: 'dt' });
  return paiseFromText(term.nextElementSibling?.textContent ?? '');
}

/** The `am` of a UPI link, in paise (and it must have exactly two decimals). */
function linkPaise(link: string): number {
  const am = amountOfLink(link) ?? '';
  expect(am).toMatch(/^\d+\.\d{2}$/);
  return paiseFromText(am);
}

function chatText(): string {
  const href = screen.getByRole('link', { name: /Send Details on WhatsApp/ }).getAttribute('href') ?? '';
  return new URL(href).searchParams.get('text') ?? '';
}

function setWindowWidth(width: number): void {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
}

beforeEach(() => {
  sessionStorage.clear();
  jest.restoreAllMocks();
  // jsdom has no canvas: the hidden "Save QR image" canvas then stays blank.
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  setWindowWidth(1024);
});

describe('the masterclass payment page: every figure agrees with every link', () => {
  it('shows ₹99 + GST ₹17.82 = ₹116.82, and the links of a phone carry am=116.82', async () => {
    jest.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ANDROID);
    const navigate = jest.fn<void, [string]>();
    render(<MasterclassPaymentScreen studio={studio} navigate={navigate} />);

    const summary = screen.getByRole('region', { name: 'Masterclass fee' });
    expect(within(summary).getByText('₹99')).toBeInTheDocument();
    expect(within(summary).getByText('₹17.82')).toBeInTheDocument();
    expect(within(summary).getByText('₹116.82')).toBeInTheDocument();
    const total = figure(summary, 'Total to pay');
    expect(figure(summary, 'Masterclass') + figure(summary, 'GST (18%)')).toBe(total);

    fireEvent.click(screen.getByRole('button', { name: 'Proceed to Pay' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a payment option first.');
    expect(navigate).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('radio', { name: 'GPay' }));
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    // The fallback's QR loads its code when it is shown (or earlier, once the page is idle): act waits for it.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Proceed to Pay' })));
    expect(navigate).toHaveBeenCalledTimes(1);
    const appLink = navigate.mock.calls[0]?.[0] ?? '';
    expect(appLink).toMatch(
      /^intent:\/\/pay\?pa=studio@okaxis&.*;package=com\.google\.android\.apps\.nbu\.paisa\.user;end$/,
    );
    expect(linkPaise(appLink)).toBe(total);

    const fallback = screen.getByRole('region', { name: 'Did GPay not open?' });
    expect(figure(fallback, 'Amount')).toBe(total);
    expect(within(fallback).getByRole('img', { name: 'QR code to pay ₹116.82 by UPI' })).toBeInTheDocument();
    const generic = within(fallback).getByRole('link', { name: 'Open in a UPI app' }).getAttribute('href') ?? '';
    expect(generic).toMatch(/^upi:\/\/pay\?/);
    expect(linkPaise(generic)).toBe(total);
    expect(screen.getByRole('region', { name: 'How your payment is confirmed' })).toHaveTextContent(
      'Pay ₹116.82 by UPI to studio@okaxis',
    );

    expect(paiseFromText(/Amount paid: (.*)/.exec(chatText())?.[1] ?? '')).toBe(total);
  });

  it('opens Scan to Pay on a desktop with the same amount, and carries the masterclass e-mail into the chat', async () => {
    saveMasterclassContact({ email: 'asha@example.com' });
    const navigate = jest.fn<void, [string]>();
    render(<MasterclassPaymentScreen studio={studio} navigate={navigate} />);
    expect(chatText()).toContain('\nEmail: asha@example.com\n');

    fireEvent.click(screen.getByRole('radio', { name: 'PhonePe' }));
    // The dialog's QR loads its code on opening (or earlier, once the page is idle): act waits for it.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Proceed to Pay' })));
    expect(navigate).not.toHaveBeenCalled();
    const dialog = screen.getByRole('dialog', { name: 'Scan to Pay' });
    expect(figure(dialog, 'Amount')).toBe(
      figure(screen.getByRole('region', { name: 'Masterclass fee' }), 'Total to pay'),
    );
    expect(within(dialog).getByText(/Open PhonePe on your phone/)).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'QR code to pay ₹116.82 by UPI' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: 'Open in a UPI app' })).not.toBeInTheDocument();
  });
});

describe('the course payment page: every figure agrees with every link', () => {
  it('states 999 INR + 18% GST and ₹1,178.82, and Pay via UPI in a narrow window carries am=1178.82', async () => {
    setWindowWidth(375);
    const navigate = jest.fn<void, [string]>();
    render(<CoursePaymentScreen studio={studio} navigate={navigate} />);

    const fee = screen.getByText(/999 INR \+ 18% GST/);
    expect(fee).toHaveTextContent('Registration fee: 999 INR + 18% GST, ₹1,178.82 in total.');
    const summary = screen.getByRole('region', { name: 'Registration fee' });
    const total = figure(summary, 'Total to pay');
    expect(total).toBe(117882);
    expect(paiseFromText(/(₹[\d,.]+) in total/.exec(fee.textContent ?? '')?.[1] ?? '')).toBe(total);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pay via UPI' })));
    const link = navigate.mock.calls[0]?.[0] ?? '';
    expect(link).toMatch(
      /^upi:\/\/pay\?pa=studio@okaxis&pn=One11%20Studios&am=1178\.82&cu=INR&tn=Course%20registration%20CR[A-Z0-9]+&tr=CR[A-Z0-9]+$/,
    );
    expect(linkPaise(link)).toBe(total);
    expect(paiseFromText(/Amount paid: (.*)/.exec(chatText())?.[1] ?? '')).toBe(total);
  });

  it('opens the QR dialog from an app logo in a wide window, and Close closes it', async () => {
    setWindowWidth(1280);
    const navigate = jest.fn<void, [string]>();
    render(<CoursePaymentScreen studio={studio} navigate={navigate} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pay with Paytm' })));
    expect(navigate).not.toHaveBeenCalled();
    const dialog = screen.getByRole('dialog', { name: 'Scan to Pay' });
    expect(figure(dialog, 'Amount')).toBe(117882);
    expect(within(dialog).getByRole('img', { name: 'QR code to pay ₹1,178.82 by UPI' })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
