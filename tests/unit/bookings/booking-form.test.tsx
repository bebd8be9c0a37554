import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { BookingForm } from '@/components/bookings/booking-form';
import { bookingMessages } from '@/lib/forms/booking';
import { answer, availability, catalogue, firstDay } from './page-fixtures';

/**
 * The booking form as a visitor uses it: the service's free starts once the page is live, a held
 * booking opening /book/held, a time taken meanwhile, the service's field messages, the page
 * without the service's list, the draft kept over a reload and the business part given together.
 */

// A loaded two-core machine can take over a second to send and re-render: waits allow five.
configure({ asyncUtilTimeout: 5000 });

const push = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push }) }));

type Reply = ReturnType<typeof answer> | Error;

/** The service: availability as given, and each booking answered by the next of `replies`. */
function serve(replies: Reply[], list: Reply = answer(availability)) {
  const sent: unknown[] = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (!url.includes('/availability?')) sent.push(JSON.parse(String(init?.body)));
    const reply = url.includes('/availability?') ? list : replies.shift();
    if (!reply || reply instanceof Error) throw reply ?? new Error('no answer');
    return reply;
  }) as unknown as typeof fetch;
  return sent;
}

const choose = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const type = choose;

async function pickTime() {
  // Once the service's list is here, the day is a choice among the days with a free start.
  await waitFor(() => expect(screen.getByLabelText(/^Day/).tagName).toBe('SELECT'));
  choose(/^Service/, 'recording');
  choose(/^Room/, 'studio-a');
  expect(screen.getByRole('option', { name: 'Tue 1 Dec (2 free starts)' })).toBeInTheDocument();
  choose(/^Day/, '2026-12-01');
  choose(/^Start/, '14:00');
  choose(/^Hours/, '3');
}

function fillPerson() {
  type(/^Name/, 'Asha Rao');
  type(/^Email/, 'asha@example.com');
  type(/^Phone/, '9876543210');
}

const send = () => fireEvent.click(screen.getByRole('button', { name: bookingMessages.submit }));

beforeEach(() => {
  sessionStorage.clear();
  push.mockClear();
});

test('a free start from the service, sent, opens the held page with the reference', async () => {
  const sent = serve([
    answer(
      {
        reference: 'BK7Q2',
        depositPaise: 531000,
        totalPaise: 1062000,
        holdUntil: '2026-11-30T12:00:00Z',
        engineer: 'rohan',
      },
      201,
    ),
  ]);
  render(<BookingForm catalogue={catalogue} labelledBy="h" minFillMs={0} />);
  await pickTime();
  // Any engineer of Studio A (Rohan) and the room are both free at 10 am and 2 pm only.
  const starts = within(screen.getByLabelText(/^Start/))
    .getAllByRole('option')
    .map((o) => o.textContent);
  expect(starts).toEqual(['-- Select --', '10 am', '2 pm']);
  // The second day has no engineer of Studio A free: it is not offered.
  expect(screen.queryByRole('option', { name: /Wed 2 Dec/ })).toBeNull();
  // 3 hours of Studio A (₹1,500) with Rohan (₹800): ₹6,900, with 18% GST ₹8,142, half of it now.
  const price = screen.getByRole('region', { name: 'Price' });
  expect(price).toHaveTextContent('Total with GST₹8,142');
  expect(price).toHaveTextContent('Deposit to pay now (50%)₹4,071');
  fillPerson();
  send();
  await waitFor(() => expect(push).toHaveBeenCalledWith('/book/held?reference=BK7Q2'));
  expect(sent).toEqual([
    {
      service: 'recording',
      room: 'studio-a',
      engineer: 'any',
      date: '2026-12-01',
      start: '14:00',
      hours: '3',
      name: 'Asha Rao',
      email: 'asha@example.com',
      phone: '9876543210',
    },
  ]);
});

test('any engineer of a room with two: the price as the range over its engineers', async () => {
  serve([]);
  render(<BookingForm catalogue={catalogue} labelledBy="h" minFillMs={0} />);
  await waitFor(() => expect(screen.getByLabelText(/^Day/).tagName).toBe('SELECT'));
  expect(screen.queryByRole('region', { name: 'Price' })).toBeNull();
  choose(/^Room/, 'studio-b');
  // 2 hours of Studio B (₹1,000) with Rohan (₹800) or Meera (₹1,000): ₹3,600 or ₹4,000 before GST.
  expect(screen.getByRole('region', { name: 'Price' })).toHaveTextContent('Total with GST₹4,248 to ₹4,720');
  choose(/^Engineer/, 'meera');
  expect(screen.getByRole('region', { name: 'Price' })).toHaveTextContent('Total with GST₹4,720');
});

