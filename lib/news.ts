import type { NewsItem } from '@/content/news';

const IST_OFFSET_MS = 5.5 * 3_600_000;

/**
 * What a news item's date means, the one rule the pages, the browser's news panel and the launch
 * check share (and the WordPress field's help text says): the day the news is about, past or
 * upcoming. A published item shows at once, whatever its date (an upcoming workshop is news), and
 * stays until NEWS_SHOWN_DAYS after its date; then it leaves the site by itself.
 */
export const NEWS_SHOWN_DAYS = 90;

/** The day in India at `ms`, as YYYY-MM-DD. Safe in the browser. */
export function indiaDay(ms: number): string {
  return new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The last day (YYYY-MM-DD) an item dated `date` shows. */
export function newsLastDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + NEWS_SHOWN_DAYS * 86_400_000).toISOString().slice(0, 10);
}

/** The news shown on `day` (YYYY-MM-DD), in their order: every item up to NEWS_SHOWN_DAYS after its date. */
export function currentNews<T extends Pick<NewsItem, 'date'>>(items: readonly T[], day: string): T[] {
  return items.filter((item) => newsLastDay(item.date) >= day);
}
