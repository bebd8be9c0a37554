import { configure, render, screen } from '@testing-library/react';
import { BookingHeld } from '@/components/bookings/booking-held';
import { answer } from './page-fixtures';

/** The page after a booking: its facts from the service by the reference in the address, and how to pay. */

// A loaded two-core machine can take over a second to send and re-render: waits allow five.
configure({ asyncUtilTimeout: 5000 });

const payTo = { upi: { id: 'studio@okbank', payeeName: 'The Studio' }, whatsapp: '919876543210' };

/** The studio's names by id, as the page is built with them; the service answers ids. */
const names = {
  service: { recording: 'Recording' },
  room: { 'studio-a': 'Studio A' },
  engineer: { rohan: 'Rohan Mehta' },
};

const facts = {
  reference: 'BK7Q2',
  service: 'recording',
  room: 'studio-a',
  engineer: 'rohan',
  date: '2026-12-01',
  start: '14:00',
  hours: 3,
  depositPaise: 531000,
  totalPaise: 1062000,
  holdUntil: '2026-11-30T12:00:00.000Z',
  status: 'held',
};

function serve(reply: ReturnType<typeof answer>) {
  const asked: string[] = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    asked.push(String(input));
    return reply;
  }) as unknown as typeof fetch;
  return asked;
}

test('the deposit, the hold’s deadline in India time and a UPI link for the deposit', async () => {
  window.history.replaceState(null, '', '/book/held?reference=BK7Q2');
  const asked = serve(answer(facts));
  render(<BookingHeld payTo={payTo} names={names} />);
  expect(await screen.findByText('₹5,310')).toBeInTheDocument();
  expect(screen.getByText('Held: waiting for the deposit')).toBeInTheDocument();
  expect(screen.getByText('Studio A')).toBeInTheDocument();
  expect(screen.getByText('Rohan Mehta')).toBeInTheDocument();
  expect(asked).toEqual(['http://localhost/api/bookings/held/BK7Q2']);
  expect(screen.getByText('Tue 1 Dec, 2 pm, 3 hours')).toBeInTheDocument();
  expect(screen.getByText('₹10,620')).toBeInTheDocument();
  // 12:00 UTC is 5:30 pm in India.
  expect(screen.getByText('Mon 30 Nov 2026, 5:30pm IST')).toBeInTheDocument();
  // The way to the deposit's page (its QR and the UTR form), and a UPI app's link at once.
  expect(screen.getByRole('link', { name: 'Pay the deposit and send your UTR' }).getAttribute('href')).toBe(
    '/book/deposit?reference=BK7Q2',
  );
  const pay = screen.getByRole('link', { name: 'Or open a UPI app now' });
  expect(pay.getAttribute('href')).toMatch(
    /^upi:\/\/pay\?pa=studio@okbank&pn=The%20Studio&am=5310\.00&cu=INR&tn=Deposit%20BK7Q2&tr=BK7Q2$/,
  );
  expect(
    screen.getByText(/Pay the deposit of ₹5,310 by UPI before Mon 30 Nov 2026, 5:30pm IST, with BK7Q2/),
  ).toBeInTheDocument();
});

test('a booking no longer held: its state, and no way to pay', async () => {
  window.history.replaceState(null, '', '/book/held?reference=BK7Q2');
  serve(answer({ ...facts, status: 'lapsed' }));
  render(<BookingHeld payTo={payTo} names={names} />);
  expect(await screen.findByText(/Lapsed: the deposit did not arrive in time/)).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Or open a UPI app now' })).toBeNull();
  expect(screen.queryByRole('link', { name: 'Pay the deposit and send your UTR' })).toBeNull();
});

test('a reference the service does not know: its words', async () => {
  window.history.replaceState(null, '', '/book/held?reference=NOPE');
  serve(answer({ message: 'No booking has that reference.' }, 404));
  render(<BookingHeld payTo={payTo} names={names} />);
  expect(await screen.findByText('No booking has that reference.')).toBeInTheDocument();
});

test('no reference in the address: where to find the booking', async () => {
  window.history.replaceState(null, '', '/book/held');
  const asked = serve(answer(facts));
  render(<BookingHeld payTo={payTo} names={names} />);
  expect(await screen.findByText(/This page shows a booking from the link that opened it/)).toBeInTheDocument();
  expect(asked).toEqual([]);
});
