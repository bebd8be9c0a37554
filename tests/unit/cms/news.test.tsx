/**
 * One rule for news dates (lib/news.ts), shared by the build, the browser's panel and the launch
 * check: a published item shows whatever its date, and leaves 90 days after it.
 */
import { act, render, screen } from '@testing-library/react';
import { NewsPanel } from '@/components/institute/news-panel';
import { currentNews, indiaDay, NEWS_SHOWN_DAYS, newsLastDay } from '@/lib/news';

const items = [
  { date: '2026-11-20', title: 'Workshop last week', text: 'Done.' },
  { date: '2026-11-24', title: 'Demo class today', text: 'Come by.', link: '/query' },
  { date: '2026-12-05', title: 'Admissions for January', text: 'Open.', link: 'https://example.com/admissions' },
];
const more = { label: 'MORE', href: '/query', hint: 'Ask us' };

describe('dated news', () => {
  afterEach(() => jest.useRealTimers());

  it("counts days in India's time: 20:00 UTC is already the next day there", () => {
    expect(indiaDay(Date.parse('2026-11-23T20:00:00Z'))).toBe('2026-11-24');
    expect(indiaDay(Date.parse('2026-11-23T18:00:00Z'))).toBe('2026-11-23');
  });

  it('shows every published item, past, today or upcoming, until 90 days after its date', () => {
    const november = [
      { date: '2026-11-20', title: 'Twentieth' },
      { date: '2026-11-25', title: 'Twenty-fifth' },
      { date: '2026-11-26', title: 'Today' },
      { date: '2026-12-05', title: 'Upcoming' },
    ];
    expect(currentNews(november, '2026-11-26').map((n) => n.title)).toEqual([
      'Twentieth',
      'Twenty-fifth',
      'Today',
      'Upcoming',
    ]);
    expect(NEWS_SHOWN_DAYS).toBe(90);
    expect(newsLastDay('2026-11-20')).toBe('2027-02-18');
    expect(currentNews(november, '2027-02-18').map((n) => n.title)).toEqual([
      'Twentieth',
      'Twenty-fifth',
      'Today',
      'Upcoming',
    ]);
    expect(currentNews(november, '2027-02-19').map((n) => n.title)).toEqual(['Twenty-fifth', 'Today', 'Upcoming']);
  });

  it('shows the same items in the browser, hides what left after the build, and says so when nothing is left', async () => {
    jest.useFakeTimers({ now: Date.parse('2026-11-24T06:00:00Z') });
    const { rerender } = render(<NewsPanel instituteName="The Institute" items={items} more={more} />);
    await act(async () => undefined);
    expect(screen.getByText('Workshop last week')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Demo class today' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Read more about Demo class today' }).getAttribute('href')).toBe('/query');
    expect(
      screen
        .getByRole('link', { name: 'Read more about Admissions for January (opens in a new tab)' })
        .getAttribute('rel'),
    ).toBe('noopener noreferrer');

    jest.setSystemTime(Date.parse('2027-03-06T06:00:00Z'));
    rerender(<NewsPanel key="next-visit" instituteName="The Institute" items={items} more={more} />);
    await act(async () => undefined);
    expect(screen.queryAllByTestId('news-item')).toHaveLength(0);
    expect(screen.getByText(/No news right now/)).toBeTruthy();
  });
});
