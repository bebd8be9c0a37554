/**
 * Dated news leave the page: at build (the page passes only current items) and in the browser,
 * where an item whose date passed after the build is hidden once the panel's script runs.
 */
import { act, render, screen } from '@testing-library/react';
import { NewsPanel } from '@/components/institute/news-panel';
import { currentNews, indiaDay } from '@/lib/news';

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

  it('keeps an item through its own date', () => {
    expect(currentNews(items, '2026-11-24').map((n) => n.title)).toEqual([
      'Demo class today',
      'Admissions for January',
    ]);
  });

  it('hides in the browser what passed after the build, and says so when nothing is left', async () => {
    jest.useFakeTimers({ now: Date.parse('2026-11-24T06:00:00Z') });
    const { rerender } = render(<NewsPanel instituteName="The Institute" items={items} more={more} />);
    await act(async () => undefined);
    expect(screen.queryByText('Workshop last week')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Demo class today' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Read more about Demo class today' }).getAttribute('href')).toBe('/query');
    expect(
      screen
        .getByRole('link', { name: 'Read more about Admissions for January (opens in a new tab)' })
        .getAttribute('rel'),
    ).toBe('noopener noreferrer');

    jest.setSystemTime(Date.parse('2027-01-01T06:00:00Z'));
    rerender(<NewsPanel key="next-visit" instituteName="The Institute" items={items} more={more} />);
    await act(async () => undefined);
    expect(screen.queryAllByTestId('news-item')).toHaveLength(0);
    expect(screen.getByText(/No news right now/)).toBeTruthy();
  });
});
