import { act, render, screen } from '@testing-library/react';
import { NextSession } from '@/components/calendar/next-session';
import { Countdown } from '@/components/ui/countdown';
import type { Session } from '@/lib/calendar';
import { COUNTDOWN_START_SECONDS } from '@/lib/countdown';
import { indiaLabel, indiaTimeToMs } from '@/lib/india-time';

const value = (unit: string) => document.querySelector(`[data-unit="${unit}"]`)?.textContent;
const shown = () => ['days', 'hours', 'minutes', 'seconds'].map(value).join(':');
const LAUNCHED = 'We have launched!';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('Countdown', () => {
  it('counts down to the real moment, stops at zero, then says the launch has happened', () => {
    const at = indiaTimeToMs('2027-01-01 10:00');
    jest.setSystemTime(at - 3_000);
    render(
      <Countdown target={{ kind: 'moment', atMs: at }} initialSeconds={86_400} label="Launch" doneText={LAUNCHED} />,
    );
    // The page's build-time value gives way to the real time left at once.
    expect(shown()).toBe('00:00:00:03');
    act(() => jest.advanceTimersByTime(1_000));
    expect(shown()).toBe('00:00:00:02');
    expect(screen.queryByText(LAUNCHED)).toBeNull();
    act(() => jest.advanceTimersByTime(5_000));
    expect(shown()).toBe('00:00:00:00');
    expect(screen.getByText(LAUNCHED)).toBeInTheDocument();
    expect(jest.getTimerCount()).toBe(0);
  });

  it('says the launch has happened when the moment passed before the visit', () => {
    const at = indiaTimeToMs('2027-01-01 10:00');
    jest.setSystemTime(at + 86_400_000);
    render(<Countdown target={{ kind: 'moment', atMs: at }} initialSeconds={10} label="Launch" doneText={LAUNCHED} />);
    expect(shown()).toBe('00:00:00:00');
    expect(screen.getByText(LAUNCHED)).toBeInTheDocument();
    expect(jest.getTimerCount()).toBe(0);
  });

  it('without a moment, counts the spec span from the visit', () => {
    render(
      <Countdown
        target={{ kind: 'span', seconds: COUNTDOWN_START_SECONDS }}
        initialSeconds={COUNTDOWN_START_SECONDS}
        label="Launch"
        doneText="We are live"
      />,
    );
    expect(shown()).toBe('30:12:45:20');
    act(() => jest.advanceTimersByTime(61_000));
    expect(shown()).toBe('30:12:44:19');
  });
});

describe('NextSession', () => {
  const session = (start: string): Session => {
    const startMs = indiaTimeToMs(start);
    return { startMs, endMs: startMs + 7_200_000, label: indiaLabel(startMs) };
  };
  const sessions = [session('2027-01-08 14:00'), session('2027-01-15 14:00')];

  it('shows the next session, and drops sessions that started since the build', () => {
    jest.setSystemTime(indiaTimeToMs('2027-01-08 15:00'));
    render(<NextSession sessions={sessions} heading="Next session:" details="2 hours, live online" />);
    expect(screen.getByTestId('next-session')).toHaveTextContent('Fri 15 Jan 2027, 2pm IST');
    expect(screen.getByTestId('next-session')).toHaveAttribute('datetime', '2027-01-15T08:30:00.000Z');
  });

  it('shows nothing once every session has started', () => {
    jest.setSystemTime(indiaTimeToMs('2027-02-01 10:00'));
    const { container } = render(<NextSession sessions={sessions} heading="Next session:" details="2 hours" />);
    expect(container).toBeEmptyDOMElement();
  });
});