test('a time taken meanwhile: the message, the day’s new free starts, and everything else kept', async () => {
  const now = { ...firstDay, rooms: { ...firstDay.rooms, 'studio-a': ['10:00'] } };
  serve([answer({ error: 'That time was just taken.', day: now }, 409)]);
  render(<BookingForm catalogue={catalogue} labelledBy="h" minFillMs={0} />);
  await pickTime();
  fillPerson();
  send();
  const start = screen.getByLabelText(/^Start/);
  await waitFor(() => expect(start).toHaveAccessibleDescription('That time was just taken.'));
  expect(start).toHaveValue('');
  expect(
    within(start)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['-- Select --', '10 am']);
  // Focus is on the form's outcome, which points back at the messages.
  expect(document.activeElement).toHaveTextContent(bookingMessages.failed);
  expect(screen.getByLabelText(/^Name/)).toHaveValue('Asha Rao');
  expect(screen.getByLabelText(/^Hours/)).toHaveValue('3');
  expect(push).not.toHaveBeenCalled();
});

test('the service’s field messages show beside their fields', async () => {
  serve([
    answer(
      { message: 'Check the booking.', errors: { date: 'That day is closed.', gstin: 'Not a valid GSTIN.' } },
      400,
    ),
  ]);
  render(<BookingForm catalogue={catalogue} labelledBy="h" minFillMs={0} />);
  await pickTime();
  fillPerson();
  type(/^GSTIN/, '27aapfu0939f1zv'); // a valid GSTIN, typed in lower case
  type(/^Legal name/, 'Blue Label LLP');
  type(/^Address/, '12 Hill Road, Mumbai');
  send();
  await waitFor(() => expect(screen.getByLabelText(/^Day/)).toHaveAccessibleDescription(/That day is closed\./));
  expect(screen.getByLabelText(/^GSTIN/)).toHaveAccessibleDescription('Not a valid GSTIN.');
  expect(screen.getByLabelText(/^GSTIN/)).toHaveValue('27AAPFU0939F1ZV');
  expect(document.activeElement).toHaveTextContent(bookingMessages.failed);
});

test('a GSTIN with a wrong check character, or a business part given in part, is refused before sending', async () => {
  const sent = serve([]);
  render(<BookingForm catalogue={catalogue} labelledBy="h" minFillMs={0} />);
  await pickTime();
  fillPerson();
  type(/^GSTIN/, '27AAPFU0939F1ZV');
  send();
  await waitFor(() =>
    expect(screen.getByLabelText(/^Legal name/)).toHaveAccessibleDescription(bookingMessages.business),
  );
  expect(sent).toEqual([]);
});

test('without the service’s list: a date field and the working hours’ starts', async () => {
  serve([], new Error('offline'));
  render(<BookingForm catalogue={catalogue} labelledBy="h" minFillMs={0} />);
  await waitFor(() => expect(globalThis.fetch).toHaveBeenCalled());
  expect(screen.getByLabelText(/^Day/)).toHaveAttribute('type', 'date');
  const starts = within(screen.getByLabelText(/^Start/))
    .getAllByRole('option')
    .map((o) => o.textContent);
  // 10 am to 8 pm: the two hours of the minimum still fit before 10 pm.
  expect(starts).toEqual([
    '-- Select --',
    ...['10 am', '11 am', '12 pm'],
    ...[1, 2, 3, 4, 5, 6, 7, 8].map((h) => `${h} pm`),
  ]);
});

test('a day typed before the list came, with no free start, stays chosen and says so', async () => {
  const slow: { release?: () => void } = {};
  serve([], answer(availability));
  const listed = globalThis.fetch;
  globalThis.fetch = jest.fn(
    (input: RequestInfo | URL, init?: RequestInit) =>
      new Promise((resolve) => {
        slow.release = () => resolve(listed(input, init));
      }),
  ) as unknown as typeof fetch;
  render(<BookingForm catalogue={catalogue} labelledBy="h" minFillMs={0} />);
  choose(/^Room/, 'studio-a');
  choose(/^Day/, '2026-12-25');
  await waitFor(() => expect(slow.release).toBeDefined());
  slow.release?.();
  await waitFor(() => expect(screen.getByLabelText(/^Day/).tagName).toBe('SELECT'));
  expect(screen.getByLabelText(/^Day/)).toHaveValue('2026-12-25');
  expect(screen.getByRole('option', { name: 'Fri 25 Dec (no free start)' })).toBeInTheDocument();
  expect(within(screen.getByLabelText(/^Start/)).getAllByRole('option')).toHaveLength(1);
});

test('what was typed is kept over a reload of the page', async () => {
  serve([]);
  const first = render(<BookingForm catalogue={catalogue} labelledBy="h" minFillMs={0} />);
  await pickTime();
  type(/^Name/, 'Asha Rao');
  first.unmount();
  render(<BookingForm catalogue={catalogue} labelledBy="h" minFillMs={0} />);
  await waitFor(() => expect(screen.getByLabelText(/^Name/)).toHaveValue('Asha Rao'));
  await waitFor(() => expect(screen.getByLabelText(/^Start/)).toHaveValue('14:00'));
  expect(screen.getByLabelText(/^Room/)).toHaveValue('studio-a');
});
